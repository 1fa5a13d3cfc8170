import type { Db, Queryable } from './types';

/** The name of the lock start-up work runs under (migrations, index creation, demo data). */
export const STARTUP_LOCK = 'lodestar-startup';

/** How often a waiting instance asks for the start-up lock again. */
const STARTUP_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs start-up work while holding the start-up lock, so instances starting together on one PostgreSQL take turns
 * and the later ones find the work done. The lock is a transaction-scoped advisory lock held by a transaction of its
 * own for as long as `work` runs (the work itself uses other connections); it is asked for again and again rather
 * than waited on in one statement, which the statement time limit would cut short while another instance migrates a
 * large database. An instance that dies while holding it loses its connection, and with it the lock. The embedded
 * database has one process: the work simply runs.
 */
export async function underStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.kind === 'pglite') return work();
  return db.transaction(async (tx) => {
    while (!(await tx.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS got', [STARTUP_LOCK])).rows[0].got) {
      await sleep(STARTUP_POLL_MS);
    }
    return work();
  });
}

/**
 * Takes transaction-scoped advisory locks on names, in sorted order (two transactions never wait for each other in
 * a circle), for a check and a write that must not interleave with another request's — on this instance or another.
 * `tx` must be a transaction: the locks last until it ends.
 */
export async function lockNames(tx: Queryable, names: string[]): Promise<void> {
  for (const name of [...new Set(names)].sort()) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
}
