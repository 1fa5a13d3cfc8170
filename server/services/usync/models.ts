/**
 * What Sync holds per server (one per `Ctx`): the rooms this instance's relay hosts (`RelayHub`), its name as the
 * rooms' pod, and the usage not yet recorded. Connections and seat tokens live in this process; the records say
 * what others must see.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { usync } from '../../../resources/usync';
import { modelOf, type Ctx } from '../../context';
import type { Queryable } from '../../db';
import { records } from '../../engine/query';
import type { CarriedSocket } from './bridge';
import type { Cluster } from './cluster';
import { RelayHub, type RelaySocket } from './hub';

export const SERVICE = usync.name;

export interface SyncRuntime {
  hub: RelayHub;
  /** This instance, as the rooms it hosts name it (`pod`). */
  pod: string;
  /** The day (usage zone) and the peak of concurrent users recorded for it, per app. */
  peaks: Map<string, { day: string; peak: number }>;
  /** Bytes relayed per app and not yet recorded as usage. */
  bytes: Map<string, number>;
  /** The sweep's timer (idle rooms, time to live, seats not taken or not back). */
  timer?: NodeJS.Timeout;
  /** The other instances, through Redis (REDIS_URL); none on one instance alone. */
  cluster?: Cluster;
  /** Connections made here to rooms hosted elsewhere, by bridge id, with the instance they are carried to. */
  bridged: Map<string, { socket: RelaySocket; owner: string }>;
  /** Connections made elsewhere to rooms hosted here, by bridge id (`bridge.ts`). */
  carried: Map<string, CarriedSocket>;
  /** Where a failed write made after a relay event is reported (the server's log once mounted). */
  report: (err: unknown, what: string) => void;
}

const runtimes = new WeakMap<Ctx, SyncRuntime>();

export function runtimeOf(ctx: Ctx): SyncRuntime {
  let r = runtimes.get(ctx);
  if (!r) runtimes.set(ctx, (r = { hub: new RelayHub(), pod: `${hostname()}:${process.pid}:${randomUUID().slice(0, 6)}`, peaks: new Map(), bytes: new Map(), bridged: new Map(), carried: new Map(), report: () => undefined }));
  return r;
}

export const tiersOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'tiers'));
export const profilesOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'profiles'));
export const roomsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'rooms'));
export const seatsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'seats'));
export const logsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'logs'));
export const pluginsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'plugins'));
export const pluginVersionsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'pluginVersions'));

/** Runs a room's stored change after those before it, in the order the relay's events happened. */
export function persist(ctx: Ctx, room: { chain: Promise<unknown> }, what: string, fn: () => Promise<unknown>): Promise<unknown> {
  room.chain = room.chain.then(fn).catch((err: unknown) => runtimeOf(ctx).report(err, what));
  return room.chain;
}
