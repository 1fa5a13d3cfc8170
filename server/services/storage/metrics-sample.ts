/**
 * Sampling every running database on a schedule (the `storage.metrics` job, every STORAGE_METRICS_INTERVAL_SECONDS,
 * 60 by default): its figures read from its own server (`ManagedServer.figures`, the embedded server's for embedded
 * databases) kept as a `metricSamples` record, its operations the increase of the server's running count since the
 * previous sample (all of it after the count went back: a server restarted). Samples older than the keeping time go.
 * Also counts the databases created and deleted each day (the `databases` counter), by the databases' hooks.
 */
import { DEFAULT_SAMPLE_SECONDS, SAMPLE_KEEP_DAYS } from '../../../resources/storage/metrics';
import { storage } from '../../../resources/storage';
import { modelOf, type Ctx } from '../../context';
import { addCount, counterOf } from '../../engine/counters';
import type { ChangedInput, ResourceHooks } from '../../engine/hooks';
import type { Job } from '../../engine/jobs';
import { ALL_SCOPES, records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { configuredOf, targetOf } from './databases';
import type { Figures } from './metrics-read';
import { databasesOf, requestsOf, runtimeOf, SERVICE } from './runtime';

export const samplesOf = (ctx: Ctx) => records(ctx.db, modelOf(ctx, SERVICE, 'metricSamples'));

/** How often databases are sampled on this deployment, in seconds. */
export const sampleSeconds = (ctx: Ctx): number => {
  const configured = Number(ctx.config.env.STORAGE_METRICS_INTERVAL_SECONDS);
  return Number.isInteger(configured) && configured >= 1 ? configured : DEFAULT_SAMPLE_SECONDS;
};

/** A figure read that takes longer than this is given up (the database is sampled next time). */
const READ_MS = 15_000;

async function figuresOf(ctx: Ctx, scopeId: string, db: Data): Promise<Figures> {
  const configured = configuredOf(ctx, db);
  const read = configured ? configured.figures(await targetOf(ctx, scopeId, db)) : runtimeOf(ctx).servers.embedded.figures(String(db.id));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the server did not answer in time')), READ_MS)));
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One sample of one database, its operations counted from its previous sample. */
export async function sampleDatabase(ctx: Ctx, scopeId: string, db: Data, at = new Date()): Promise<Data> {
  const figures = await figuresOf(ctx, scopeId, db);
  const databaseId = String(db.id);
  const previous = await samplesOf(ctx).first(scopeId, { where: { databaseId }, orderBy: '-at' });
  const total = figures.operationsTotal;
  const before = previous?.operationsTotal;
  const operations = total === undefined ? {} : { operationsTotal: total, operations: typeof before === 'number' && before <= total ? total - before : previous ? total : 0 };
  const sizeAndKeys = { ...(figures.sizeBytes === undefined ? {} : { sizeBytes: figures.sizeBytes }), ...(figures.keys === undefined ? {} : { keys: figures.keys }) };
  return samplesOf(ctx).insert(scopeId, { databaseId, at: at.toISOString(), connections: figures.connections, ...sizeAndKeys, ...operations }, { parentId: databaseId });
}

/** Samples every running database; a database whose server cannot be read is left for the next run. */
export async function sampleAll(ctx: Ctx, now = new Date()): Promise<number> {
  const running = await databasesOf(ctx).findEverywhere({ where: { status: { $in: ['running', 'restarting'] } } });
  let done = 0;
  for (const { scopeId, record } of running) {
    try {
      await sampleDatabase(ctx, scopeId, record, now);
      done++;
    } catch (e) {
      console.warn(`storage: database ${String(record.id)} could not be sampled: ${(e as Error).message}`);
    }
  }
  await samplesOf(ctx).remove(ALL_SCOPES, { at: { $lt: new Date(now.getTime() - SAMPLE_KEEP_DAYS * 86_400_000).toISOString() } });
  return done;
}

export const metricsJob = (ctx: Ctx): Job => ({ name: 'storage.metrics', everyMs: sampleSeconds(ctx) * 1000, run: () => sampleAll(ctx) });

const counted = counterOf(storage, 'databases');

/** Work done when the databases' `changed` hook is told of created or deleted databases (before the hook's own). */
export type DatabasesChanged = (input: ChangedInput) => Promise<void>;

/** The databases' hooks with more work done on their changes, before their own (which starts a create's request). */
export function withDatabasesChanged(hooks: Record<string, ResourceHooks>, more: DatabasesChanged[]): Record<string, ResourceHooks> {
  const inner = hooks.databases ?? {};
  const changed = async (input: ChangedInput) => {
    for (const work of more) await work(input);
    await inner.changed?.(input);
  };
  return { ...hooks, databases: { ...inner, changed } };
}

/**
 * Counts the day's databases: one just created (still `creating`, its create request not yet recorded) as created for
 * its engine, one gone as deleted (its engine unknown by then).
 */
export const countDatabases: DatabasesChanged = async ({ ctx, scopeId, ids }) => {
  for (const id of ids) {
    const db = await databasesOf(ctx).maybe(scopeId, id);
    if (!db) await addCount(ctx.db, counted, scopeId, { engine: '', event: 'deleted' });
    else if (db.status === 'creating' && !(await requestsOf(ctx).maybe(scopeId, String(db.requestId)))) {
      await addCount(ctx.db, counted, scopeId, { engine: String(db.engine), event: 'created' });
    }
  }
};
