import type { InjectOptions } from 'fastify';
import { DEMO_ADMIN, DEMO_USER, type Harness } from './harness';

/** Session cookies: the demo user, the other organisation's owner, and the administrator. */
export interface Sessions {
  user: string;
  other: string;
  admin: string;
}

export async function signInAll(h: Harness): Promise<Sessions> {
  return {
    user: await h.login(DEMO_USER.email, DEMO_USER.password),
    other: await h.login('other@example.com', 'other-password'),
    admin: await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login'),
  };
}

export async function orgOfApp(h: Harness, appId: string): Promise<string> {
  const res = await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [appId]);
  return res.rows[0].org_id;
}

/** A call with an optional session cookie and JSON body. */
export function call(h: Harness, method: InjectOptions['method'], url: string, cookie?: string, payload?: unknown, extra: Partial<InjectOptions> = {}) {
  const headers: Record<string, string> = { ...(extra.headers as Record<string, string> | undefined) };
  if (cookie) headers.cookie = cookie;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return h.req({ ...extra, method, url, headers, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
}

/** The fields a 400 names. */
export const fieldsOf = (body: { details?: { field: string }[] }) => (body.details ?? []).map((d) => d.field);

/** Waits until `check` holds, polling; fails after `limitMs` (a liveness bound, not a measurement). */
export async function waitFor(check: () => boolean, limitMs = 10_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function countRows(h: Harness, table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const res = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
  return Number(res.rows[0].n);
}
