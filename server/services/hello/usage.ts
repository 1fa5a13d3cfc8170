/**
 * Hello's usage (spec 002 §7, §9): voice (`rtc`) and recording minutes per Beijing day, billed at the prices of
 * `resources/hello.ts`. A day's usage is what the sessions ended on it add up to: worked out again whenever one
 * ends and by `usages/daily/compute`, each time billing only what changed, so computing twice bills once.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { hello } from '../../../resources/hello';
import { charge, sumAmounts } from '../../billing/prices';
import type { Ctx } from '../../context';
import { lockNames } from '../../db/locks';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { dayRange } from '../../engine/day-range';
import { records } from '../../engine/query';
import { recordUsage, usageByApp, usageByDay, usageTotals, USAGE_ZONE } from '../../usage';
import { helloModels } from './projects';

dayjs.extend(utc);
dayjs.extend(timezone);

const [RTC, RECORDING] = hello.meters!.map((m) => m.meter);
const METER_OF = { voice: RTC, recording: RECORDING } as const;
const RANGE = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: '/from' };

/** The Beijing day an instant falls on. */
export const dayOf = (at: Date) => dayjs(at).tz(USAGE_ZONE).format('YYYY-MM-DD');

const amountOf = (rtc: number, recording: number) => sumAmounts([charge(hello.name, RTC, rtc).amount, charge(hello.name, RECORDING, recording).amount]);

/**
 * Each day's minutes from the sessions ended on it, compared with what usage holds for the day; the difference is
 * recorded (at that day's noon), under a lock per app and day so two computations never both add it.
 */
export async function computeDays(ctx: Ctx, appId: string, days: string[]): Promise<void> {
  for (const day of days) {
    await ctx.db.transaction(async (tx) => {
      await lockNames(tx, [`hello-usage:${appId}:${day}`]);
      const sums = await records(tx, helloModels(ctx).sessions).aggregate(appId, { where: { day }, groupBy: { kind: 'kind' }, measures: { minutes: ['sum', 'minutes'] } });
      const recorded = await usageTotals(tx, hello.name, appId, { start: day, end: day });
      for (const kind of ['voice', 'recording'] as const) {
        const meter = METER_OF[kind];
        const due = Number(sums.find((s) => s.kind === kind)?.minutes ?? 0);
        const change = due - (recorded[meter] ?? 0);
        if (change !== 0) await recordUsage(tx, appId, hello.name, meter, change, dayjs.tz(`${day}T12:00:00`, USAGE_ZONE).toDate());
      }
    });
  }
}

type Q = { from?: string; to?: string; k?: number };

async function daily(ctx: Ctx, appId: string, q: Q) {
  const r = dayRange(q.from, q.to, RANGE);
  const rows = await usageByDay(ctx.db, hello.name, appId, { start: r.first, end: r.last });
  const of = (day: string, meter: string) => rows.find((x) => x.day === day && x.meter === meter)?.total ?? 0;
  const days = r.days.map((day) => {
    const rtcMinutes = of(day, RTC);
    const recordingMinutes = of(day, RECORDING);
    return { day, rtcMinutes, recordingMinutes, amount: amountOf(rtcMinutes, recordingMinutes) };
  });
  const rtcMinutes = days.reduce((s, d) => s + d.rtcMinutes, 0);
  const recordingMinutes = days.reduce((s, d) => s + d.recordingMinutes, 0);
  return { from: r.first, to: r.last, rtcMinutes, recordingMinutes, amount: amountOf(rtcMinutes, recordingMinutes), days };
}

/** An administrator's sum covers every app; an app's, itself. */
const appsOf = (call: CallInput) => (call.actor.startsWith('admin:') ? undefined : call.scopeId);

export const usageCalls = (ctx: Ctx): CallHandlers => ({
  'usages.daily': async ({ scopeId, input }) => daily(ctx, scopeId, input as Q),
  'usages.daily.compute': async ({ scopeId, input }) => {
    const q = input as Q;
    await computeDays(ctx, scopeId, dayRange(q.from, q.to, RANGE).days);
    return daily(ctx, scopeId, q);
  },
  'usages.daily.sum': async (call) => {
    const q = call.input as Q;
    const r = dayRange(q.from, q.to, RANGE);
    const rows = await usageByApp(ctx.db, hello.name, appsOf(call), { start: r.first, end: r.last });
    const total = (meter: string) => rows.filter((x) => x.meter === meter).reduce((s, x) => s + x.total, 0);
    const rtcMinutes = total(RTC);
    const recordingMinutes = total(RECORDING);
    const apps = new Set(rows.filter((x) => x.total > 0).map((x) => x.appId)).size;
    return { from: r.first, to: r.last, rtcMinutes, recordingMinutes, amount: amountOf(rtcMinutes, recordingMinutes), apps };
  },
  'usages.daily.top': async ({ scopeId, input }) => {
    const q = input as Q;
    const r = dayRange(q.from, q.to, RANGE);
    const sums = await records(ctx.db, helloModels(ctx).sessions).aggregate(scopeId, {
      where: { day: { $gte: r.first, $lte: r.last } },
      groupBy: { room: 'room', kind: 'kind' },
      measures: { minutes: ['sum', 'minutes'], sessions: ['count'] },
    });
    const rooms = new Map<string, { room: string; rtcMinutes: number; recordingMinutes: number; sessions: number }>();
    for (const s of sums) {
      const room = String(s.room);
      const row = rooms.get(room) ?? { room, rtcMinutes: 0, recordingMinutes: 0, sessions: 0 };
      if (s.kind === 'voice') {
        row.rtcMinutes += Number(s.minutes ?? 0);
        row.sessions += Number(s.sessions ?? 0);
      } else row.recordingMinutes += Number(s.minutes ?? 0);
      rooms.set(room, row);
    }
    const k = q.k ?? 10;
    return { items: [...rooms.values()].sort((a, b) => b.rtcMinutes - a.rtcMinutes || b.recordingMinutes - a.recordingMinutes || a.room.localeCompare(b.room)).slice(0, k) };
  },
});
