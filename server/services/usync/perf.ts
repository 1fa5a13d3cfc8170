/**
 * Perf sessions (`resources/usync/perf.ts`): a session created by the declared create answers at once (Init); its
 * run starts in the background on the instance that took the create. It claims the session (its `pod`, set only
 * while none is), opens a room of the profile through the rooms' own create, seats its clients, and is Running once
 * the relay welcomed every one; Finished with its results when the duration is over, or Failed with the reason: the
 * room could not be opened, a client was refused, the server stopped during the run, or the instance running it is
 * gone (`failOrphanSessions`, at start-up). The room is closed after, and its traffic is the app's, as any room's.
 */
import type { AddressInfo } from 'node:net';
import { refusedMessage } from '../../../resources/action-call';
import { PERF, perfSessions } from '../../../resources/usync/perf';
import { ROOM } from '../../../resources/usync/resources';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers } from '../../engine/declared-calls';
import type { ResourceHooks } from '../../engine/hooks';
import type { Data } from '../../engine/store';
import { modelOf } from '../../context';
import { conflict } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Api } from '../../engine/api';
import { runtimeOf, SERVICE } from './models';
import { atOwner } from './owners';
import { PerfRun } from './perf-run';
import { closeRoom, limitsOf, SYSTEM } from './rooms';
import { join, RELAY_URL } from './seats';
import { createRoom } from './service-calls';

export const sessionsOf = (ctx: Ctx) => records(ctx.db, modelOf(ctx, SERVICE, 'perfSessions'));

export const STOPPED = 'the session was stopped';
export const SERVER_STOPPED = 'the server stopped during the run';
export const RUNNER_GONE = 'the server running the session stopped';

interface PerfRuntime {
  /** This server's relay address once it listens. */
  relay?: () => string | undefined;
  /** The runs in progress here, by session id. */
  runs: Map<string, { run?: PerfRun; done: Promise<void>; appId: string }>;
}

const runtimes = new WeakMap<Ctx, PerfRuntime>();
const perfOf = (ctx: Ctx): PerfRuntime => {
  let r = runtimes.get(ctx);
  if (!r) runtimes.set(ctx, (r = { runs: new Map() }));
  return r;
};

/** Moves a session from `from` to `to` with `set`; answers the moved session, or undefined when it was not in `from`. */
async function move(ctx: Ctx, appId: string, id: string, from: string[], to: string, set: Data, actor = SYSTEM): Promise<Data | undefined> {
  const [hit] = await sessionsOf(ctx).update(appId, { id, status: { $in: from } }, { status: to, set });
  if (hit) await recordOperation(ctx.db, { actor, appId, action: `${SERVICE}.perfSessions.${to}`, target: id, after: hit.record });
  return hit?.record;
}

const fail = (ctx: Ctx, appId: string, id: string, reason: string) =>
  move(ctx, appId, id, [PERF.init, PERF.running], PERF.failed, { statusReason: reason, finishedAt: new Date().toISOString() });

/** Runs a session here if no instance has claimed it. */
async function run(ctx: Ctx, appId: string, id: string): Promise<void> {
  const rt = runtimeOf(ctx);
  const perf = perfOf(ctx);
  const [claimed] = await sessionsOf(ctx).update(appId, { id, status: PERF.init, pod: '' }, { set: { pod: rt.pod } });
  if (!claimed) return;
  const s = claimed.record;
  const entry = perf.runs.get(id)!;
  let roomId = '';
  try {
    const relay = perf.relay?.();
    if (!relay) throw new Error('the server is not listening for clients');
    const room = await createRoom(ctx, appId, { profileId: String(s.profileId), name: `perf-${id}` }, SYSTEM);
    roomId = String(room.id);
    await sessionsOf(ctx).update(appId, { id }, { set: { roomId } });
    if (room.status !== ROOM.ready) throw new Error(`the room could not be opened: ${String(room.statusReason)}`);
    const seats = [];
    for (let i = 1; i <= Number(s.clients); i++) seats.push(await join(ctx, appId, roomId, `perf-${id}-${i}`, 'service'));
    entry.run = new PerfRun({ relay, roomId, seats, durationSeconds: Number(s.durationSeconds), messageBytes: Number(s.messageBytes), messagesPerSecond: Number(s.messagesPerSecond) });
    await entry.run.connect();
    if (!(await move(ctx, appId, id, [PERF.init], PERF.running, { startedAt: new Date().toISOString() }))) throw new Error(SERVER_STOPPED);
    const results = await entry.run.send();
    await closeRoom(ctx, appId, roomId, 'the perf session ended');
    await move(ctx, appId, id, [PERF.running], PERF.finished, { ...results, finishedAt: new Date().toISOString() });
  } catch (err) {
    entry.run?.close();
    await fail(ctx, appId, id, err instanceof Error ? err.message : String(err));
    if (roomId) await closeRoom(ctx, appId, roomId, 'the perf session ended');
  }
}

/** Starts the run of each session created (not awaited: the create answers Init at once). */
function start(ctx: Ctx, appId: string, id: string): void {
  const perf = perfOf(ctx);
  if (perf.runs.has(id)) return;
  const entry = { appId, done: Promise.resolve() as Promise<void> };
  perf.runs.set(id, entry);
  entry.done = run(ctx, appId, id)
    .catch((err: unknown) => runtimeOf(ctx).report(err, 'perf session'))
    .finally(() => perf.runs.delete(id));
}

/** The session's clients must fit in one room of the profile, and its messages in the profile's largest. */
export const perfHooks: ResourceHooks = {
  validate: async ({ ctx, scopeId, data, existing }) => {
    if (existing) return [];
    const found = await limitsOf(ctx, scopeId, String(data.profileId));
    if (!found) return [];
    const errors = [];
    if (Number(data.clients ?? 4) > found.limits.maxPlayers) errors.push({ field: '/clients', message: `a room of this profile holds at most ${found.limits.maxPlayers} players` });
    if (Number(data.messageBytes ?? 128) > found.limits.maxMessageBytes) errors.push({ field: '/messageBytes', message: `the profile's tier allows messages of at most ${found.limits.maxMessageBytes} bytes` });
    return errors;
  },
  changed: async ({ ctx, scopeId, ids }) => {
    for (const id of ids) start(ctx, scopeId, id);
  },
};

/** Where this server's relay is reached, once it listens (`ws://` on its own address). */
export function listenPerf(api: Api, ctx: Ctx): void {
  perfOf(ctx).relay = () => {
    const a = api.app.server.address() as AddressInfo | null;
    if (!a || typeof a !== 'object') return undefined;
    const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
    return `ws://${host}:${a.port}${RELAY_URL}`;
  };
}

/** Stopping: every run here ends Failed (the server stopped), its room closed. */
export async function stopPerf(ctx: Ctx): Promise<void> {
  const runs = [...perfOf(ctx).runs];
  for (const [id, r] of runs) {
    await fail(ctx, r.appId, id, SERVER_STOPPED);
    r.run?.abort(SERVER_STOPPED);
  }
  await Promise.all(runs.map(([, r]) => r.done));
}

const stopAction = perfSessions.actions!.find((a) => a.name === 'stop')!;

/**
 * The declared stop (an app's call, or an administrator's from the back office): the session ends Failed at once,
 * its reason saying it was stopped and its history naming who did. A run here is aborted; the room the session
 * opened is closed where it is hosted, which disconnects the clients of a run on another instance (that run then
 * finds its session ended and keeps nothing).
 */
async function stopSession(ctx: Ctx, appId: string, id: string, actor: string): Promise<Data> {
  const stopped = await move(ctx, appId, id, [PERF.init, PERF.running], PERF.failed, { statusReason: STOPPED, finishedAt: new Date().toISOString() }, actor);
  if (!stopped) throw conflict('INVALID_TRANSITION', refusedMessage(stopAction));
  perfOf(ctx).runs.get(id)?.run?.abort(STOPPED);
  const roomId = String(stopped.roomId ?? '');
  // A room already closed (the run ended it first) is left as it is.
  if (roomId) await atOwner(ctx, appId, roomId, 'close', { actor }, () => closeRoom(ctx, appId, roomId, STOPPED, actor)).catch(() => undefined);
  return stopped;
}

/**
 * Sessions left Init or Running by an instance that is gone: without Redis (one instance), every one not run here;
 * with it, those whose runner's lease has run out, and those never claimed within a lease of their creation.
 */
export async function failOrphanSessions(ctx: Ctx): Promise<void> {
  const { cluster, pod } = runtimeOf(ctx);
  const perf = perfOf(ctx);
  for (const { scopeId, record } of await sessionsOf(ctx).findEverywhere({ where: { status: { $in: [PERF.init, PERF.running] } } })) {
    const id = String(record.id);
    const owner = String(record.pod ?? '');
    if (perf.runs.has(id) || (cluster && owner === pod)) continue;
    if (cluster && (owner ? await cluster.alive(owner) : Date.now() - Date.parse(String(record.createdAt)) < cluster.leaseMs)) continue;
    await fail(ctx, scopeId, id, RUNNER_GONE);
  }
}

export function perfCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'perfSessions.stop': (call) => stopSession(ctx, call.scopeId, String(call.record!.id), call.actor),
    perfSessionsOfApp: async (call) => {
      const q = call.input as { status?: string; limit?: number };
      const where = q.status ? { status: q.status } : {};
      const items = await sessionsOf(ctx).find(call.scopeId, { where, orderBy: '-createdAt', limit: q.limit ?? 50 });
      return { total: await sessionsOf(ctx).count(call.scopeId, where), items };
    },
  };
}
