import Decimal from 'decimal.js';
import type { CounterDecl, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { USAGE_ZONE } from '../usage';
import type { Api } from './api';
import { startJob } from './jobs';
import { lit } from './sql';

/**
 * The counts services keep as they run (`ServiceDecl.counters`), in the `counters` table: one row per service,
 * counter, app, minute or day and keys, holding how many times (`n`) and a summed quantity (`amount`). Adding is
 * one upsert, so counts made at once are never lost; reading sums rows over a range, by time and by keys.
 */
export interface Counter {
  service: string;
  name: string;
  decl: CounterDecl;
}

/** A service's declared counter (an error at start-up for a name it does not declare). */
export function counterOf(service: ServiceDecl, name: string): Counter {
  const decl = service.counters?.[name];
  if (!decl) throw new Error(`${service.name}: no counter '${name}' is declared`);
  return { service: service.name, name, decl };
}

const zone = lit(USAGE_ZONE);
const usageDay = new Intl.DateTimeFormat('en-CA', { timeZone: USAGE_ZONE });
/** The start of the current minute, or of the current day of the usage zone. */
const NOW: Record<CounterDecl['grain'], string> = {
  minute: "date_trunc('minute', now())",
  day: `(now() AT TIME ZONE ${zone})::date::timestamp AT TIME ZONE ${zone}`,
};

/** The start of the minute, or of the day of the usage zone, holding the time the SQL expression `t` gives. */
const START: Record<CounterDecl['grain'], (t: string) => string> = {
  minute: (t) => `date_trunc('minute', ${t})`,
  day: (t) => `(${t} AT TIME ZONE ${zone})::date::timestamp AT TIME ZONE ${zone}`,
};

/** The keys of a count in the counter's order (a key not given is empty). */
function keysOf(c: Counter, keys: Record<string, string | null | undefined>): string[] {
  for (const k of Object.keys(keys)) if (!c.decl.keys?.includes(k)) throw new Error(`${c.service}: counter '${c.name}' has no key '${k}'`);
  return (c.decl.keys ?? []).map((k) => keys[k] ?? '');
}

/**
 * Counts once (or `n` times) now, adding `amount`; answers how many times the count now holds. `at` counts in the
 * minute or day of that time instead (the demo's past days of traffic).
 */
export async function addCount(db: Queryable, c: Counter, scopeId: string, keys: Record<string, string | null> = {}, by: { n?: number; amount?: number | string; at?: Date } = {}): Promise<number> {
  const at = by.at ? START[c.decl.grain]('$7::timestamptz') : NOW[c.decl.grain];
  const res = await db.query<{ n: string | number }>(
    `INSERT INTO counters (service, counter, scope_id, at, keys, n, amount) VALUES ($1, $2, $3, ${at}, $4::text[], $5, $6::numeric)
     ON CONFLICT (service, counter, scope_id, at, keys) DO UPDATE SET n = counters.n + EXCLUDED.n, amount = counters.amount + EXCLUDED.amount
     RETURNING n`,
    [c.service, c.name, scopeId, keysOf(c, keys), by.n ?? 1, String(by.amount ?? 0), ...(by.at ? [by.at.toISOString()] : [])],
  );
  return Number(res.rows[0].n);
}

/** One count of many added at once (`addCounts`). */
export interface CountAdd {
  scopeId: string;
  keys?: Record<string, string | null>;
  n?: number;
  amount?: number | string;
}

/**
 * Adds many counts now in one statement (what a busy path gathered for a moment, to spare each event a round trip).
 * Adds for the same count are summed first.
 */
export async function addCounts(db: Queryable, c: Counter, adds: CountAdd[]): Promise<void> {
  const sums = new Map<string, { scopeId: string; keys: string[]; n: number; amount: string }>();
  for (const a of adds) {
    const keys = keysOf(c, a.keys ?? {});
    const id = JSON.stringify([a.scopeId, keys]);
    const was = sums.get(id);
    const amount = String(a.amount ?? 0);
    if (was) Object.assign(was, { n: was.n + (a.n ?? 1), amount: new Decimal(was.amount).plus(amount).toFixed() });
    else sums.set(id, { scopeId: a.scopeId, keys, n: a.n ?? 1, amount });
  }
  if (!sums.size) return;
  const rows = [...sums.values()];
  await db.query(
    `INSERT INTO counters (service, counter, scope_id, at, keys, n, amount)
     SELECT $1, $2, s, ${NOW[c.decl.grain]}, coalesce((SELECT array_agg(k ORDER BY i) FROM jsonb_array_elements_text(j) WITH ORDINALITY AS e(k, i)), '{}'), n, a::numeric
     FROM unnest($3::text[], $4::jsonb[], $5::bigint[], $6::text[]) AS x(s, j, n, a)
     ON CONFLICT (service, counter, scope_id, at, keys) DO UPDATE SET n = counters.n + EXCLUDED.n, amount = counters.amount + EXCLUDED.amount`,
    [c.service, c.name, rows.map((r) => r.scopeId), rows.map((r) => JSON.stringify(r.keys)), rows.map((r) => r.n), rows.map((r) => r.amount)],
  );
}

/** What to sum: the counts of one app from `from` (included) to `to` (excluded). */
export interface CountQuery {
  from: Date | string;
  to: Date | string;
  /** Sums per minute, hour or day (days and hours of the usage zone); the counter's own minute or day when `'grain'`. */
  per?: 'minute' | 'hour' | 'day';
  /** Sums per value of these keys. */
  by?: string[];
  /** Only counts whose keys have these values. */
  where?: Record<string, string | undefined>;
  /** Largest first by `n` or `amount`, else in time then key order. */
  largest?: 'n' | 'amount';
  limit?: number;
}

/**
 * A sum of counts: its time (the start of its minute, hour or day) when summed per time, and per day that day
 * (YYYY-MM-DD of the usage zone); its keys, n and amount.
 */
export interface CountSum {
  at?: string;
  day?: string;
  keys: Record<string, string>;
  n: number;
  amount: number;
}

/** Sums an app's counts over a range (`CountQuery`). */
export async function sumCounts(db: Queryable, c: Counter, scopeId: string, q: CountQuery): Promise<CountSum[]> {
  const params: unknown[] = [c.service, c.name, scopeId, new Date(q.from).toISOString(), new Date(q.to).toISOString()];
  const position = (k: string) => {
    const i = c.decl.keys?.indexOf(k) ?? -1;
    if (i < 0) throw new Error(`${c.service}: counter '${c.name}' has no key '${k}'`);
    return i + 1;
  };
  const groups = (q.by ?? []).map((k) => `keys[${position(k)}]`);
  if (q.per) groups.unshift(`date_trunc(${lit(q.per)}, at AT TIME ZONE ${zone}) AT TIME ZONE ${zone}`);
  const conds = Object.entries(q.where ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [`keys[${position(k)}] = $${params.push(v)}`]));
  const select = [...groups.map((g, i) => `${g} AS g${i}`), 'sum(n) AS n', 'sum(amount) AS amount'].join(', ');
  const order = q.largest ? [`${q.largest} DESC`, ...groups.map((_, i) => `g${i}`)] : groups.map((_, i) => `g${i}`);
  const res = await db.query<Record<string, unknown>>(
    `SELECT ${select} FROM counters WHERE service = $1 AND counter = $2 AND scope_id = $3 AND at >= $4::timestamptz AND at < $5::timestamptz
     ${conds.map((w) => `AND ${w}`).join(' ')}
     ${groups.length ? `GROUP BY ${groups.map((_, i) => `g${i}`).join(', ')}` : ''} ${order.length ? `ORDER BY ${order.join(', ')}` : ''}
     ${q.limit ? `LIMIT ${Number(q.limit)}` : ''}`,
    params,
  );
  const keyStart = q.per ? 1 : 0;
  return res.rows
    .filter((r) => r.n !== null)
    .map((r) => ({
      ...(q.per ? { at: new Date(r.g0 as string).toISOString() } : {}),
      ...(q.per === 'day' ? { day: usageDay.format(new Date(r.g0 as string)) } : {}),
      keys: Object.fromEntries((q.by ?? []).map((k, i) => [k, String(r[`g${i + keyStart}`])])),
      n: Number(r.n),
      amount: Number(r.amount),
    }));
}

/** Drops every declared counter's counts older than its keeping time. */
export async function pruneCounts(db: Queryable, services: ServiceDecl[]): Promise<void> {
  for (const s of services) {
    for (const [name, decl] of Object.entries(s.counters ?? {})) {
      await db.query(`DELETE FROM counters WHERE service = $1 AND counter = $2 AND at < now() - make_interval(days => $3)`, [s.name, name, decl.keepDays]);
    }
  }
}

/** How often old counts are dropped. */
export const PRUNE_COUNTS_MS = 15 * 60_000;

/** Starts dropping old counts, once across the instances, when any service declares counters. */
export function mountCounters(api: Api, ctx: Ctx, services: ServiceDecl[]): void {
  if (!services.some((s) => s.counters)) return;
  startJob(api, ctx.db, { name: 'counters.prune', everyMs: PRUNE_COUNTS_MS, run: () => pruneCounts(ctx.db, services) }, ctx.config.jobLeaseMs);
}
