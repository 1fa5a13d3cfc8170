import type { FastifyBaseLogger } from 'fastify';
import type { AlertBody } from '../../resources/ops-api';
import type { Queryable } from '../db';

/** How long one webhook may take before it is given up. */
export const WEBHOOK_TIMEOUT_MS = 5000;

/** The webhooks of the chat-group monitors that watch this app or every app. */
export async function webhooksFor(db: Queryable, appId: string): Promise<{ id: string; url: string }[]> {
  const res = await db.query<{ id: string; webhook_url: string }>(
    'SELECT id, webhook_url FROM chat_group_monitors WHERE app_id = $1 OR app_id IS NULL ORDER BY created_at',
    [appId],
  );
  return res.rows.map((r) => ({ id: r.id, url: r.webhook_url }));
}

/**
 * Posts the alert body to every matching webhook, each on its own with a time limit. Never throws: a failed
 * delivery is logged and the report that caused it has already been stored and answered.
 */
export async function deliverAlert(db: Queryable, log: FastifyBaseLogger, body: AlertBody): Promise<void> {
  let hooks: { id: string; url: string }[];
  try {
    hooks = await webhooksFor(db, body.appId);
  } catch (err) {
    log.warn({ err }, 'chat-group monitors could not be read');
    return;
  }
  const payload = JSON.stringify(body);
  await Promise.all(
    hooks.map(async (hook) => {
      try {
        const res = await fetch(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload,
          redirect: 'manual',
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        await res.body?.cancel();
        if (!res.ok) log.warn({ monitor: hook.id, status: res.status }, 'chat-group webhook refused the alert');
      } catch (err) {
        log.warn({ monitor: hook.id, err }, 'chat-group webhook failed');
      }
    }),
  );
}
