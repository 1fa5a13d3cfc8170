import Decimal from 'decimal.js';
import { baking } from '../../../resources/baking';
import type { Ctx } from '../../context';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { dayRange } from '../../engine/day-range';
import { USAGE_ZONE, usageByApp, usageByDay } from '../../usage';
import { METER, SERVICE } from './sessions';

/** Statistics ranges: by default the last 30 days, at most a year, in the days usage is counted by. */
const STATS_DAYS = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: 'query.start' };

/** Node-hours as billing counts them: the meter's seconds over its `per`. */
const PER = new Decimal(baking.meters!.find((m) => m.meter === METER)!.per ?? '1');
const nodeTime = (seconds: number) => ({ nodeSeconds: seconds, nodeHours: new Decimal(seconds).div(PER).toDecimalPlaces(4).toString() });

type Q = { start?: string; end?: string; k?: number };

/** The apps a caller's statistics cover: an administrator's every app, anyone else's their own. */
const appsOf = (call: CallInput) => (call.actor.startsWith('admin:') ? undefined : call.scopeId);

async function perApp(ctx: Ctx, call: CallInput) {
  const range = dayRange((call.input as Q).start, (call.input as Q).end, STATS_DAYS);
  const rows = (await usageByApp(ctx.db, SERVICE, appsOf(call), { start: range.first, end: range.last })).filter((r) => r.meter === METER);
  return { range, rows };
}

export function statsCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'stats.appUsage': async (call) => {
      const q = call.input as Q;
      const range = dayRange(q.start, q.end, STATS_DAYS);
      const rows = (await usageByDay(ctx.db, SERVICE, call.scopeId, { start: range.first, end: range.last })).filter((r) => r.meter === METER);
      const byDay = new Map(rows.map((r) => [r.day, r.total]));
      const items = range.days.map((date) => ({ date, ...nodeTime(byDay.get(date) ?? 0) }));
      return { start: range.first, end: range.last, ...nodeTime(rows.reduce((s, r) => s + r.total, 0)), items };
    },
    'stats.sum': async (call) => {
      const { range, rows } = await perApp(ctx, call);
      return { start: range.first, end: range.last, ...nodeTime(rows.reduce((s, r) => s + r.total, 0)), apps: rows.filter((r) => r.total > 0).length };
    },
    'stats.top': async (call) => {
      const { rows } = await perApp(ctx, call);
      const k = (call.input as Q).k ?? 10;
      const items = rows.filter((r) => r.total > 0).sort((a, b) => b.total - a.total || a.appId.localeCompare(b.appId)).slice(0, k);
      return { items: items.map((r) => ({ appId: r.appId, ...nodeTime(r.total) })) };
    },
  };
}
