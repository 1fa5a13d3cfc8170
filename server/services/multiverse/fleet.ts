/**
 * OnFleetGame's warm fleets: per game and region, Ready (or starting) servers kept at the buffer — 20 % of the
 * allocated ones, at least the minimum (1), spec 001 §9 — within the game's server limit. A server allocated, failed
 * or ended is replaced at the next run. Run by the engine's jobs, one instance at a time.
 */
import type { Ctx } from '../../context';
import type { Job } from '../../engine/jobs';
import { records } from '../../engine/query';
import { fleetBuffer } from '../../../resources/multiverse/rules';
import { activeReadyServers, type ScheduleWindow } from '../../../resources/multiverse/schedules';
import { releasedRevisionOf } from './allocations';
import { multiverseModels } from './models';
import type { Supervisor } from './supervisor';

/** Refills run one after another in this process (the job, and a caller that wants it now), never side by side. */
let running: Promise<number> = Promise.resolve(0);

/** Starts what each fleet lacks; answers how many servers it started. */
export function refillFleets(ctx: Ctx, sup: Supervisor): Promise<number> {
  running = running.catch(() => 0).then(() => refill(ctx, sup));
  return running;
}

async function refill(ctx: Ctx, sup: Supervisor): Promise<number> {
  const m = multiverseModels(ctx);
  const fleets = await records(ctx.db, m.games).findEverywhere({ where: { mode: 'OnFleetGame' }, orderBy: 'createdAt', limit: 500 });
  let started = 0;
  const now = new Date();
  for (const { scopeId, record: game } of fleets) {
    const rev = await releasedRevisionOf(ctx, scopeId, game).catch(() => undefined);
    if (!rev) continue;
    const servers = records(ctx.db, m.servers);
    const schedules = (await records(ctx.db, m.schedules).find(scopeId, { where: { gameId: String(game.id) }, limit: 500 })) as unknown as ScheduleWindow[];
    for (const region of (game.regions ?? []) as string[]) {
      if (!sup.settings.regions.some((r) => r.name === region)) continue;
      const gameId = String(game.id);
      const warm = await servers.count(scopeId, { gameId, region, kind: 'fleet', status: 'created' });
      const allocated = await servers.count(scopeId, { gameId, region, status: 'allocated' });
      // An open placeholder schedule's Ready servers stand in for the game's minimum.
      const minReady = activeReadyServers(schedules, region, now) ?? Number(game.minReady ?? 1);
      const target = fleetBuffer(allocated, Number(game.bufferPercent ?? 20), minReady);
      if (warm > target) await shrink(ctx, sup, scopeId, { gameId, region }, warm - target);
      const room = Number(game.maxServers ?? 10) - warm - allocated;
      for (let i = 0; i < Math.min(target - warm, room); i++) {
        try {
          await sup.start(scopeId, { kind: 'fleet', revision: rev, gameId, region });
          started += 1;
        } catch {
          break;
        }
      }
    }
  }
  return started;
}

/**
 * Stops `count` of a fleet's warm servers beyond its buffer (the newest first). Each is taken from `created` to
 * `canceled` before it is stopped, so a server an allocation takes meanwhile is left to it.
 */
async function shrink(ctx: Ctx, sup: Supervisor, scopeId: string, where: { gameId: string; region: string }, count: number): Promise<void> {
  const q = records(ctx.db, multiverseModels(ctx).servers);
  const warm = await q.find(scopeId, { where: { ...where, kind: 'fleet', status: 'created' }, orderBy: '-createdAt', limit: count });
  for (const server of warm) {
    const reason = 'the fleet shrank to its buffer';
    const [hit] = await q.update(scopeId, { id: String(server.id), status: 'created' }, { status: 'canceled', set: { reason, endedAt: new Date().toISOString() } });
    if (hit) await sup.stop(scopeId, String(server.id), 'canceled', reason);
  }
}

export const fleetJob = (ctx: Ctx, sup: Supervisor): Job => ({ name: 'multiverse.fleets', everyMs: 1000, run: () => refillFleets(ctx, sup) });
