import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { migrate } from './migrate';
import { underStartupLock } from './locks';
import type { Db } from './types';

export type { Db, Queryable } from './types';
export { DatabaseUnavailableError, isUnavailable } from './errors';
export { databaseAnswers } from './health';

export interface DbOptions {
  /** PostgreSQL connection string; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Embedded database directory; absent means in memory. */
  dataDir?: string;
  /** An in-memory embedded database starts as a copy of this dump (`dumpPrepared`): only newer migrations run. */
  from?: Blob;
}

/** Opens the configured database and brings its schema up to date (under the start-up lock: see ./locks). */
export async function openDatabase(opts: DbOptions): Promise<Db> {
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir, opts.from);
  await underStartupLock(db, () => migrate(db));
  return db;
}
