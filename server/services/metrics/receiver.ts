/**
 * The metrics receiver's calls: the app's information (what it shares: each enabled service that meters usage, with
 * its last 30 days), cached per app until `clear-cache` or a change of its bindings drops it. A user calling from
 * the console (the credential with the user's session) must be bound to a role, or manage the organisation; clearing
 * needs the analyst role (or managing). The app's own credential alone is the app itself.
 */
import { LRUCache } from 'lru-cache';
import { metrics } from '../../../resources/metrics';
import { canManage } from '../../../resources/org-api';
import { services } from '../../../resources';
import type { Ctx } from '../../context';
import { sessionAccount } from '../../auth/principal';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { dayRange } from '../../engine/day-range';
import { forbidden } from '../../engine/errors';
import { modelOf } from '../../context';
import { records } from '../../engine/query';
import { findApp } from '../../platform/apps';
import { roleIn } from '../../platform/org/access';
import { usageTotals, USAGE_ZONE } from '../../usage';

const cache = new LRUCache<string, Record<string, unknown>>({ max: 5000, ttl: 10 * 60_000 });
export const forgetAppInfo = (appId: string) => cache.delete(appId);

/** May the caller see (or, `clear`, clear) the app's shared metrics? */
async function allow(ctx: Ctx, call: CallInput, clear: boolean): Promise<void> {
  if (!call.actor.startsWith('user:')) return;
  const user = await sessionAccount(ctx.db, call.req, 'user');
  const app = await findApp(ctx.db, call.scopeId);
  if (!user || !app) throw forbidden();
  if (canManage(await roleIn(ctx.db, app.OrganizationId, user.id))) return;
  const bound = await records(ctx.db, modelOf(ctx, metrics.name, 'bindings')).first(call.scopeId, { where: { accountId: user.id } });
  if (!bound || (clear && bound.role !== 'analyst')) throw forbidden("not allowed to see this app's shared metrics");
}

async function appInfo(ctx: Ctx, appId: string) {
  const app = (await findApp(ctx.db, appId))!;
  const r = dayRange(undefined, undefined, { zone: USAGE_ZONE, defaultDays: 30, maxDays: 30, field: '/' });
  const metered = services.filter((s) => s.meters?.length && app.Services[s.name]?.Status === 'Enabled');
  const shared = await Promise.all(
    metered.map(async (s) => {
      const totals = await usageTotals(ctx.db, s.name, appId, { start: r.first, end: r.last });
      return { service: s.name, meters: s.meters!.map((m) => ({ meter: m.meter, quantity: totals[m.meter] ?? 0 })) };
    }),
  );
  const viewers = await records(ctx.db, modelOf(ctx, metrics.name, 'bindings')).count(appId);
  return { appId, projectName: app.ProjectName, organizationId: app.OrganizationId, shared, viewers, computedAt: new Date().toISOString() };
}

export const receiverCalls = (ctx: Ctx): CallHandlers => ({
  'app-info': async (call) => {
    await allow(ctx, call, false);
    const known = cache.get(call.scopeId);
    if (known) return known;
    const info = await appInfo(ctx, call.scopeId);
    cache.set(call.scopeId, info);
    return info;
  },
  'clear-cache': async (call) => {
    await allow(ctx, call, true);
    return { cleared: cache.delete(call.scopeId) };
  },
});
