/**
 * Sync's usage reports (`resources/usync/usage-reports.ts`): the profiles ranked by what their rooms made in the range
 * used (the rooms' own tallies, written when a room closes: an open room counts once closed), and the billed usage of
 * the range beside the one before it.
 */
import { SORT_KEYS } from '../../../resources/usync/usage-reports';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange, type DayRange } from '../../engine/day-range';
import { profilesOf, roomsOf } from './models';
import { USAGE_DAYS, usageOver } from './usage';

const DAY_MS = 86_400_000;

type SortKey = (typeof SORT_KEYS)[number];
const OUTPUT: Record<SortKey, string> = { netBytes: 'bytes', rooms: 'rooms', messages: 'messages' };
type Q = { from?: string; to?: string; by?: SortKey; limit?: number };

/** A range's billed usage without its days. */
async function totalsOf(ctx: Ctx, appId: string, range: DayRange) {
  const { days: _days, ...totals } = await usageOver(ctx, appId, range);
  return totals;
}

const changeOf = (now: number, before: number) => (before === 0 ? null : (now - before) / before);

export function usageReportHandlers(ctx: Ctx): CallHandlers {
  return {
    usageSort: async (call) => {
      const q = call.input as Q;
      const r = dayRange(q.from, q.to, USAGE_DAYS);
      const by = q.by ?? 'netBytes';
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
      const r = dayRange(q.from, q.to, USAGE_DAYS);
      const span = r.days.length;
      // The days before, as many: the calendar day before the range's first, and back from it.
      const lastBefore = new Date(Date.parse(`${r.first}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
      const before = dayRange(undefined, lastBefore, { ...USAGE_DAYS, defaultDays: span });
      const [now, then] = [await totalsOf(ctx, call.scopeId, r), await totalsOf(ctx, call.scopeId, before)];
      return { ...now, previous: then, change: { ccu: changeOf(now.ccu, then.ccu), netBytes: changeOf(now.netBytes, then.netBytes) } };
    },
  };
}
