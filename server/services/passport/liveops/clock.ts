import type { Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import { kindPredicate } from '../../../engine/sql';
import { present } from '../../../engine/store';
import { liveopsAudit, passportModel } from './common';

/** How often the server moves records whose time has come, besides doing it before each call that reads them. */
const SWEEP_MS = 15_000;

/** Calls after which billboards and battle passes are read: their time-driven states are brought up to date first. */
const CLOCK_ROUTES = ['/upass/v1/billboards', '/upass/v1/battle-pass', '/upass/v1/sdk/billboards', '/upass/v1/sdk/battle-pass', '/upass/v1/personas/:id/battle-pass'];

const ACTOR = 'system:schedule';

/**
 * The state changes time makes: a scheduled billboard whose publish time has come is published, and a battle pass
 * whose end has passed is Expired. `now` is the clock (tests pass their own). Each change is written to the
 * operation history.
 */
export async function advanceClock(ctx: Ctx, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const billboards = passportModel(ctx, 'billboards');
  const passes = passportModel(ctx, 'battlePasses');
  const changes = [
    {
      m: billboards,
      to: 'billboardPublished',
      action: 'billboards.go-live',
      when: `status = 'billboardScheduled' AND (data->>'publishAt')::timestamptz <= $1::timestamptz`,
    },
    {
      m: passes,
      to: 'Expired',
      action: 'battlePasses.expire',
      when: `status <> 'Expired' AND (data->>'endTime')::timestamptz <= $1::timestamptz`,
    },
  ];
  let moved = 0;
  for (const c of changes) {
    const res = await ctx.db.query<{ id: string; scope_id: string; from_status: string; status: string; version: number; data: Record<string, unknown>; created_at: Date; updated_at: Date }>(
      `WITH due AS (SELECT id, status AS from_status FROM records WHERE ${kindPredicate(c.m)} AND ${c.when} FOR UPDATE)
       UPDATE records r SET status = $2, version = r.version + 1, updated_at = now()
       FROM due WHERE r.service = $3 AND r.kind = $4 AND r.id = due.id
       RETURNING r.id, r.scope_id, due.from_status, r.status, r.version, r.data, r.created_at, r.updated_at`,
      [at, c.to, c.m.service.name, c.m.res.name],
    );
    for (const row of res.rows) {
      const after = present(c.m, row);
      const before = { ...after, [c.m.res.status!.field]: row.from_status, version: row.version - 1 };
      await liveopsAudit(ctx.db, ACTOR, row.scope_id, c.action, row.id, before, after);
    }
    moved += res.rows.length;
  }
  return moved;
}

/**
 * Keeps time-driven states current: before every call that reads billboards or battle passes (so what a call
 * answers is never behind the clock) and every few seconds while the server runs. The timer stops with the server.
 */
export function startClock(api: Api, ctx: Ctx): void {
  api.app.addHook('preHandler', async (req) => {
    const route = req.routeOptions.url ?? '';
    if (CLOCK_ROUTES.some((p) => route.startsWith(p))) await advanceClock(ctx);
  });
  const timer = setInterval(() => {
    advanceClock(ctx).catch((err: unknown) => api.app.log.error({ err }, 'passport live-ops clock failed'));
  }, SWEEP_MS);
  timer.unref();
  api.app.addHook('onClose', async () => clearInterval(timer));
}
