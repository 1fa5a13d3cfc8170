/**
 * Allocations (`/allocation/games/{id}/allocations`) and test servers (`/test-servers`). An allocation asks for a
 * server of the game in one of its regions: OnFleetGame takes a Ready server of the fleet — found and moved to
 * allocated in one transaction, the row locked with SKIP LOCKED, so two allocations racing for the last Ready server
 * get one each or one and a 409, never the same server — and OnDemandGame starts one, allocated when it calls Ready.
 * The matchmaker allocates through `allocate` the same way.
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { ApiError, badRequest, notFound } from '../../engine/errors';
import { records, type Where } from '../../engine/query';
import type { Data } from '../../engine/store';
import { multiverseModels, SERVICE } from './models';
import type { Supervisor } from './supervisor';

export interface AllocationRequest {
  region: string;
  profileId?: string;
  labels?: Record<string, string>;
  ttlSeconds?: number;
  wait?: boolean;
}

const noReady = () => new ApiError(409, 'NO_READY_SERVER', 'no Ready server of the game in this region');
const noCapacity = () => new ApiError(503, 'NO_CAPACITY', 'the region has no room for another server');

/** The released revision a game's servers run (the game's profile, or the one asked for). */
export async function releasedRevisionOf(ctx: Ctx, scopeId: string, game: Data, profileId?: string): Promise<Data> {
  const m = multiverseModels(ctx);
  const pid = profileId ?? (game.profileId as string | undefined);
  if (!pid) throw badRequest([{ field: '/profileId', message: 'the game has no profile' }], 'the game has no profile');
  const profile = await records(ctx.db, m.profiles).maybe(scopeId, pid);
  if (!profile || profile.gameId !== game.id) throw badRequest([{ field: '/profileId', message: 'not a profile of this game' }], 'not a profile of this game');
  const rev = profile.releasedRevisionId ? await records(ctx.db, m.revisions).maybe(scopeId, String(profile.releasedRevisionId)) : undefined;
  if (!rev) throw badRequest([{ field: '/profileId', message: 'the profile has no released revision' }], 'the profile has no released revision');
  return rev;
}

/** Allocates a server of `game` (see the file's comment); answers the server's record. */
export async function allocate(ctx: Ctx, sup: Supervisor, scopeId: string, game: Data, req: AllocationRequest): Promise<Data> {
  const m = multiverseModels(ctx);
  if (!((game.regions ?? []) as string[]).includes(req.region)) throw badRequest([{ field: '/region', message: 'not a region of the game' }], 'not a region of the game');
  if (!sup.settings.regions.some((r) => r.name === req.region)) throw badRequest([{ field: '/region', message: 'this deployment does not serve the region' }], 'this deployment does not serve the region');
  const gameId = String(game.id);
  if (game.mode === 'OnFleetGame') {
    const now = new Date().toISOString();
    const taken = await ctx.db.transaction(async (tx) => {
      const q = records(tx, m.servers);
      const [ready] = await q.find(scopeId, { where: { gameId, region: req.region, kind: 'fleet', status: 'created', sdkState: 'Ready' }, orderBy: 'createdAt', limit: 1, lock: 'skip' });
      if (!ready) return undefined;
      const labels = { ...((ready.labels ?? {}) as Record<string, string>), ...req.labels };
      const [hit] = await q.update(scopeId, { id: String(ready.id), status: 'created' }, { status: 'allocated', set: { kind: 'allocation', sdkState: 'Allocated', allocatedAt: now, labels } });
      return hit?.record;
    });
    if (!taken) throw noReady();
    sup.markAllocated(String(taken.id));
    return taken;
  }
  const rev = await releasedRevisionOf(ctx, scopeId, game, req.profileId);
  const running = await records(ctx.db, m.servers).count(scopeId, { gameId, region: req.region, status: { $in: ['created', 'allocated'] } });
  if (running >= Number(game.maxServers ?? 10)) throw noCapacity();
  let server: Data;
  try {
    server = await sup.start(scopeId, { kind: 'allocation', revision: rev, gameId, region: req.region, labels: req.labels, ttlSeconds: req.ttlSeconds });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw noCapacity();
  }
  if (req.wait === false) return server;
  const id = String(server.id);
  for (;;) {
    const now = await records(ctx.db, m.servers).get(scopeId, id);
    if (now.status !== 'created') return now;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const gameOf = async (ctx: Ctx, call: CallInput) => records(ctx.db, multiverseModels(ctx).games).get(call.scopeId, call.params.id, { message: 'no such game' });

async function allocationOf(ctx: Ctx, call: CallInput): Promise<Data> {
  const s = await records(ctx.db, multiverseModels(ctx).servers).maybe(call.scopeId, call.params.allocationId);
  if (!s || s.gameId !== call.params.id || s.kind !== 'allocation') throw notFound('no such allocation');
  return s;
}

async function testServerOf(ctx: Ctx, call: CallInput): Promise<Data> {
  const s = await records(ctx.db, multiverseModels(ctx).servers).maybe(call.scopeId, call.params.id);
  if (!s || s.kind !== 'test') throw notFound('no such test server');
  return s;
}

async function metricsOf(sup: Supervisor, s: Data) {
  const live = await sup.driver.metrics(String(s.id));
  return {
    running: !!live,
    cpuPercent: live?.cpuPercent ?? 0,
    memoryBytes: live?.memoryBytes ?? 0,
    cpuSeconds: live ? live.cpuMs / 1000 : 0,
    uptimeSeconds: live ? live.uptimeMs / 1000 : 0,
    millicores: Number(s.millicores ?? 0),
    memoryMiB: Number(s.memoryMiB ?? 0),
  };
}

const ended = (to: 'deallocated' | 'canceled') => (s: Data) => (s.status === 'allocated' ? 'deallocated' : s.status === 'created' ? to : undefined);

export function allocationCalls(ctx: Ctx, sup: Supervisor): CallHandlers {
  const m = multiverseModels(ctx);
  // An allocation never allocated is canceled; a test server, never allocated by design, is deallocated.
  const end = async (call: CallInput, s: Data, reason: string, unallocated: 'deallocated' | 'canceled' = 'canceled') => {
    const to = ended(unallocated)(s);
    const after = to ? await sup.stop(call.scopeId, String(s.id), to, reason) : s;
    await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.servers.stop`, target: String(s.id), before: { status: s.status }, after: { status: after?.status } });
    return after ?? s;
  };
  return {
    'allocations.create': async (call) => {
      const game = await gameOf(ctx, call);
      const made = await allocate(ctx, sup, call.scopeId, game, call.input as unknown as AllocationRequest);
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.allocations.create`, target: String(made.id), after: { gameId: game.id, region: made.region, status: made.status } });
      return made;
    },
    'allocations.list': async (call) => {
      await gameOf(ctx, call);
      const where: Where = { gameId: call.params.id, kind: 'allocation' };
      if (call.input.status) where.status = call.input.status;
      if (call.input.region) where.region = call.input.region;
      return { items: await records(ctx.db, m.servers).find(call.scopeId, { where, orderBy: '-createdAt', limit: Number(call.input.limit ?? 100) }) };
    },
    'allocations.get': (call) => allocationOf(ctx, call),
    'allocations.log': async (call) => ({ logs: sup.logs(call.params.allocationId, Number(call.input.limit ?? 200), await allocationOf(ctx, call)) }),
    'allocations.metrics': async (call) => metricsOf(sup, await allocationOf(ctx, call)),
    'allocations.delete': async (call) => end(call, await allocationOf(ctx, call), 'the allocation was deleted'),
    'testServers.create': async (call) => {
      const rev = await records(ctx.db, m.revisions).get(call.scopeId, String(call.input.revisionId), { message: 'no such profile revision' });
      const image = await records(ctx.db, m.images).maybe(call.scopeId, String(rev.imageId));
      if (image?.status !== 'success') throw badRequest([{ field: '/revisionId', message: 'the image is not built' }], 'the image is not built');
      const profile = await records(ctx.db, m.profiles).maybe(call.scopeId, String(rev.profileId));
      try {
        const made = await sup.start(call.scopeId, { kind: 'test', revision: rev, ...(profile ? { gameId: String(profile.gameId) } : {}), labels: call.input.labels as Record<string, string> | undefined });
        await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.test-servers.create`, target: String(made.id) });
        return made;
      } catch (e) {
        if (e instanceof ApiError) throw e;
        throw noCapacity();
      }
    },
    'testServers.list': async (call) => ({ items: await records(ctx.db, m.servers).find(call.scopeId, { where: { kind: 'test' }, orderBy: '-createdAt', limit: 200 }) }),
    'testServers.status': async (call) => {
      const s = await testServerOf(ctx, call);
      return { status: s.status, sdkState: s.sdkState, address: s.address, port: s.port, metrics: await metricsOf(sup, s) };
    },
    'testServers.logs': async (call) => ({ logs: sup.logs(call.params.id, Number(call.input.limit ?? 200), await testServerOf(ctx, call)) }),
    'testServers.delete': async (call) => end(call, await testServerOf(ctx, call), 'the test server was deleted', 'deallocated'),
  };
}
