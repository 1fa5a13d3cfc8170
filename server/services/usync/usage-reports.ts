/**
 * Sync's usage reports (`resources/usync/usage-reports.ts`): the profiles ranked by what their rooms made in the range
 * used (the rooms' own tallies, kept when they close), and the billed usage of the range beside the one before it.
 */
import { SORT_KEYS } from '../../../resources/usync/usage-reports';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange } from '../../engine/day-range';
import { USAGE_ZONE, usageByDay } from '../../usage';
import { usync } from '../../../resources/usync';
import { profilesOf, roomsOf, SERVICE } from './models';
import { flushUsage } from './usage';

const [CCU, NET] = usync.meters!.map((m) => m.meter);
const RANGE = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: '/from' };
const DAY_MS = 86_400_000;

type SortKey = (typeof SORT_KEYS)[number];
const OUTPUT: Record<SortKey, string> = { netBytes: 'bytes', rooms: 'rooms', messages: 'messages' };
type Q = { from?: string; to?: string; by?: SortKey; limit?: number };

/** The billed usage of days `first`..`last`: the highest day peak and the bytes. */
async function totalsOf(ctx: Ctx, appId: string, first: string, last: string) {
  const rows = await usageByDay(ctx.db, SERVICE, appId, { start: first, end: last });
  return {
    from: first,
    to: last,
    ccu: Math.max(0, ...rows.filter((r) => r.meter === CCU).map((r) => r.total)),
    netBytes: rows.filter((r) => r.meter === NET).reduce((s, r) => s + r.total, 0),
  };
}

const changeOf = (now: number, before: number) => (before === 0 ? null : (now - before) / before);

export function usageReportHandlers(ctx: Ctx): CallHandlers {
  return {
    usageSort: async (call) => {
      const q = call.input as Q;
      const r = dayRange(q.from, q.to, RANGE);
      const by = q.by ?? 'netBytes';
      // Rooms still open count what they relayed so far: their tallies are written as they go (`flushUsage`).
      await flushUsage(ctx);
      const rows = await roomsOf(ctx).aggregate(call.scopeId, {
        where: { createdAt: { $gte: r.from.toISOString(), $lt: r.to.toISOString() } },
        // Output names in lower case: the database answers its columns so.
        groupBy: { profile: 'profileId' },
        measures: { rooms: ['count'], bytes: ['sum', 'bytes'], messages: ['sum', 'messages'] },
        orderBy: [`-${OUTPUT[by]}`, 'profile'],
        limit: q.limit ?? 10,
      });
      const ids = rows.map((row) => String(row.profile));
      const profiles = ids.length ? await profilesOf(ctx).find(call.scopeId, { where: { id: { $in: ids } }, limit: ids.length }) : [];
      const names = new Map(profiles.map((p) => [String(p.id), String(p.name)]));
      const items = rows.map((row) => ({
        profileId: String(row.profile),
        profileName: names.get(String(row.profile)) ?? '',
        rooms: Number(row.rooms),
        netBytes: Number(row.bytes),
        messages: Number(row.messages),
      }));
      return { from: r.first, to: r.last, by, items };
    },
    usageTrend: async (call) => {
      const q = call.input as Q;
      const r = dayRange(q.from, q.to, RANGE);
      await flushUsage(ctx);
      const span = r.days.length;
      // The days before, as many: the calendar day before the range's first, and back from it.
      const lastBefore = new Date(Date.parse(`${r.first}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
      const before = dayRange(undefined, lastBefore, { ...RANGE, defaultDays: span });
      const [now, then] = await Promise.all([totalsOf(ctx, call.scopeId, r.first, r.last), totalsOf(ctx, call.scopeId, before.first, before.last)]);
      return { ...now, previous: then, change: { ccu: changeOf(now.ccu, then.ccu), netBytes: changeOf(now.netBytes, then.netBytes) } };
    },
  };
}
