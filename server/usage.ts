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

/** An app's peak of the day as this instance knows it (read once a day from the usage, then kept in memory). */
export type KnownPeaks = Map<string, { day: string; peak: number }>;

const dayInZone = new Intl.DateTimeFormat('en-CA', { timeZone: USAGE_ZONE });

/**
 * Records `now` (an app's connections on this instance) as the day's peak on a meter whose day's usage is its peak:
 * when above the peak known, it adds what the peak rose by.
 */
export async function recordPeak(db: Queryable, known: KnownPeaks, service: string, meter: string, appId: string, now: number): Promise<void> {
  const day = dayInZone.format(new Date());
  let entry = known.get(appId);
  if (entry?.day !== day) {
    entry = { day, peak: (await usageTotals(db, service, appId, { start: day, end: day }))[meter] ?? 0 };
    known.set(appId, entry);
  }
  if (now <= entry.peak) return;
  const rise = now - entry.peak;
  entry.peak = now;
  await recordUsage(db, appId, service, meter, rise);
}
