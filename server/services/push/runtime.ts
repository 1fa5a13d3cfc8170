/**
 * What the push service holds per server (one per `Ctx`): this instance's push servers (`PushHub`) and its name in
 * server infos. Connections live in this process; everything else is in the database.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { push } from '../../../resources/push';
import { modelOf, type Ctx } from '../../context';
import type { Queryable } from '../../db';
import { records } from '../../engine/query';
import { PushHub } from './hub';

export const SERVICE = push.name;

export interface PushRuntime {
  hub: PushHub;
  instance: string;
  /** The day (usage zone) and the peak of concurrent connections recorded for it, per push app. */
  peaks: Map<string, { day: string; peak: number }>;
}

const runtimes = new WeakMap<Ctx, PushRuntime>();

export function runtimeOf(ctx: Ctx): PushRuntime {
  let r = runtimes.get(ctx);
  if (!r) runtimes.set(ctx, (r = { hub: new PushHub(), instance: `${hostname()}:${process.pid}:${randomUUID().slice(0, 6)}`, peaks: new Map() }));
  return r;
}

export const appsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'apps'));
export const providersOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'channels'));
export const devicesOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'devices'));
export const sendsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'sends'));
