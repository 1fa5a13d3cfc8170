import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './types';

/**
 * Embedded PostgreSQL. `dataDir` undefined means in memory (tests).
 *
 * Durability: on disk, PGlite's Node file layer writes with synchronous `fs` calls while a statement runs, so a
 * commit has reached the operating system when its query returns (`relaxedDurability` off: nothing is deferred). A
 * killed server process therefore loses no acknowledged write (tests/faults checks it with SIGKILL). PGlite never
 * asks the disk to flush (it runs PostgreSQL with fsync off and its file layer ignores fsync), so a power loss or
 * kernel crash can lose the latest writes: deployments that need that guarantee use PostgreSQL (DATABASE_URL).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Db> {
  const pg = dataDir ? new PGlite(dataDir, { relaxedDurability: false }) : new PGlite(from ? { loadDataDir: from } : {});
  await pg.waitReady;
  return wrapDb(pg);
}

const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
  async query<T>(sql: string, params: unknown[] = []) {
    const res = await q.query<T>(sql, params);
    return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
  },
});

function wrapDb(pg: PGlite): Db {
  return {
    kind: 'pglite',
    query: wrap(pg).query,
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    // One process: whoever changes shared data has already acted on it here.
    listen: async () => async () => undefined,
    notify: async () => undefined,
    close: () => pg.close(),
  };
}

/**
 * An in-memory database with every migration applied, as a dump to start others from (`DbOptions.from`): what many
 * short-lived databases (a test file each) would otherwise each migrate again. `from` starts it as a copy of another
 * dump, so one prepared world can be built on the last.
 */
export async function dumpPrepared(prepare: (db: Db) => Promise<unknown>, from?: Blob): Promise<Blob> {
  const pg = new PGlite(from ? { loadDataDir: from } : {});
  await pg.waitReady;
  try {
    await prepare(wrapDb(pg));
    return await pg.dumpDataDir('gzip');
  } finally {
    await pg.close();
  }
}
