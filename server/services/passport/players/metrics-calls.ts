import type { Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { dayRange, type DayRangeRule } from '../../../engine/day-range';
import { badRequest } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { sumCounts, type Counter, type CountSum } from '../../../engine/counters';
import { USAGE_ZONE } from '../../../usage';
import { sketchesByDay } from './dau';
import { hllEstimate, hllMerge } from './hll';
import { callLimit, counters } from './metering';
import { usersModel } from './models';

/** The days a metrics call covers: days of the usage zone, a week up to today by default, at most 90. */
const METRIC_DAYS: DayRangeRule = { zone: USAGE_ZONE, defaultDays: 7, maxDays: 90, field: 'query.start' };
/** Hourly series cover at most this many days. */
export const MAX_HOURLY_DAYS = 7;

/** The days a metrics call's `start` and `end` ask for. */
const daysOf = (q: { start?: string; end?: string }) => dayRange(q.start, q.end, METRIC_DAYS);

const MINUTE = 60_000;
const calls = (rows: CountSum[], key: string) => rows.map((r) => ({ [key]: r.keys[key], calls: r.n }));

/** The behaviour of the call-metrics calls declared in `resources/passport/players-calls.ts`. */
export const metricsHandlers = (ctx: Ctx): CallHandlers => ({
  'metrics.callUsage': async ({ scopeId }) => {
    const minute = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const to = new Date(minute.getTime() + MINUTE);
    const [limit, recent, ops] = await Promise.all([
      callLimit(ctx.db, scopeId),
      sumCounts(ctx.db, counters.calls, scopeId, { from: new Date(minute.getTime() - 59 * MINUTE), to, per: 'minute' }),
      sumCounts(ctx.db, counters.operationCalls, scopeId, { from: minute, to, by: ['operation'], largest: 'n' }),
    ]);
    const now = recent.find((r) => r.at === minute.toISOString())?.n ?? 0;
    const served = ops.reduce((s, r) => s + r.n, 0);
    return {
      limit,
      minute: minute.toISOString(),
      calls: now,
      served,
      refused: Math.max(0, now - served),
      remaining: Math.max(0, limit - now),
      operations: calls(ops, 'operation'),
      recent: recent.map((r) => ({ minute: r.at, calls: r.n })),
    };
  },
  'metrics.operations': async ({ scopeId, input }) => {
    const q = input as { start?: string; end?: string; interval: 'hour' | 'day'; operation?: string };
    const range = daysOf(q);
    if (q.interval === 'hour' && range.days.length > MAX_HOURLY_DAYS) {
      throw badRequest([{ field: 'query.interval', message: `the range may span at most ${MAX_HOURLY_DAYS} days` }]);
    }
    const rows = await sumCounts(ctx.db, counters.operationCalls, scopeId, { ...range, per: q.interval, by: ['operation'], where: { operation: q.operation } });
    const series = rows.map((r) => ({ time: r.at!, operation: r.keys.operation, calls: r.n }));
    const operations = await sumCounts(ctx.db, counters.operationCalls, scopeId, { ...range, by: ['operation'], where: { operation: q.operation }, largest: 'n' });
    return { start: range.first, end: range.last, interval: q.interval, total: series.reduce((s, r) => s + r.calls, 0), operations: calls(operations, 'operation'), series };
  },
  'metrics.topk': async ({ scopeId, input }) => {
    const q = input as { start?: string; end?: string; by: 'operation' | 'player'; k: number };
    const key = q.by;
    const rows = await sumCounts(ctx.db, key === 'operation' ? counters.operationCalls : counters.playerCalls, scopeId, { ...daysOf(q), by: [key], largest: 'n', limit: q.k });
    const names =
      key === 'player'
        ? new Map((await records(ctx.db, usersModel).find(scopeId, { where: { id: { $in: rows.map((r) => r.keys.player) } } })).map((u) => [u.id, String(u.name)]))
        : new Map<unknown, string>();
    return { by: key, items: rows.map((r) => ({ key: r.keys[key], name: names.get(r.keys[key]) ?? null, calls: r.n })) };
  },
  'metrics.aggregation': async ({ scopeId, input }) => {
    const range = daysOf(input as { start?: string; end?: string });
    const perDay = async (c: Counter) => new Map((await sumCounts(ctx.db, c, scopeId, { ...range, per: 'day' })).map((r) => [r.day!, r.n]));
    const [sketches, signIns, newUsers] = await Promise.all([sketchesByDay(ctx.db, scopeId, range.first, range.last), perDay(counters.signIns), perDay(counters.newUsers)]);
    const days = range.days.map((day) => ({
      day,
      dau: sketches.has(day) ? hllEstimate(sketches.get(day)!) : 0,
      newUsers: newUsers.get(day) ?? 0,
      signIns: signIns.get(day) ?? 0,
    }));
    return {
      start: range.first,
      end: range.last,
      days,
      totals: {
        activeUsers: hllEstimate(hllMerge([...sketches.values()])),
        newUsers: days.reduce((s, d) => s + d.newUsers, 0),
        signIns: days.reduce((s, d) => s + d.signIns, 0),
      },
    };
  },
});
