/**
 * Sync's usage (spec 001 §9: ccu 0.05, net 1.2), recorded into its declared meters so billing prices it: `ccu`, the
 * day's peak of concurrent users (each new high of the app's connected players adds what it rose by, so a day's
 * total is its peak), and `net`, every byte the relay took in and gave out (kept in memory, recorded every few
 * seconds and when a room closes).
 */
import { usync } from '../../../resources/usync';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange, type DayRange } from '../../engine/day-range';
import { recordPeak, recordUsage, USAGE_ZONE, usageByDay } from '../../usage';
import { runtimeOf, seatsOf, SERVICE } from './models';

const [CCU, NET] = usync.meters!.map((m) => m.meter);

/**
 * The app's players connected now, on every instance (their seats as stored), recorded as the day's peak when above
 * the one recorded.
 */
export async function notePeak(ctx: Ctx, appId: string): Promise<void> {
  const connected = await seatsOf(ctx).count(appId, { status: 'connected' });
  await recordPeak(ctx.db, runtimeOf(ctx).peaks, SERVICE, CCU, appId, connected);
}

export function addBytes(ctx: Ctx, appId: string, n: number): void {
  const { bytes } = runtimeOf(ctx);
  bytes.set(appId, (bytes.get(appId) ?? 0) + n);
}

/** Records the bytes relayed since the last time, per app. */
export async function flushUsage(ctx: Ctx): Promise<void> {
  const { bytes } = runtimeOf(ctx);
  const pending = [...bytes];
  bytes.clear();
  for (const [appId, n] of pending) if (n > 0) await recordUsage(ctx.db, appId, SERVICE, NET, n);
}

/** The calendar days a usage call reads (`from`/`to`, in the usage zone). */
export const USAGE_DAYS = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: '/from' };

/**
 * The app's billed Sync usage over days `first`..`last` (bytes still in memory recorded first): each day's peak and
 * bytes, the range's highest peak and its bytes.
 */
export async function usageOver(ctx: Ctx, appId: string, range: Pick<DayRange, 'first' | 'last' | 'days'>) {
  await flushUsage(ctx);
  const rows = await usageByDay(ctx.db, SERVICE, appId, { start: range.first, end: range.last });
  const of = (day: string, meter: string) => rows.find((x) => x.day === day && x.meter === meter)?.total ?? 0;
  const days = range.days.map((day) => ({ day, ccu: of(day, CCU), netBytes: of(day, NET) }));
  return { from: range.first, to: range.last, ccu: Math.max(0, ...days.map((d) => d.ccu)), netBytes: days.reduce((s, d) => s + d.netBytes, 0), days };
}

type Q = { from?: string; to?: string };

export function usageCallHandlers(ctx: Ctx): CallHandlers {
  const over = (call: { scopeId: string; input: unknown }) => {
    const q = call.input as Q;
    return usageOver(ctx, call.scopeId, dayRange(q.from, q.to, USAGE_DAYS));
  };
  return {
    usage: (call) => over(call),
    dailyUsage: async (call) => {
      const { days } = await over(call);
      return { total: days.length, days };
    },
  };
}
