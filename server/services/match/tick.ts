/**
 * The matchmaker's tick, run by the engine's jobs every `MATCH_TICK_MS` (one instance at a time): for each enabled
 * config with tickets waiting, tickets past the config's timeout end timed out, waiting tickets fill open backfill
 * places (when the config backfills), then `formMatches` forms new matches. Each match's tickets are taken in one
 * transaction only while all are still waiting (a ticket released meanwhile leaves the others waiting); a match on a
 * Multiverse game then has a server allocated through Multiverse's own `allocate`, and its tickets are given the
 * server's host and port — or, when the allocation fails, go back to waiting with their age kept. A match on a Sync
 * room profile has a room made and its players seated the same way (`rooms.ts`). A match still
 * allocating after `STUCK_MS` (its instance stopped mid-allocation) is failed the same way.
 */
import type { Ctx } from '../../context';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { allocate } from '../multiverse/allocations';
import { multiverseModels } from '../multiverse/models';
import { supervisorOf } from '../multiverse/supervisors';
import { backfillPlace, formMatches, type FormedMatch, type MatchConfig, type OpenBackfill, type PoolTicket } from './matchmaker';
import { matchModels } from './models';
import { countTickets } from './tickets';
import { seatInRoom } from './rooms';

/** The most waiting tickets of one config a tick reads. */
export const POOL_LIMIT = 20_000;

interface Waiting extends PoolTicket {
  record: Data;
}

const allocations = new WeakMap<Ctx, Set<Promise<void>>>();
const pendingOf = (ctx: Ctx) => {
  let s = allocations.get(ctx);
  if (!s) allocations.set(ctx, (s = new Set()));
  return s;
};

/** Resolves once the allocations this process started have ended. */
export async function allocationsSettled(ctx: Ctx): Promise<void> {
  while (pendingOf(ctx).size) await Promise.allSettled([...pendingOf(ctx)]);
}

const waitOf = (createdAt: unknown, now: number) => Math.round((now - Date.parse(String(createdAt))) / 100) / 10;

/** A match still allocating after this long lost its allocation (the instance that made it stopped): it is failed. */
export const STUCK_MS = 10 * 60_000;

/** Fails the matches whose allocation never ended and puts their tickets back to waiting. */
async function sweepStuck(ctx: Ctx): Promise<void> {
  const m = matchModels(ctx);
  const stuck = await records(ctx.db, m.matches).findEverywhere({ where: { status: 'allocating', createdAt: { $lt: new Date(Date.now() - STUCK_MS) } }, limit: 100 });
  for (const { scopeId, record } of stuck) await failMatch(ctx, scopeId, String(record.id), 'the allocation never finished');
}

/** After a failed allocation a ticket waits this long before it is matched again, doubled with each failure, up to `RETRY_MAX_MS`. */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

/** The wait before a ticket whose allocation failed `failures` times is matched again. */
export const retryDelay = (failures: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));

/** One run over every config; answers what it did. */
export async function runTick(ctx: Ctx): Promise<{ matches: number; timedOut: number; backfilled: number }> {
  const m = matchModels(ctx);
  const totals = { matches: 0, timedOut: 0, backfilled: 0 };
  await sweepStuck(ctx);
  const configs = await records(ctx.db, m.configs).findEverywhere({ orderBy: 'createdAt', limit: 5000 });
  for (const { scopeId, record: config } of configs) {
    if (config.enabled === false) continue;
    const rows = await records(ctx.db, m.tickets).find(scopeId, { where: { configId: String(config.id), status: 'searching' }, orderBy: 'createdAt', limit: POOL_LIMIT });
    if (!rows.length) continue;
    const now = Date.now();
    let pool: Waiting[] = rows.map((r) => ({ id: String(r.id), createdMs: Date.parse(String(r.createdAt)), attributes: r.attributes as PoolTicket['attributes'], regions: r.regions as string[] | undefined, record: r }));
    totals.timedOut += await timeOut(ctx, scopeId, config, pool, now);
    pool = pool.filter((t) => now - t.createdMs < Number(config.timeoutSeconds ?? 120) * 1000 && !(Date.parse(String(t.record.retryAt ?? '')) > now));
    if (config.backfill) {
      const filled = await fillBackfills(ctx, scopeId, config, pool, now);
      totals.backfilled += filled.size;
      pool = pool.filter((t) => !filled.has(t.id));
    }
    for (const formed of formMatches(config as unknown as MatchConfig, pool, now)) {
      const match = await takeTickets(ctx, scopeId, config, formed, now);
      if (!match) continue;
      totals.matches += 1;
      const placed = config.gameId ? allocateFor(ctx, scopeId, config, match) : config.syncProfileId ? roomFor(ctx, scopeId, config, match) : undefined;
      if (placed) {
        const p: Promise<void> = placed.finally(() => pendingOf(ctx).delete(p));
        pendingOf(ctx).add(p);
      }
    }
  }
  return totals;
}

async function timeOut(ctx: Ctx, scopeId: string, config: Data, pool: Waiting[], now: number): Promise<number> {
  const limit = Number(config.timeoutSeconds ?? 120) * 1000;
  const late = pool.filter((t) => now - t.createdMs >= limit).map((t) => t.id);
  if (!late.length) return 0;
  const moved = await records(ctx.db, matchModels(ctx).tickets).update(scopeId, { id: { $in: late }, status: 'searching' }, { status: 'timeout', set: { reason: 'not matched within the timeout' } });
  await countTickets(ctx, scopeId, String(config.id), 'timedOut', moved.length);
  return moved.length;
}

/** Places waiting tickets in the config's open backfills; answers the tickets placed. */
async function fillBackfills(ctx: Ctx, scopeId: string, config: Data, pool: Waiting[], now: number): Promise<Set<string>> {
  const m = matchModels(ctx);
  const placed = new Set<string>();
  const open = await records(ctx.db, m.backfills).find(scopeId, { where: { configId: String(config.id), status: 'open' }, orderBy: 'createdAt', limit: 500 });
  for (const b of open) {
    const backfill = { id: String(b.id), region: b.region as string, attributes: b.attributes as OpenBackfill['attributes'], openSlots: (b.openSlots ?? []) as OpenBackfill['openSlots'] };
    const taken: string[] = [];
    for (const t of pool) {
      if (placed.has(t.id)) continue;
      const team = backfillPlace(config as unknown as MatchConfig, t, backfill, now);
      if (!team) continue;
      const [moved] = await records(ctx.db, m.tickets).update(scopeId, { id: t.id, status: 'searching' }, {
        status: 'found',
        set: { matchId: b.matchId ?? b.id, team, region: backfill.region, host: b.host, port: b.port, ...(b.serverId ? { serverId: b.serverId } : {}), backfillId: b.id, waitSeconds: waitOf(t.record.createdAt, now), matchedAt: new Date(now).toISOString() },
      });
      if (!moved) continue;
      placed.add(t.id);
      taken.push(t.id);
      backfill.openSlots = backfill.openSlots.map((s) => (s.team === team ? { ...s, count: s.count - 1 } : s));
      if (!backfill.openSlots.some((s) => s.count > 0)) break;
    }
    if (!taken.length) continue;
    const full = !backfill.openSlots.some((s) => s.count > 0);
    await records(ctx.db, m.backfills).update(scopeId, { id: backfill.id, status: 'open' }, { ...(full ? { status: 'filled' } : {}), set: { openSlots: backfill.openSlots, tickets: [...((b.tickets ?? []) as string[]), ...taken] } });
    await countTickets(ctx, scopeId, String(config.id), 'matched', taken.length);
  }
  return placed;
}

/** Whether the config's matches are played somewhere the matchmaker provides: a Multiverse game's server or a Sync room. */
const hosted = (config: Data) => !!(config.gameId || config.syncProfileId);

/** Stores the match and moves its tickets to matched, all or none; undefined when one is no longer waiting. */
async function takeTickets(ctx: Ctx, scopeId: string, config: Data, formed: FormedMatch<Waiting>, now: number): Promise<Data | undefined> {
  const m = matchModels(ctx);
  const ids = formed.teams.flatMap((t) => t.tickets.map((x) => x.id));
  const match = await ctx.db.transaction(async (tx) => {
    const locked = await records(tx, m.tickets).find(scopeId, { where: { id: { $in: ids }, status: 'searching' }, lock: 'update', limit: ids.length });
    if (locked.length !== ids.length) return undefined;
    const made = await records(tx, m.matches).insert(
      scopeId,
      {
        appId: scopeId,
        configId: String(config.id),
        region: formed.region,
        teams: formed.teams.map((t) => ({ name: t.name, tickets: t.tickets.map((x) => x.id), players: t.tickets.map((x) => String(x.record.playerId ?? '')) })),
        players: ids.length,
        balance: Math.round(formed.balance * 100) / 100,
        maxWaitSeconds: Math.round(formed.maxWaitSeconds * 10) / 10,
      },
      { status: hosted(config) ? 'allocating' : 'formed', parentId: scopeId },
    );
    for (const team of formed.teams) {
      for (const t of team.tickets) {
        await records(tx, m.tickets).update(scopeId, { id: t.id }, { status: hosted(config) ? 'matched' : 'found', set: { matchId: made.id, team: team.name, region: formed.region, waitSeconds: waitOf(t.record.createdAt, now), matchedAt: new Date(now).toISOString() } });
      }
    }
    return made;
  });
  if (match) await countTickets(ctx, scopeId, String(config.id), 'matched', ids.length);
  return match;
}

/** Allocates the match's server through Multiverse and gives its address to the tickets (see the file's comment). */
async function allocateFor(ctx: Ctx, scopeId: string, config: Data, match: Data): Promise<void> {
  const m = matchModels(ctx);
  const matchId = String(match.id);
  try {
    const game = await records(ctx.db, multiverseModels(ctx).games).maybe(scopeId, String(config.gameId));
    if (!game) throw new Error('no such game');
    const labels = { 'match-id': matchId, 'match-config': String(config.id) };
    const server = await allocate(ctx, supervisorOf(ctx), scopeId, game, { region: String(match.region), labels, ...(config.profileId ? { profileId: String(config.profileId) } : {}) });
    if (server.status !== 'allocated') throw new Error(String(server.reason ?? 'the server was not allocated'));
    const address = { serverId: server.id, host: server.address, port: server.port };
    await records(ctx.db, m.matches).update(scopeId, { id: matchId }, { status: 'ready', set: address });
    await records(ctx.db, m.tickets).update(scopeId, { matchId, status: 'matched' }, { status: 'found', set: address });
  } catch (e) {
    await failMatch(ctx, scopeId, matchId, e instanceof Error ? e.message : String(e));
  }
}

/** Makes the match's Sync room and seats its players (`rooms.ts`), or fails the match with the reason. */
async function roomFor(ctx: Ctx, scopeId: string, config: Data, match: Data): Promise<void> {
  try {
    await seatInRoom(ctx, scopeId, config, match);
  } catch (e) {
    await failMatch(ctx, scopeId, String(match.id), e instanceof Error ? e.message : String(e));
  }
}

/**
 * A match whose server could not be had: failed, its tickets back to waiting with their age kept (matched again, or
 * timed out) — but not before their `retryAt`, so a game with no server to give is not asked again on every tick.
 */
async function failMatch(ctx: Ctx, scopeId: string, matchId: string, reason: string): Promise<void> {
  const m = matchModels(ctx);
  const [failed] = await records(ctx.db, m.matches).update(scopeId, { id: matchId, status: 'allocating' }, { status: 'failed', set: { reason } });
  if (!failed) return;
  const now = Date.now();
  for (const t of await records(ctx.db, m.tickets).find(scopeId, { where: { matchId, status: 'matched' }, limit: 1000 })) {
    const failures = Number(t.failures ?? 0) + 1;
    await records(ctx.db, m.tickets).update(scopeId, { id: String(t.id), status: 'matched' }, {
      status: 'searching',
      set: { reason: `allocation failed: ${reason}`, failures, retryAt: new Date(now + retryDelay(failures)).toISOString() },
      unset: ['matchId', 'team', 'region', 'matchedAt', 'waitSeconds', 'roomId', 'seatToken', 'relayUrl'],
    });
  }
}
