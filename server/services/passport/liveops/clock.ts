import type { Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import { ALL_SCOPES, records } from '../../../engine/query';
import { liveopsAudit, passportModel } from './common';
import { BASE, SDK } from '../base';

/** How often the server moves records whose time has come, besides doing it before each call that reads them. */
const SWEEP_MS = 15_000;

/** Calls after which billboards and battle passes are read: their time-driven states are brought up to date first. */
const CLOCK_ROUTES = [`${BASE}/billboards`, `${BASE}/battle-pass`, `${SDK}/billboards`, `${SDK}/battle-pass`, `${BASE}/personas/:id/battle-pass`];

const ACTOR = 'system:schedule';

/**
 * The state changes time makes: a scheduled billboard whose publish time has come is published, and a battle pass
 * whose end has passed is Expired. `now` is the clock (tests pass their own). Each change is written to the
 * operation history.
 */
export async function advanceClock(ctx: Ctx, now: Date = new Date()): Promise<number> {
  const billboards = passportModel(ctx, 'billboards');
  const passes = passportModel(ctx, 'battlePasses');
  const changes = [
    {
      m: billboards,
      to: 'billboardPublished',
      action: 'billboards.go-live',
      when: { status: 'billboardScheduled', publishAt: { $lte: now } },
    },
    {
      m: passes,
      to: 'Expired',
      action: 'battlePasses.expire',
      when: { status: { $nin: ['Expired'] }, endTime: { $lte: now } },
    },
  ];
  let moved = 0;
  for (const c of changes) {
    const changed = await records(ctx.db, c.m).update(ALL_SCOPES, c.when, { status: c.to });
    for (const { scopeId, before: was, record: after } of changed) {
      const before = { ...after, [c.m.res.status!.field]: was, version: Number(after.version) - 1 };
      await liveopsAudit(ctx.db, ACTOR, scopeId, c.action, String(after.id), before, after);
    }
    moved += changed.length;
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
