import type { Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { dayRange, type DayRangeRule } from '../../../engine/day-range';
import { badRequest } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { lit } from '../../../engine/sql';
import { USAGE_ZONE } from '../../../usage';
import { sketchesByDay } from './dau';
import { hllEstimate, hllMerge } from './hll';
import { callLimit } from './metering';
import { usersModel } from './models';

/** The days a metrics call covers: days of the usage zone, a week up to today by default, at most 90. */
const METRIC_DAYS: DayRangeRule = { zone: USAGE_ZONE, defaultDays: 7, maxDays: 90, field: 'query.start' };
/** Hourly series cover at most this many days. */
export const MAX_HOURLY_DAYS = 7;

/** The days a metrics call's `start` and `end` ask for. */
const daysOf = (q: { start?: string; end?: string }) => dayRange(q.start, q.end, METRIC_DAYS);

/** The minutes of a day range, as SQL bounds on a `minute` column ($2, $3 are the first and last day). */
const minuteRange = `minute >= ($2::date::timestamp AT TIME ZONE '${USAGE_ZONE}') AND minute < (($3::date + 1)::timestamp AT TIME ZONE '${USAGE_ZONE}')`;

/** The behaviour of the call-metrics calls declared in `resources/passport/players-calls.ts`. */
export const metricsHandlers = (ctx: Ctx): CallHandlers => ({
  'metrics.callUsage': async ({ scopeId }) => {
    const [lim, head] = await Promise.all([
      callLimit(ctx.db, scopeId),
      ctx.db.query<{ minute: Date | string; calls: number | null }>(
        `SELECT date_trunc('minute', now()) AS minute,
           (SELECT calls FROM passport_call_window WHERE app_id = $1 AND minute = date_trunc('minute', now())) AS calls`,
        [scopeId],
      ),
    ]);
    const { minute } = head.rows[0];
    const ops = await ctx.db.query<{ operation: string; calls: number }>(
      `SELECT operation, calls FROM passport_operation_calls WHERE app_id = $1 AND minute = $2 ORDER BY calls DESC, operation`,
      [scopeId, minute],
    );
    const recent = await ctx.db.query<{ minute: Date | string; calls: number }>(
      `SELECT minute, calls FROM passport_call_window WHERE app_id = $1 AND minute > $2::timestamptz - interval '60 minutes' ORDER BY minute`,
      [scopeId, minute],
    );
    const calls = Number(head.rows[0].calls ?? 0);
    const served = ops.rows.reduce((s, r) => s + Number(r.calls), 0);
    return {
      limit: Number(lim),
      minute: new Date(minute).toISOString(),
      calls,
      served,
      refused: Math.max(0, calls - served),
      remaining: Math.max(0, Number(lim) - calls),
      operations: ops.rows.map((r) => ({ operation: r.operation, calls: Number(r.calls) })),
      recent: recent.rows.map((r) => ({ minute: new Date(r.minute).toISOString(), calls: Number(r.calls) })),
    };
  },
  'metrics.operations': async ({ scopeId, input }) => {
    const q = input as { start?: string; end?: string; interval: 'hour' | 'day'; operation?: string };
    const range = daysOf(q);
    if (q.interval === 'hour' && range.days.length > MAX_HOURLY_DAYS) {
      throw badRequest([{ field: 'query.interval', message: `the range may span at most ${MAX_HOURLY_DAYS} days` }]);
    }
    const res = await ctx.db.query<{ time: Date | string; operation: string; calls: string | number }>(
      `SELECT (date_trunc(${lit(q.interval)}, minute AT TIME ZONE '${USAGE_ZONE}') AT TIME ZONE '${USAGE_ZONE}') AS time, operation, sum(calls) AS calls
       FROM passport_operation_calls WHERE app_id = $1 AND ${minuteRange} AND ($4::text IS NULL OR operation = $4)
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [scopeId, range.first, range.last, q.operation ?? null],
    );
    const series = res.rows.map((r) => ({ time: new Date(r.time).toISOString(), operation: r.operation, calls: Number(r.calls) }));
    const byOperation = new Map<string, number>();
    for (const s of series) byOperation.set(s.operation, (byOperation.get(s.operation) ?? 0) + s.calls);
    const operations = [...byOperation].map(([operation, calls]) => ({ operation, calls })).sort((a, b) => b.calls - a.calls || a.operation.localeCompare(b.operation));
    return { start: range.first, end: range.last, interval: q.interval, total: series.reduce((s, r) => s + r.calls, 0), operations, series };
  },
  'metrics.topk': async ({ scopeId, input }) => {
    const q = input as { start?: string; end?: string; by: 'operation' | 'player'; k: number };
    const range = daysOf(q);
    const sql =
      q.by === 'operation'
        ? `SELECT operation AS key, NULL AS name, sum(calls) AS calls FROM passport_operation_calls
           WHERE app_id = $1 AND ${minuteRange} GROUP BY operation ORDER BY calls DESC, key LIMIT $4`
        : `SELECT user_id AS key, NULL AS name, sum(calls) AS calls FROM passport_player_calls
           WHERE app_id = $1 AND day >= $2::date AND day <= $3::date GROUP BY user_id ORDER BY calls DESC, key LIMIT $4`;
    const res = await ctx.db.query<{ key: string; name: string | null; calls: string | number }>(sql, [scopeId, range.first, range.last, q.k]);
    const names =
      q.by === 'player'
        ? new Map((await records(ctx.db, usersModel).find(scopeId, { where: { id: { $in: res.rows.map((r) => r.key) } } })).map((u) => [u.id, String(u.name)]))
        : new Map<unknown, string>();
    return { by: q.by, items: res.rows.map((r) => ({ key: r.key, name: names.get(r.key) ?? null, calls: Number(r.calls) })) };
  },
  'metrics.aggregation': async ({ scopeId, input }) => {
    const range = daysOf(input as { start?: string; end?: string });
    const [sketches, daily] = await Promise.all([
      sketchesByDay(ctx.db, scopeId, range.first, range.last),
      ctx.db.query<{ day: string; sign_ins: number; new_users: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, sign_ins, new_users FROM passport_daily WHERE app_id = $1 AND day >= $2::date AND day <= $3::date`,
        [scopeId, range.first, range.last],
      ),
    ]);
    const counts = new Map(daily.rows.map((r) => [r.day, r]));
    const days = range.days.map((day) => ({
      day,
      dau: sketches.has(day) ? hllEstimate(sketches.get(day)!) : 0,
      newUsers: Number(counts.get(day)?.new_users ?? 0),
      signIns: Number(counts.get(day)?.sign_ins ?? 0),
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
