import type { FastifyRequest } from 'fastify';
import { recordOperation } from '../../../audit';
import { ADMIN_APP_HEADERS, basicCredentials } from '../../../auth/principal';
import { modelOf, type Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import type { FieldError } from '../../../engine/errors';
import type { ResourceHooks } from '../../../engine/hooks';
import type { ResourceModel } from '../../../engine/model';
import { ALL_SCOPES, NOW, records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { BASE, SERVICE } from './shared';

/**
 * Entitlements move with time: Pending becomes Active at its start time; Pending, Active or Suspended becomes
 * Expired at its end time. The move is made in the database before any entitlement call reads (for the app it
 * names), on the record a call answers, and once a minute for every app, and each move is in the history.
 */
const SWEEP_MINUTES = 1;

/** Whether a record's status is behind the clock (the same test as `dueSql`). */
export function isDue(r: Data, now = Date.now()): boolean {
  const end = typeof r.endTime === 'string' ? Date.parse(r.endTime) : NaN;
  const start = typeof r.startTime === 'string' ? Date.parse(r.startTime) : NaN;
  return (['Pending', 'Active', 'Suspended'].includes(String(r.status)) && end <= now) || (r.status === 'Pending' && start <= now);
}

const LIVE = ['Pending', 'Active', 'Suspended'];

/** Moves the due entitlements of one app (or of every app, or only the given ids) to the state time gives them. */
export async function sweepEntitlements(ctx: Ctx, which: { appId?: string; ids?: string[] }): Promise<number> {
  const q = records(ctx.db, modelOf(ctx, SERVICE, 'entitlements'));
  const scope = which.appId ?? ALL_SCOPES;
  const ids = which.ids ? { id: { $in: which.ids } } : {};
  const expired = await q.update(scope, { ...ids, status: { $in: LIVE }, endTime: { $lte: NOW } }, { status: 'Expired' });
  const active = await q.update(scope, { ...ids, status: 'Pending', startTime: { $lte: NOW } }, { status: 'Active' });
  for (const moved of [...expired, ...active]) {
    await recordOperation(ctx.db, {
      actor: 'system:entitlement-clock',
      appId: moved.scopeId,
      action: `passport.entitlements.${moved.record.status === 'Expired' ? 'expire' : 'activate'}`,
      target: String(moved.record.id),
      before: { status: moved.before },
      after: moved.record,
    });
  }
  return expired.length + active.length;
}

/** The app a service call names (its credential's app id, or the administrator's app header), unchecked. */
function namedApp(req: FastifyRequest): string | undefined {
  const basic = basicCredentials(req);
  if (basic) return basic.appId;
  const named = req.headers[ADMIN_APP_HEADERS[0]];
  return typeof named === 'string' && named ? named : undefined;
}

/** An entitlement belongs to a user of the app (and to one of that user's personas, when it names one) and ends after it starts. */
export const entitlementHooks: ResourceHooks = {
  validate: async ({ ctx, scopeId, data }) => {
    const errs: FieldError[] = [];
    if (typeof data.endTime === 'string' && Date.parse(data.endTime) <= Date.parse(String(data.startTime))) {
      errs.push({ field: '/endTime', message: 'must be after the start time' });
    }
    const owner = (kind: 'users' | 'personas', id: unknown) => records(ctx.db, modelOf(ctx, SERVICE, kind)).maybe(scopeId, String(id));
    if (!(await owner('users', data.userId))) errs.push({ field: '/userId', message: 'no such user' });
    else if (data.personaId !== undefined && (await owner('personas', data.personaId))?.userId !== data.userId) {
      errs.push({ field: '/personaId', message: 'not a persona of this user' });
    }
    return errs;
  },
  beforePlayerRead: (ctx, appId) => sweepEntitlements(ctx, { appId }),
};

export function mountEntitlements(api: Api, ctx: Ctx): void {
  const m = modelOf(ctx, SERVICE, 'entitlements');
  const prefix = `${BASE}/entitlements`;
  const concerns = (req: FastifyRequest) => req.routeOptions.url === prefix || !!req.routeOptions.url?.startsWith(`${prefix}/`);

  // Sweeping is only bringing records up to the clock, so the app a request names (before its credential is
  // checked) is enough to choose what to sweep; the call itself still checks who asks.
  api.app.addHook('preHandler', async (req) => {
    const appId = concerns(req) ? namedApp(req) : undefined;
    if (appId) await sweepEntitlements(ctx, { appId });
  });
  api.app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    const record = payload as Data | null;
    if (!concerns(req) || !record || typeof record !== 'object' || typeof record.id !== 'string' || !isDue(record)) return payload;
    await sweepEntitlements(ctx, { ids: [record.id] });
    return fresh(ctx, m, record.id) ?? payload;
  });
  const timer = setInterval(() => void sweepEntitlements(ctx, {}).catch(() => undefined), SWEEP_MINUTES * 60_000);
  timer.unref();
  api.app.addHook('onClose', async () => clearInterval(timer));
}

async function fresh(ctx: Ctx, m: ResourceModel, id: string): Promise<Data | undefined> {
  return (await records(ctx.db, m).findEverywhere({ where: { id } }))[0]?.record;
}
