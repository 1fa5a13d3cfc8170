import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange, type DayRange } from '../../engine/day-range';
import { USAGE_ZONE } from '../../usage';
import { sumCounts, type CountQuery } from '../../engine/counters';
import { DELIVERIES, deliveriesOf } from './deliveries';
import { proxyCacheOf } from './proxy-cache';

/** Statistics ranges: by default the last 30 days, at most a year (Asia/Shanghai days, as usage is counted). */
export const STATS_DAYS = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: 'query.start' };

export const rangeOf = (q: { start?: string; end?: string }): DayRange => dayRange(q.start, q.end, STATS_DAYS);

/** Requests and bytes per day (every day of the range, zeros included), for one bucket or all of an app's. */
export async function deliveriesByDay(ctx: Ctx, by: { appId: string; bucketId?: string }, range: DayRange) {
  await deliveriesOf(ctx).flush();
  const sums = await sumCounts(ctx.db, DELIVERIES, by.appId, { from: range.from, to: range.to, per: 'day', where: { bucket: by.bucketId } });
  const byDay = new Map(sums.map((r) => [r.day, r]));
  return range.days.map((date) => ({ date, requests: byDay.get(date)?.n ?? 0, bytes: byDay.get(date)?.amount ?? 0 }));
}

/** The most requested (or downloaded) entries of the range, for one bucket or all of an app's. */
export async function topEntries(db: Queryable, by: { appId: string; bucketId?: string }, range: DayRange, k: number, order: 'requests' | 'bytes' = 'requests') {
  const q: CountQuery = { from: range.from, to: range.to, by: ['bucket', 'path'], where: { bucket: by.bucketId }, largest: order === 'bytes' ? 'amount' : 'n', limit: k };
  return (await sumCounts(db, DELIVERIES, by.appId, q)).map((r) => ({ bucketId: r.keys.bucket, path: r.keys.path, requests: r.n, bytes: r.amount }));
}

/** A bucket's statistics: totals, per day, and its ten most requested entries. */
export async function bucketStatistics(ctx: Ctx, appId: string, bucketId: string, q: { start?: string; end?: string }) {
  const range = rangeOf(q);
  const days = await deliveriesByDay(ctx, { appId, bucketId }, range);
  const entries = await topEntries(ctx.db, { appId, bucketId }, range, 10);
  return {
    start: range.first,
    end: range.last,
    requests: days.reduce((s, d) => s + d.requests, 0),
    bytes: days.reduce((s, d) => s + d.bytes, 0),
    days,
    entries: entries.map(({ path, requests, bytes }) => ({ path, requests, bytes })),
  };
}

export function statisticsCalls(ctx: Ctx): CallHandlers {
  return {
    'buckets.statistics': async (call) => bucketStatistics(ctx, call.scopeId, String(call.record!.id), call.input as { start?: string; end?: string }),
    'buckets.proxyCache': async (call) => {
      const cache = proxyCacheOf(ctx);
      const items = cache.ofBucket(String(call.record!.id));
      return { entries: items.length, bytes: items.reduce((s, i) => s + i.bytes, 0), maxBytes: cache.maxBytes, items };
    },
  };
}

