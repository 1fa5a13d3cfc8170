/**
 * Device time as billing records it (the `device-seconds` meter, one usage event per finished session): the app's
 * device-minutes per day, and over the apps of the caller's organisation their total and the apps that used most.
 */
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange } from '../../engine/day-range';
import { recordUsage, USAGE_ZONE, usageByApp, usageByDay } from '../../usage';
import { SERVICE } from './models';

export const METER = 'device-seconds';
const RULE = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 400, field: 'query.from' };

/** Device time a session took, billed through the meter. */
export const recordDeviceTime = (ctx: Ctx, appId: string, seconds: number, at?: Date) => recordUsage(ctx.db, appId, SERVICE, METER, seconds, at);

/** Seconds as device-minutes, to two places. */
const minutesOf = (seconds: number) => Math.round((seconds / 60) * 100) / 100;

function rangeOf(input: Record<string, unknown>) {
  const r = dayRange(input.from as string | undefined, input.to as string | undefined, RULE);
  return { r, range: { start: r.first, end: r.last } };
}

/** The apps of the organisation the app belongs to. */
async function orgApps(ctx: Ctx, appId: string): Promise<Set<string>> {
  const res = await ctx.db.query<{ app_id: string }>('SELECT app_id FROM apps WHERE org_id = (SELECT org_id FROM apps WHERE app_id = $1)', [appId]);
  return new Set(res.rows.map((row) => row.app_id));
}

async function perDay(ctx: Ctx, apps: Set<string> | string, input: Record<string, unknown>) {
  const { r, range } = rangeOf(input);
  const byDay = new Map<string, number>();
  const rows =
    typeof apps === 'string'
      ? (await usageByDay(ctx.db, SERVICE, apps, range)).filter((row) => row.meter === METER)
      : await perAppDays(ctx, apps, range);
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.total);
  const days = r.days.map((day) => ({ day, deviceMinutes: minutesOf(byDay.get(day) ?? 0) }));
  const seconds = [...byDay.values()].reduce((s, v) => s + v, 0);
  return { from: r.first, to: r.last, deviceMinutes: minutesOf(seconds), days };
}

/** Every app's days, kept to the organisation's apps. */
async function perAppDays(ctx: Ctx, apps: Set<string>, range: { start: string; end: string }) {
  const out: { day: string; total: number }[] = [];
  for (const appId of apps) out.push(...(await usageByDay(ctx.db, SERVICE, appId, range)).filter((row) => row.meter === METER));
  return out;
}

export const usageCalls = (ctx: Ctx): CallHandlers => ({
  usage: async (call) => perDay(ctx, call.scopeId, call.input),
  aggregation: async ({ scopeId, input }) => perDay(ctx, await orgApps(ctx, scopeId), input),
  'top-k': async ({ scopeId, input }) => {
    const apps = await orgApps(ctx, scopeId);
    const { range } = rangeOf(input);
    const rows = (await usageByApp(ctx.db, SERVICE, undefined, range)).filter((row) => row.meter === METER && apps.has(row.appId));
    rows.sort((a, b) => b.total - a.total);
    return { items: rows.slice(0, Number(input.k ?? 10)).map((row) => ({ appId: row.appId, deviceMinutes: minutesOf(row.total) })) };
  },
});
