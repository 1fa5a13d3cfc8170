/**
 * Multiverse's usage statistics (`resources/multiverse/stats.ts`): the app's totals from billing's meters
 * (`usage_daily`), by game from the same core-seconds kept by game (`game-usage`). An administrator may ask for
 * every app's (`all`); anyone else is refused it.
 */
import Decimal from 'decimal.js';
import { multiverse } from '../../../resources/multiverse';
import { multiversePrices } from '../../../resources/multiverse/prices';
import type { Ctx } from '../../context';
import { modelOf } from '../../context';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { dayRange, type DayRange } from '../../engine/day-range';
import { forbidden } from '../../engine/errors';
import { ALL_SCOPES, records, type Scope } from '../../engine/query';
import { USAGE_ZONE, usageByApp, usageByDay } from '../../usage';
import { multiverseModels, SERVICE } from './models';

const STATS_DAYS = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: 'query.start' };
const perOf = (meter: string) => new Decimal(multiverse.meters!.find((m) => m.meter === meter)!.per ?? '1');
const HOUR = perOf('cpu');
const GB = perOf('net');

type Q = { start?: string; end?: string; k?: number; all?: boolean };

const cpu = (seconds: number) => ({ cpuCoreSeconds: Number(seconds.toFixed(6)), cpuCoreHours: new Decimal(seconds).div(HOUR).toDecimalPlaces(4).toString() });
const net = (bytes: number) => ({ netBytes: bytes, netGB: new Decimal(bytes).div(GB).toDecimalPlaces(4).toString() });
/** At the list prices: core-hours × cpu, GB × net. */
const amountOf = (seconds: number, bytes = 0) =>
  new Decimal(seconds).div(HOUR).mul(multiversePrices.cpu).plus(new Decimal(bytes).div(GB).mul(multiversePrices.net)).toDecimalPlaces(2).toFixed(2);

/** The range asked for, and whose usage: every app's only for an administrator who asks. */
function request(call: CallInput): { q: Q; range: DayRange; scope: Scope } {
  const q = call.input as Q;
  if (q.all && !call.actor.startsWith('admin:')) throw forbidden('only an administrator may see every app');
  return { q, range: dayRange(q.start, q.end, STATS_DAYS), scope: q.all ? ALL_SCOPES : call.scopeId };
}

/** Each game's core-seconds (and per day when asked), over the range, in a scope. */
async function byGame(ctx: Ctx, scope: Scope, range: DayRange, perDay: boolean) {
  const rows = await records(ctx.db, modelOf(ctx, SERVICE, 'game-usage')).aggregate(scope, {
    where: { day: { $gte: range.first, $lte: range.last } },
    groupBy: { app: 'scopeId', game: 'gameId', ...(perDay ? { day: 'day' } : {}) },
    measures: { seconds: ['sum', 'cpuSeconds'] },
    orderBy: ['-seconds'],
  });
  return rows.map((r) => ({ appId: String(r.app), gameId: String(r.game ?? ''), day: String(r.day ?? ''), seconds: Number(r.seconds) }));
}

/** The games' names, found wherever they are (a deleted game's is empty). */
async function namesOf(ctx: Ctx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const games = await records(ctx.db, multiverseModels(ctx).games).findEverywhere({ where: { id: { $in: ids } }, limit: ids.length });
  return new Map(games.map(({ record }) => [String(record.id), String(record.name)]));
}

export function statsCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'stats.sumByGame': async (call) => {
      const { range } = request(call);
      const rows = await byGame(ctx, call.scopeId, range, true);
      const games = rows.filter((r) => r.gameId);
      const names = await namesOf(ctx, [...new Set(games.map((r) => r.gameId))]);
      const totals = new Map<string, number>();
      for (const r of games) totals.set(r.gameId, (totals.get(r.gameId) ?? 0) + r.seconds);
      const all = rows.reduce((s, r) => s + r.seconds, 0);
      return {
        start: range.first,
        end: range.last,
        ...cpu(all),
        games: [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([gameId, s]) => ({ gameId, gameName: names.get(gameId) ?? '', ...cpu(s), amount: amountOf(s) })),
        daily: games.sort((a, b) => a.day.localeCompare(b.day) || a.gameId.localeCompare(b.gameId)).map((r) => ({ date: r.day, gameId: r.gameId, gameName: names.get(r.gameId) ?? r.gameId, ...cpu(r.seconds) })),
        days: range.days.map((date) => ({ date })),
      };
    },
    'stats.sum': async (call) => {
      const { range, scope } = request(call);
      const appId = scope === ALL_SCOPES ? undefined : (scope as string);
      const days = await usageByDay(ctx.db, SERVICE, appId, { start: range.first, end: range.last });
      const at = (day: string, meter: string) => days.find((d) => d.day === day && d.meter === meter)?.total ?? 0;
      const total = (meter: string) => days.filter((d) => d.meter === meter).reduce((s, d) => s + d.total, 0);
      const apps = new Set((await usageByApp(ctx.db, SERVICE, appId, { start: range.first, end: range.last })).filter((r) => r.total > 0).map((r) => r.appId));
      return {
        start: range.first,
        end: range.last,
        ...cpu(total('cpu')),
        ...net(total('net')),
        amount: amountOf(total('cpu'), total('net')),
        apps: apps.size,
        items: range.days.map((date) => ({ date, ...cpu(at(date, 'cpu')), ...net(at(date, 'net')) })),
      };
    },
    'stats.topGames': async (call) => {
      const { q, range, scope } = request(call);
      const rows = (await byGame(ctx, scope, range, false)).filter((r) => r.gameId).slice(0, q.k ?? 10);
      const names = await namesOf(ctx, rows.map((r) => r.gameId));
      return { start: range.first, end: range.last, items: rows.map((r) => ({ appId: r.appId, gameId: r.gameId, gameName: names.get(r.gameId) ?? '', ...cpu(r.seconds), amount: amountOf(r.seconds) })) };
    },
  };
}
