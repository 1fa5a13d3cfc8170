/**
 * Two instances for the tests that kill one mid-job (sweep-kill, rewards-kill): A, a real server process on a
 * scratch database (so SIGKILL can end it), and B, an instance started in this process once A is dead; both with
 * a short job lease, so B takes the job over soon. Everything is closed and dropped after the file's tests.
 */
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import type { Db } from '../../server/db/types';
import { startInstance, type StartedInstance } from '../../server/start';
import { createScratchDatabase } from '../api/harness';
import { startServer, type ServerProcess } from '../faults/server-process';
import { requireDatabaseUrl } from './two-instances';

export function killedInstanceFixture(leaseMs: number) {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let db: Db | undefined;
  let a: ServerProcess | undefined;
  let b: StartedInstance | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase(requireDatabaseUrl());
    a = await startServer({ databaseUrl: scratch.url }, { JOB_LEASE_MS: String(leaseMs) });
    db = await openDatabase({ databaseUrl: scratch.url });
  });

  afterAll(async () => {
    await a?.kill();
    await b?.app.close();
    await b?.db.close();
    await db?.close();
    await scratch?.drop();
  });

  return {
    /** A connection of the test's own to the database both instances use. */
    db: () => db!,
    /** The server process to be killed. */
    a: () => a!,
    /** Starts B on the same database (without the demo data A seeded). */
    startB: async () => {
      b = await startInstance({ ...loadConfig({}), databaseUrl: scratch!.url, demo: false, jobLeaseMs: leaseMs });
    },
    /** A number one query answers (its column `n`). */
    one: async (sql: string, params: unknown[] = []) => Number((await db!.query<{ n: number }>(sql, params)).rows[0].n),
  };
}
