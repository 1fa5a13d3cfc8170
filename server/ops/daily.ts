import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { DailySeries } from '../../resources/ops-api';
import type { Queryable } from '../db';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Days are counted on the Asia/Shanghai calendar (spec 000 §1). */
export const ZONE = 'Asia/Shanghai';

/** `days` calendar days ending with `end` (default today in Shanghai), and the UTC instants that bound them. */
export interface DayRangeBounds {
  first: string;
  last: string;
  from: string;
  to: string;
}

export function dayRange(days: number, end?: string, now: Date = new Date()): DayRangeBounds {
  const last = end ?? dayjs(now).tz(ZONE).format('YYYY-MM-DD');
  const lastStart = dayjs.tz(`${last}T00:00:00`, ZONE);
  const firstStart = lastStart.subtract(days - 1, 'day');
  return {
    first: firstStart.format('YYYY-MM-DD'),
    last,
    from: firstStart.utc().toISOString(),
    to: lastStart.add(1, 'day').utc().toISOString(),
  };
}

/** The Shanghai calendar day of a timestamptz column, in SQL. */
export const shanghaiDay = (column: string) => `(${column} AT TIME ZONE '${ZONE}')::date`;

/**
 * Counts per Shanghai day, zero-filled. `source` is a query yielding `day` (a date) and `k` (what to count,
 * distinctly) for rows between `$1` (from, inclusive) and `$2` (to, exclusive); its own parameters start at `$5`.
 */
export async function dailyCounts(db: Queryable, range: DayRangeBounds, source: string, params: unknown[] = []): Promise<DailySeries> {
  const sql = `WITH src AS (${source}),
    span AS (SELECT generate_series($3::date, $4::date, interval '1 day')::date AS day)
    SELECT to_char(span.day, 'YYYY-MM-DD') AS date, count(DISTINCT src.k)::int AS count,
      (SELECT count(DISTINCT k)::int FROM src) AS total
    FROM span LEFT JOIN src ON src.day = span.day GROUP BY span.day ORDER BY span.day`;
  const res = await db.query<{ date: string; count: number; total: number }>(sql, [range.from, range.to, range.first, range.last, ...params]);
  return { Items: res.rows.map((r) => ({ Date: r.date, Count: Number(r.count) })), Total: Number(res.rows[0]?.total ?? 0) };
}
