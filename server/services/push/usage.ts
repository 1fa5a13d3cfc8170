/**
 * Push usage and metrics. Billed (spec 001 §9): the day's peak of concurrent connections (`peak-connection`, the
 * usage of a day being its peak: each new high adds what it rose by) and messages (`message`, one per connection or
 * device a send reached). Counted for the metrics (`traffic`, per push app and minute): connects, refused
 * connections, sends, and deliveries by route.
 */
import { push } from '../../../resources/push';
import type { Ctx } from '../../context';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { addCount, counterOf, sumCounts } from '../../engine/counters';
import { dayRange } from '../../engine/day-range';
import { recordPeak, recordUsage, USAGE_ZONE, usageByApp, usageByDay } from '../../usage';
import { runtimeOf, SERVICE } from './runtime';

const [PEAK, MESSAGE] = push.meters!.map((m) => m.meter);
export const METERS = { peak: PEAK, message: MESSAGE } as const;
const traffic = counterOf(push, 'traffic');
const RANGE = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: '/from' };

export type TrafficEvent = 'connect' | 'refused' | 'send' | 'online' | 'webpush' | 'apns' | 'fcm' | 'failed' | 'pruned';

export async function countTraffic(ctx: Ctx, appId: string, pushAppId: string, event: TrafficEvent, n = 1): Promise<void> {
  if (n > 0) await addCount(ctx.db, traffic, appId, { pushApp: pushAppId, event }, { n });
}

/** Messages delivered: billed, and counted for the push app's metrics by route. */
export async function countDelivered(ctx: Ctx, appId: string, pushAppId: string, route: TrafficEvent, n: number): Promise<void> {
  if (n <= 0) return;
  await recordUsage(ctx.db, appId, SERVICE, METERS.message, n);
  await countTraffic(ctx, appId, pushAppId, route, n);
}

/**
 * The app's connections now on this instance (all its push apps), recorded as the day's peak when higher than the
 * peak recorded so far (read once a day from the usage, then kept here).
 */
export async function notePeak(ctx: Ctx, appId: string, _pushAppId: string, _n: number): Promise<void> {
  const rt = runtimeOf(ctx);
  await recordPeak(ctx.db, rt.peaks, SERVICE, METERS.peak, appId, rt.hub.connections().filter((c) => c.appId === appId).length);
}

type Q = { from?: string; to?: string; k?: number };
const appsOf = (call: CallInput) => (call.actor.startsWith('admin:') ? undefined : call.scopeId);

export function usageCallHandlers(ctx: Ctx): CallHandlers {
  const perApp = async (call: CallInput) => {
    const q = call.input as Q;
    const r = dayRange(q.from, q.to, RANGE);
    const rows = await usageByApp(ctx.db, SERVICE, appsOf(call), { start: r.first, end: r.last });
    const apps = new Map<string, { appId: string; peakConnections: number; messages: number }>();
    for (const row of rows) {
      const a = apps.get(row.appId) ?? { appId: row.appId, peakConnections: 0, messages: 0 };
      if (row.meter === METERS.message) a.messages += row.total;
      if (row.meter === METERS.peak) a.peakConnections = Math.max(a.peakConnections, row.total);
      apps.set(row.appId, a);
    }
    return { r, apps: [...apps.values()] };
  };
  return {
    'apps.usage': async (call) => {
      const q = call.input as Q;
      const r = dayRange(q.from, q.to, RANGE);
      const rows = await usageByDay(ctx.db, SERVICE, call.scopeId, { start: r.first, end: r.last });
      const items = r.days.map((date) => ({
        date,
        peakConnections: rows.find((x) => x.day === date && x.meter === METERS.peak)?.total ?? 0,
        messages: rows.find((x) => x.day === date && x.meter === METERS.message)?.total ?? 0,
      }));
      return { from: r.first, to: r.last, peakConnections: Math.max(0, ...items.map((i) => i.peakConnections)), messages: items.reduce((s, i) => s + i.messages, 0), items };
    },
    'apps.usageSum': async (call) => {
      const { r, apps } = await perApp(call);
      return { from: r.first, to: r.last, peakConnections: Math.max(0, ...apps.map((a) => a.peakConnections)), messages: apps.reduce((s, a) => s + a.messages, 0), apps: apps.length };
    },
    'apps.usageTopk': async (call) => {
      const { apps } = await perApp(call);
      const k = (call.input as Q).k ?? 10;
      return { items: apps.sort((a, b) => b.messages - a.messages || b.peakConnections - a.peakConnections || a.appId.localeCompare(b.appId)).slice(0, k) };
    },
    'apps.metrics': async (call) => {
      const q = call.input as Q;
      const r = dayRange(q.from, q.to, { ...RANGE, defaultDays: 1, maxDays: 31 });
      const pushAppId = String(call.record!.id);
      const sums = await sumCounts(ctx.db, traffic, call.scopeId, { from: r.from, to: r.to, per: 'hour', by: ['event'], where: { pushApp: pushAppId } });
      const hours = new Map<string, Record<string, number | string>>();
      const totals: Record<string, number> = {};
      for (const s of sums) {
        const h = hours.get(s.at!) ?? { at: s.at! };
        h[s.keys.event] = s.n;
        hours.set(s.at!, h);
        totals[s.keys.event] = (totals[s.keys.event] ?? 0) + s.n;
      }
      return { from: r.first, to: r.last, connections: runtimeOf(ctx).hub.count(pushAppId), totals, hours: [...hours.values()] };
    },
  };
}
