/**
 * Cloud saves' usage (`usage/daily`, `usage/daily/sum`, `usage/daily/top`): the bytes held each finished day
 * (storage, in GB-days), uploads finished and traffic sent, read from the platform's usage records and priced by
 * billing's own `charge` with the service's declared meters and prices. The storage of each finished day is
 * recorded once per app and day by the `save-storage` job.
 */
import { save } from '../../../resources/save';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import { charge, sumAmounts } from '../../billing/prices';
import { addCount, counterOf } from '../../engine/counters';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange } from '../../engine/day-range';
import type { Job } from '../../engine/jobs';
import { records } from '../../engine/query';
import { recordUsage, usageByDay, USAGE_ZONE } from '../../usage';
import { saveModels, SERVICE } from './models';

const RULE = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: 'query.from' };
const GB = 1e9;

/** One day's quantities per meter and what billing charges for them. */
export function dayFigures(day: string, meters: Record<string, number>) {
  const storedBytes = meters.storage ?? 0;
  const amount = sumAmounts(Object.entries(meters).map(([meter, q]) => charge(SERVICE, meter, q).amount));
  return { day, storedBytes, storageGbDays: storedBytes / GB, uploads: meters.upload ?? 0, trafficBytes: meters.net ?? 0, amount };
}

/** The bytes an app's saves and profile pictures hold now. */
export async function bytesHeld(ctx: Ctx, db: Queryable, appId: string): Promise<number> {
  const m = saveModels(ctx);
  const [saves] = await records(db, m.saves).aggregate(appId, { measures: { bytes: ['sum', 'size'] } });
  const [pictures] = await records(db, m.pfps).aggregate(appId, { measures: { bytes: ['sum', 'size'], thumbs: ['sum', 'thumbnailSize'] } });
  return Number(saves?.bytes ?? 0) + Number(pictures?.bytes ?? 0) + Number(pictures?.thumbs ?? 0);
}

/** The last instant of a day in the usage zone, so usage recorded at it falls on that day. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999+08:00`);

/**
 * Records yesterday's storage of each app with saves, once per app and day: the day is claimed by its counter and its
 * usage written in one transaction, so a second run or a second server records nothing more. Answers the apps recorded.
 */
export async function recordStorageDay(ctx: Ctx, now = new Date()): Promise<string[]> {
  const yesterday = dayRange(undefined, undefined, { ...RULE, defaultDays: 2 }, now).first;
  const claims = counterOf(save, 'storageDays');
  const apps = await ctx.db.query<{ app_id: string }>('SELECT app_id FROM apps');
  const done: string[] = [];
  for (const { app_id: appId } of apps.rows) {
    const bytes = await bytesHeld(ctx, ctx.db, appId);
    if (bytes === 0) continue;
    await ctx.db.transaction(async (tx) => {
      if ((await addCount(tx, claims, appId, {}, { at: endOfDay(yesterday) })) !== 1) return;
      await recordUsage(tx, appId, SERVICE, 'storage', bytes, endOfDay(yesterday));
      done.push(appId);
    });
  }
  return done;
}

export const storageJob = (ctx: Ctx): Job => ({ name: 'save-storage', everyMs: 3_600_000, run: () => recordStorageDay(ctx) });

export function usageCalls(ctx: Ctx): CallHandlers {
  const m = saveModels(ctx);
  const days = async (appId: string, input: Record<string, unknown>) => {
    const r = dayRange(input.from as string | undefined, input.to as string | undefined, RULE);
    const rows = await usageByDay(ctx.db, SERVICE, appId, { start: r.first, end: r.last });
    const byDay = new Map<string, Record<string, number>>();
    for (const row of rows) byDay.set(row.day, { ...byDay.get(row.day), [row.meter]: row.total });
    return { r, days: r.days.map((day) => dayFigures(day, byDay.get(day) ?? {})) };
  };
  return {
    'usage.daily': async ({ scopeId, input }) => {
      const { r, days: list } = await days(scopeId, input);
      return { from: r.first, to: r.last, days: list };
    },
    'usage.sum': async ({ scopeId, input }) => {
      const { r, days: list } = await days(scopeId, input);
      const total = (f: (d: ReturnType<typeof dayFigures>) => number) => list.reduce((s, d) => s + f(d), 0);
      return {
        from: r.first,
        to: r.last,
        storageGbDays: total((d) => d.storageGbDays),
        uploads: total((d) => d.uploads),
        trafficBytes: total((d) => d.trafficBytes),
        amount: sumAmounts(list.map((d) => d.amount)),
      };
    },
    'usage.top': async ({ scopeId, input }) => {
      const top = await records(ctx.db, m.saves).aggregate(scopeId, {
        groupBy: { player: 'playerId' },
        measures: { bytes: ['sum', 'size'], saves: ['count'] },
        orderBy: ['-bytes'],
        limit: Number(input.k ?? 10),
      });
      return { items: top.map((t) => ({ playerId: String(t.player), bytes: Number(t.bytes ?? 0), saves: Number(t.saves) })) };
    },
  };
}
