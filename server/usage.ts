import type { Queryable } from './db';

/** Day boundaries and labels follow the console's zone (spec: times in Asia/Shanghai). */
export const USAGE_ZONE = 'Asia/Shanghai';

export async function recordUsage(db: Queryable, appId: string, service: string, meter: string, quantity = 1): Promise<void> {
  await db.query('INSERT INTO usage_events (app_id, service, meter, quantity) VALUES ($1, $2, $3, $4)', [appId, service, meter, quantity]);
}

export interface UsageRange {
  /** Inclusive first and last day, YYYY-MM-DD in the usage zone. */
  start: string;
  end: string;
}

const dayExpr = `to_char(occurred_at AT TIME ZONE '${USAGE_ZONE}', 'YYYY-MM-DD')`;
const rangeCond = `occurred_at >= ($3::date)::timestamp AT TIME ZONE '${USAGE_ZONE}'
  AND occurred_at < ($4::date + 1)::timestamp AT TIME ZONE '${USAGE_ZONE}'`;

/** Totals per meter over the range, for one app (or every app when appId is undefined). */
export async function usageTotals(db: Queryable, service: string, appId: string | undefined, range: UsageRange): Promise<Record<string, number>> {
  const res = await db.query<{ meter: string; total: string | number }>(
    `SELECT meter, sum(quantity) AS total FROM usage_events
     WHERE service = $1 AND ($2::text IS NULL OR app_id = $2) AND ${rangeCond} GROUP BY meter`,
    [service, appId ?? null, range.start, range.end],
  );
  return Object.fromEntries(res.rows.map((r) => [r.meter, Number(r.total)]));
}

/** One row per day and meter over the range. Days without usage are absent. */
export async function usageByDay(db: Queryable, service: string, appId: string | undefined, range: UsageRange) {
  const res = await db.query<{ day: string; meter: string; total: string | number }>(
    `SELECT ${dayExpr} AS day, meter, sum(quantity) AS total FROM usage_events
     WHERE service = $1 AND ($2::text IS NULL OR app_id = $2) AND ${rangeCond} GROUP BY 1, 2 ORDER BY 1`,
    [service, appId ?? null, range.start, range.end],
  );
  return res.rows.map((r) => ({ day: r.day, meter: r.meter, total: Number(r.total) }));
}

/** One row per app and meter over the range. */
export async function usageByApp(db: Queryable, service: string, appId: string | undefined, range: UsageRange) {
  const res = await db.query<{ app_id: string; meter: string; total: string | number }>(
    `SELECT app_id, meter, sum(quantity) AS total FROM usage_events
     WHERE service = $1 AND ($2::text IS NULL OR app_id = $2) AND ${rangeCond} GROUP BY 1, 2 ORDER BY 1`,
    [service, appId ?? null, range.start, range.end],
  );
  return res.rows.map((r) => ({ appId: r.app_id, meter: r.meter, total: Number(r.total) }));
}
