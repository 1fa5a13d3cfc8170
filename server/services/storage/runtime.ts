/**
 * The running part of storage for one Lodestar: its database servers and the asynchronous requests under way, which
 * the server's close waits for before the servers close (no database, port or connection outlives the app).
 */
import { storage } from '../../../resources/storage';
import { modelOf, type Ctx } from '../../context';
import type { Queryable } from '../../db';
import { records } from '../../engine/query';
import { instanceType } from '../../../resources/storage/catalog';
import { StorageServers } from './servers';

export const SERVICE = storage.name;

export const databasesOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'databases'));
export const requestsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'requests'));

/** How often a running request is marked alive; one silent six times as long was cut off (`requests-cut-off.ts`). */
export const REQUEST_HEARTBEAT_MS = 10_000;

export interface StorageRuntime {
  servers: StorageServers;
  /** Runs a request's work in the background, kept until it ends. */
  run(work: () => Promise<void>): void;
  /** Resolves once no request's work is running. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const runtimes = new WeakMap<Ctx, StorageRuntime>();

/** The databases the front door of the embedded server lets clients into: running ones, by database name. */
async function embeddedTarget(ctx: Ctx, databaseName: string) {
  const [found] = await databasesOf(ctx).findEverywhere({ where: { databaseName, server: 'embedded', status: { $in: ['running', 'restarting'] } }, limit: 1 });
  if (!found) return undefined;
  const { record, scopeId } = found;
  const secret = await ctx.store.writeOnlyValues(modelOf(ctx, SERVICE, 'databases'), scopeId, String(record.id));
  return { id: String(record.id), user: String(record.user), password: String(secret.password ?? ''), maxConnections: instanceType(String(record.instanceType))?.maxConnections ?? 0 };
}

export function runtimeOf(ctx: Ctx): StorageRuntime {
  let rt = runtimes.get(ctx);
  if (rt) return rt;
  const servers = new StorageServers(ctx.config, (name) => embeddedTarget(ctx, name));
  const pending = new Set<Promise<void>>();
  let closing = false;
  rt = {
    servers,
    run(work) {
      if (closing) return;
      const p = work()
        .catch((e) => console.error('storage: a request failed unexpectedly', e))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      closing = true;
      while (pending.size) await Promise.all([...pending]);
      await servers.close();
      runtimes.delete(ctx);
    },
  };
  runtimes.set(ctx, rt);
  return rt;
}
