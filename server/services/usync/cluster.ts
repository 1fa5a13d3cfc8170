/**
 * Sync's instances together, through Redis (REDIS_URL; ADR 0036): each instance holds a lease it renews while it
 * runs, the rooms it hosts are named in Redis by their owner, and each instance listens on a channel of its own for
 * what the others ask of it — a call (a join, leave, close or room's live state, answered on the caller's channel)
 * or a frame of a player's connection that arrived at another instance (`bridge.ts`). Without REDIS_URL there is
 * none of this: one instance hosts every room.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { ApiError, conflict } from '../../engine/errors';

const PREFIX = 'lodestar:usync:';
const channelOf = (pod: string) => `${PREFIX}pod:${pod}`;
const leaseKey = (pod: string) => `${PREFIX}lease:${pod}`;
const roomKey = (roomId: string) => `${PREFIX}room:${roomId}`;
/** How long a call to another instance may take before it is given up. */
const CALL_MS = 5_000;

/** What instances send each other: calls and their answers, and the frames of bridged connections. */
export type BusMessage =
  | { t: 'call'; id: string; from: string; op: string; args: Record<string, unknown> }
  | { t: 'reply'; id: string; value?: unknown; error?: { status: number; code: string; message: string } }
  | { t: 'open'; conn: string; from: string; roomId: string; token: string }
  | { t: 'in'; conn: string; data: string }
  | { t: 'gone'; conn: string }
  | { t: 'out'; conn: string; frame: string }
  | { t: 'shut'; conn: string; code: number; reason: string };

/** The messages of bridged connections (`bridge.ts`). */
export type FrameMessage = Exclude<BusMessage, { t: 'call' } | { t: 'reply' }>;

export type CallOps = Record<string, (args: Record<string, unknown>) => Promise<unknown>>;

export interface Cluster {
  pod: string;
  leaseMs: number;
  send: (pod: string, msg: BusMessage) => Promise<number>;
  /** Whether the instance's lease runs (it renewed it within the lease). */
  alive: (pod: string) => Promise<boolean>;
  /** The instance hosting a room, as Redis names it. */
  ownerOf: (roomId: string) => Promise<string | undefined>;
  /** Names this instance the room's owner until `untilMs` (the room's time to live). */
  claim: (roomId: string, untilMs: number) => Promise<void>;
  release: (roomId: string) => Promise<void>;
  /** Asks the instance `pod` to run `op`; answers its answer or throws its error. */
  call: (pod: string, op: string, args: Record<string, unknown>) => Promise<unknown>;
  /** When this instance last renewed its lease (ms). */
  renewedAt: () => number;
  /** Whether Redis still holds this instance's lease (false when Redis does not answer). */
  holds: () => Promise<boolean>;
  stop: () => Promise<void>;
}

const errorOf = (err: unknown) =>
  err instanceof ApiError ? { status: err.status, code: err.code, message: err.message } : { status: 500, code: 'INTERNAL_ERROR', message: err instanceof Error ? err.message : String(err) };

/**
 * Connects to Redis, takes this instance's lease and listens on its channel; `frames` takes the bridged connections'
 * messages, `ops` the calls; `tick` runs at each renewal (a third of the lease). Fails when Redis does not answer.
 */
export async function startCluster(url: string, pod: string, leaseMs: number, ops: CallOps, frames: (msg: FrameMessage) => void, tick: () => Promise<void>, report: (err: unknown, what: string) => void): Promise<Cluster> {
  // A command while Redis is out of reach fails at once rather than waiting: a lease renewed late is no renewal.
  const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  pub.on('error', (err) => report(err, 'sync: Redis'));
  sub.on('error', (err) => report(err, 'sync: Redis listener'));
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`Sync cannot reach the Redis server REDIS_URL names: ${err instanceof Error ? err.message : String(err)}`);
  }
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout }>();
  let renewed = 0;
  const renew = async () => {
    await pub.set(leaseKey(pod), String(Date.now()), 'PX', leaseMs);
    renewed = Date.now();
  };
  await renew();
  // Never fails: a message Redis did not take was heard by no one (0), and the failure is reported.
  const send = (to: string, msg: BusMessage) => pub.publish(channelOf(to), JSON.stringify(msg)).catch((err: unknown) => (report(err, 'sync: Redis publish'), 0));

  const answer = async (msg: Extract<BusMessage, { t: 'call' }>) => {
    const op = ops[msg.op];
    try {
      if (!op) throw new Error(`no call ${msg.op}`);
      await send(msg.from, { t: 'reply', id: msg.id, value: (await op(msg.args)) ?? null });
    } catch (err) {
      await send(msg.from, { t: 'reply', id: msg.id, error: errorOf(err) });
    }
  };
  sub.on('message', (_channel: string, text: string) => {
    const msg = JSON.parse(text) as BusMessage;
    if (msg.t === 'call') return void answer(msg).catch((err: unknown) => report(err, 'sync: answering a call'));
    if (msg.t === 'reply') {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      clearTimeout(p.timer);
      return msg.error ? p.reject(new ApiError(msg.error.status, msg.error.code, msg.error.message)) : p.resolve(msg.value);
    }
    frames(msg);
  });
  await sub.subscribe(channelOf(pod));

  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void renew()
      .then(tick)
      .catch((err: unknown) => report(err, 'sync: renewing the lease'))
      .finally(() => (busy = false));
  }, Math.max(100, Math.floor(leaseMs / 3)));
  timer.unref();

  return {
    pod,
    leaseMs,
    send,
    alive: async (other) => other === pod || (await pub.exists(leaseKey(other))) === 1,
    ownerOf: async (roomId) => (await pub.get(roomKey(roomId))) ?? undefined,
    claim: async (roomId, untilMs) => void (await pub.set(roomKey(roomId), pod, 'PX', Math.max(1000, untilMs - Date.now() + leaseMs))),
    // A name not removed (Redis unreachable) ends with its expiry.
    release: async (roomId) => void (await pub.del(roomKey(roomId)).catch((err: unknown) => report(err, 'sync: Redis'))),
    call: (to, op, args) =>
      new Promise((resolve, reject) => {
        const id = randomUUID();
        const unreachable = () => conflict('INVALID_TRANSITION', 'the server hosting the room is not reachable');
        const timer = setTimeout(() => (pending.delete(id), reject(unreachable())), CALL_MS);
        pending.set(id, { resolve, reject, timer });
        send(to, { t: 'call', id, from: pod, op, args }).then(
          (heard) => heard === 0 && (pending.delete(id), clearTimeout(timer), reject(unreachable())),
          (err: unknown) => (pending.delete(id), clearTimeout(timer), reject(err)),
        );
      }),
    renewedAt: () => renewed,
    holds: () => pub.exists(leaseKey(pod)).then((n) => n === 1, () => false),
    async stop() {
      clearInterval(timer);
      for (const p of pending.values()) clearTimeout(p.timer);
      await pub.del(leaseKey(pod)).catch(() => undefined);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
