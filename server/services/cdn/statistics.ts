import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange, type DayRange } from '../../engine/day-range';
import { USAGE_ZONE } from '../../usage';
import { deliveriesOf } from './deliveries';
import { proxyCacheOf } from './proxy-cache';

/** Statistics ranges: by default the last 30 days, at most a year (Asia/Shanghai days, as usage is counted). */
export const STATS_DAYS = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: 'query.start' };

export const rangeOf = (q: { start?: string; end?: string }): DayRange => dayRange(q.start, q.end, STATS_DAYS);

type Num = string | number;
const n = (v: Num | null | undefined) => Number(v ?? 0);

/** Requests and bytes per day (every day of the range, zeros included), for one bucket or all of an app's. */
export async function deliveriesByDay(ctx: Ctx, by: { appId: string; bucketId?: string }, range: DayRange) {
  await deliveriesOf(ctx).flush();
  const res = await ctx.db.query<{ day: string; requests: Num; bytes: Num }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(requests) AS requests, sum(bytes) AS bytes FROM cdn_deliveries
      WHERE app_id = $1 AND ($2::text IS NULL OR bucket_id = $2) AND day BETWEEN $3::date AND $4::date GROUP BY day`,
    [by.appId, by.bucketId ?? null, range.first, range.last],
  );
  const byDay = new Map(res.rows.map((r) => [r.day, r]));
  return range.days.map((date) => ({ date, requests: n(byDay.get(date)?.requests), bytes: n(byDay.get(date)?.bytes) }));
}

/** The most requested entries of the range, for one bucket or all of an app's. */
export async function topEntries(db: Queryable, by: { appId: string; bucketId?: string }, range: DayRange, k: number, order: 'requests' | 'bytes' = 'requests') {
  const res = await db.query<{ bucket_id: string; path: string; requests: Num; bytes: Num }>(
    `SELECT bucket_id, path, sum(requests) AS requests, sum(bytes) AS bytes FROM cdn_deliveries
      WHERE app_id = $1 AND ($2::text IS NULL OR bucket_id = $2) AND day BETWEEN $3::date AND $4::date
      GROUP BY bucket_id, path ORDER BY sum(${order === 'bytes' ? 'bytes' : 'requests'}) DESC, path LIMIT $5`,
    [by.appId, by.bucketId ?? null, range.first, range.last, k],
  );
  return res.rows.map((r) => ({ bucketId: r.bucket_id, path: r.path, requests: n(r.requests), bytes: n(r.bytes) }));
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

