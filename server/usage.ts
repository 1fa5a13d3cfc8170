import type { Queryable } from './db';

/** Day boundaries and labels follow the console's zone (spec: times in Asia/Shanghai). */
export const USAGE_ZONE = 'Asia/Shanghai';

/**
 * Records usage: the event itself, and in the same statement its quantity added to the app's row of that
 * Asia/Shanghai day in `usage_daily` (an upsert; concurrent events on one row wait for each other, never lose a
 * count). `at` is when it happened, now by default.
 */
export async function recordUsage(db: Queryable, appId: string, service: string, meter: string, quantity: number | string = 1, at?: Date): Promise<void> {
  await db.query(
    `WITH e AS (
       INSERT INTO usage_events (app_id, service, meter, quantity, occurred_at) VALUES ($1, $2, $3, $4::numeric, coalesce($5::timestamptz, now()))
       RETURNING app_id, service, meter, quantity, occurred_at)
     INSERT INTO usage_daily (day, app_id, service, meter, quantity)
     SELECT (occurred_at AT TIME ZONE '${USAGE_ZONE}')::date, app_id, service, meter, quantity FROM e
     ON CONFLICT (app_id, day, service, meter) DO UPDATE SET quantity = usage_daily.quantity + EXCLUDED.quantity`,
    [appId, service, meter, String(quantity), at ? at.toISOString() : null],
  );
}

export interface UsageRange {
  /** Inclusive first and last day, YYYY-MM-DD in the usage zone. */
  start: string;
  end: string;
}

const rangeCond = 'day >= $3::date AND day <= $4::date';

/** Totals per meter over the range, for one app (or every app when appId is undefined). */
export async function usageTotals(db: Queryable, service: string, appId: string | undefined, range: UsageRange): Promise<Record<string, number>> {
  const res = await db.query<{ meter: string; total: string | number }>(
    `SELECT meter, sum(quantity) AS total FROM usage_daily
     WHERE service = $1 AND ($2::text IS NULL OR app_id = $2) AND ${rangeCond} GROUP BY meter`,
    [service, appId ?? null, range.start, range.end],
  );
  return Object.fromEntries(res.rows.map((r) => [r.meter, Number(r.total)]));
}

/** One row per day and meter over the range. Days without usage are absent. */
export async function usageByDay(db: Queryable, service: string, appId: string | undefined, range: UsageRange) {
  const res = await db.query<{ day: string; meter: string; total: string | number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, meter, sum(quantity) AS total FROM usage_daily
     WHERE service = $1 AND ($2::text IS NULL OR app_id = $2) AND ${rangeCond} GROUP BY 1, 2 ORDER BY 1`,
    [service, appId ?? null, range.start, range.end],
  );
  return res.rows.map((r) => ({ day: r.day, meter: r.meter, total: Number(r.total) }));
}

/** One row per app and meter over the range. */
export async function usageByApp(db: Queryable, service: string, appId: string | undefined, range: UsageRange) {
  const res = await db.query<{ app_id: string; meter: string; total: string | number }>(
    `SELECT app_id, meter, sum(quantity) AS total FROM usage_daily
     WHERE service = $1 AND ($2::text IS NULL OR app_id = $2) AND ${rangeCond} GROUP BY 1, 2 ORDER BY 1`,
    [service, appId ?? null, range.start, range.end],
  );
  return res.rows.map((r) => ({ appId: r.app_id, meter: r.meter, total: Number(r.total) }));
}

/** An app's peak of the day as this instance last saw it: a lower bound of the recorded one (a day's peak only rises). */
export type KnownPeaks = Map<string, { day: string; peak: number }>;

const dayInZone = new Intl.DateTimeFormat('en-CA', { timeZone: USAGE_ZONE });

/**
 * Records `now` (an app's connections) as the day's peak on a meter whose day's usage is its peak: when above the
 * day's recorded peak, it adds what the peak rose by. The comparison and the rise are one statement holding the day's
 * row, so instances recording at once raise the peak to the highest of their counts, never to their sum. `known` spares
 * the database a count that is not above what this instance last saw.
 */
export async function recordPeak(db: Queryable, known: KnownPeaks, service: string, meter: string, appId: string, now: number): Promise<void> {
  const day = dayInZone.format(new Date());
  const entry = known.get(appId);
  if (now <= 0 || (entry?.day === day && now <= entry.peak)) return;
  // The day's row first (at 0), so that the raise below always has a row to hold.
  await db.query(
    `INSERT INTO usage_daily (day, app_id, service, meter, quantity) VALUES ($1::date, $2, $3, $4, 0) ON CONFLICT (app_id, day, service, meter) DO NOTHING`,
    [day, appId, service, meter],
  );
  const res = await db.query<{ peak: string | number }>(
    `WITH held AS (
       SELECT quantity FROM usage_daily WHERE app_id = $2 AND day = $1::date AND service = $3 AND meter = $4 FOR UPDATE),
     raised AS (
       UPDATE usage_daily u SET quantity = $5::numeric FROM held
        WHERE u.app_id = $2 AND u.day = $1::date AND u.service = $3 AND u.meter = $4 AND held.quantity < $5::numeric
        RETURNING $5::numeric - held.quantity AS rise),
     noted AS (
       INSERT INTO usage_events (app_id, service, meter, quantity, occurred_at) SELECT $2, $3, $4, rise, now() FROM raised RETURNING quantity)
     SELECT greatest((SELECT quantity FROM held), $5::numeric) AS peak`,
    [day, appId, service, meter, String(now)],
  );
  known.set(appId, { day, peak: Number(res.rows[0]?.peak ?? now) });
}
