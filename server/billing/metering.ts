import type Decimal from 'decimal.js';
import type { UsageGranularity, UsageReport } from '../../resources/bills-api';
import type { Queryable } from '../db';
import { badRequest } from '../engine/errors';
import { USAGE_ZONE } from '../usage';
import { Money, charge, sumAmounts, unitsOf } from './prices';

/**
 * Usage reports for the console: an organisation's apps (or one app) over a range, per period, service and meter.
 * Ranges on Asia/Shanghai midnights (7, 30, 90 days, previous week and month) read the daily table; other ranges
 * (the last 24 hours) read the events, per hour.
 */

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
export const MAX_RANGE_DAYS = 366;
export const MAX_HOURLY_DAYS = 7;

export interface UsageScope {
  /** undefined: every organisation (the back office). */
  orgIds?: string[];
  appId?: string;
  /** One service's usage only (a service's usage across apps in the back office). */
  service?: string;
}

const onShanghaiMidnight = (t: number) => (t + SHANGHAI_OFFSET_MS) % DAY_MS === 0;
const shanghaiDay = (t: number) => new Date(t + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** The range asked for (default: the 30 days ending today, Asia/Shanghai), checked. */
export function usageRange(q: { start?: string; end?: string }, now: Date = new Date()): { start: Date; end: Date; granularity: UsageGranularity } {
  const todayEnd = Date.parse(`${shanghaiDay(now.getTime())}T00:00:00+08:00`) + DAY_MS;
  const end = q.end ? Date.parse(q.end) : todayEnd;
  const start = q.start ? Date.parse(q.start) : end - 30 * DAY_MS;
  if (!(start < end)) throw badRequest([{ field: 'query.start', message: 'the range must end after it starts' }]);
  const granularity: UsageGranularity = onShanghaiMidnight(start) && onShanghaiMidnight(end) ? 'day' : 'hour';
  const days = (end - start) / DAY_MS;
  if (days > MAX_RANGE_DAYS) throw badRequest([{ field: 'query.start', message: 'the range may span at most 366 days' }]);
  if (granularity === 'hour' && days > MAX_HOURLY_DAYS)
    throw badRequest([{ field: 'query.start', message: 'a range that does not start and end at midnight may span at most 7 days' }]);
  return { start: new Date(start), end: new Date(end), granularity };
}

interface Row {
  period: string;
  app_id: string;
  project_name: string;
  service: string;
  meter: string;
  quantity: string;
}

async function rows(q: Queryable, scope: UsageScope, start: Date, end: Date, granularity: UsageGranularity): Promise<Row[]> {
  const source =
    granularity === 'day'
      ? {
          period: "to_char(u.day, 'YYYY-MM-DD')",
          table: 'usage_daily u',
          when: 'u.day >= $1::date AND u.day < $2::date',
          bounds: [shanghaiDay(start.getTime()), shanghaiDay(end.getTime())],
        }
      : {
          period: `to_char(u.occurred_at AT TIME ZONE '${USAGE_ZONE}', 'YYYY-MM-DD HH24:00')`,
          table: 'usage_events u',
          when: 'u.occurred_at >= $1::timestamptz AND u.occurred_at < $2::timestamptz',
          bounds: [start.toISOString(), end.toISOString()],
        };
  const res = await q.query<Row>(
    `SELECT ${source.period} AS period, u.app_id, a.project_name, u.service, u.meter, sum(u.quantity)::text AS quantity
     FROM ${source.table} JOIN apps a ON a.app_id = u.app_id
     WHERE ${source.when} AND ($3::text[] IS NULL OR a.org_id = ANY($3::text[])) AND ($4::text IS NULL OR u.app_id = $4) AND ($5::text IS NULL OR u.service = $5)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 4, 5, 2`,
    [...source.bounds, scope.orgIds ?? null, scope.appId ?? null, scope.service ?? null],
  );
  return res.rows;
}

/** Sums `quantity` of rows sharing a key, in first-seen order. */
function sumBy<T extends { quantity: string }>(list: T[], key: (r: T) => string): { first: T; quantity: Decimal }[] {
  const out = new Map<string, { first: T; quantity: Decimal }>();
  for (const r of list) {
    const k = key(r);
    const hit = out.get(k);
    if (hit) hit.quantity = hit.quantity.plus(r.quantity);
    else out.set(k, { first: r, quantity: new Money(r.quantity) });
  }
  return [...out.values()];
}

const units = (service: string, meter: string, quantity: Decimal) => unitsOf(service, meter, quantity).toDecimalPlaces(6).toFixed();

/**
 * The report. Amounts are at list price (units × unit price, before the monthly free credits that only a month's
 * bill can apply): what the usage of the range is worth.
 */
export async function usageReport(q: Queryable, scope: UsageScope, range: ReturnType<typeof usageRange>): Promise<UsageReport> {
  const list = await rows(q, scope, range.start, range.end, range.granularity);
  const series = sumBy(list, (r) => `${r.period}|${r.service}|${r.meter}`).map(({ first, quantity }) => ({
    Period: first.period,
    Service: first.service,
    Meter: first.meter,
    Quantity: quantity.toFixed(),
    Units: units(first.service, first.meter, quantity),
  }));
  const apps = sumBy(list, (r) => `${r.app_id}|${r.service}|${r.meter}`).map(({ first, quantity }) => ({
    AppId: first.app_id,
    ProjectName: first.project_name,
    Service: first.service,
    Meter: first.meter,
    Quantity: quantity.toFixed(),
    Units: units(first.service, first.meter, quantity),
    Amount: charge(first.service, first.meter, quantity).gross,
  }));
  apps.sort((a, b) => a.ProjectName.localeCompare(b.ProjectName) || a.Service.localeCompare(b.Service) || a.Meter.localeCompare(b.Meter));
  const byService = new Map<string, string[]>();
  for (const a of apps) byService.set(a.Service, [...(byService.get(a.Service) ?? []), a.Amount]);
  const services = [...byService].map(([Service, amounts]) => ({ Service, Amount: sumAmounts(amounts) }));
  return {
    Start: range.start.toISOString(),
    End: range.end.toISOString(),
    Granularity: range.granularity,
    Series: series,
    Apps: apps,
    Services: services,
    TotalAmount: sumAmounts(services.map((s) => s.Amount)),
  };
}
