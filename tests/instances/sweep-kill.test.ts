/**
 * An instance killed (SIGKILL: a real server process, no shutdown code runs) in the middle of a timed sweep leaves
 * nothing half-done, and the other instance, once the dead one's lease has run out, makes the sweep once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import { loadConfig } from '../../server/config';
import type { Ctx } from '../../server/context';
import { openDatabase } from '../../server/db';
import type { Db } from '../../server/db/types';
import { buildModel } from '../../server/engine/model';
import { TIMED_STATES_JOB } from '../../server/engine/timed-states';
import { startInstance, type StartedInstance } from '../../server/start';
import { createScratchDatabase } from '../api/harness';
import { sleep, startServer, type ServerProcess } from '../faults/server-process';
import { historyOf, insertDueClasses } from './job-fixtures';
import { requireDatabaseUrl } from './two-instances';

/** Enough due records that one sweep takes seconds: a history entry is written for each. */
const DUE = 5_000;
const LEASE_MS = 2_000;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Db;
let a: ServerProcess | undefined;
let b: StartedInstance | undefined;

beforeAll(async () => {
  scratch = await createScratchDatabase(requireDatabaseUrl());
  a = await startServer({ databaseUrl: scratch.url }, { JOB_LEASE_MS: String(LEASE_MS) });
  db = await openDatabase({ databaseUrl: scratch.url });
});

afterAll(async () => {
  await a?.kill();
  await b?.app.close();
  await b?.db.close();
  await db?.close();
  await scratch?.drop();
});

const classes = passport.resources.find((r) => r.name === 'tokenClasses')!;
const ctx = { models: new Map([['passport/tokenClasses', buildModel(passport, classes)]]) } as unknown as Ctx;

const one = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);
const activeOf = (ids: string[]) =>
  one("SELECT count(*)::int AS n FROM records WHERE service = 'passport' AND kind = 'tokenClasses' AND status = 'active' AND id = ANY($1::text[])", [ids]);

/** Waits until A holds the sweep's job and its transaction has written (its moves and entries not yet committed). */
async function sweepUnderWay(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const held = await one('SELECT count(*)::int AS n FROM jobs WHERE name = $1 AND owner IS NOT NULL', [TIMED_STATES_JOB]);
    const writing = await one(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()',
    );
    if (held && writing) return;
    await sleep(20);
  }
  throw new Error(`the sweep did not start:\n${a?.output()}`);
}

describe('an instance killed in the middle of a sweep', () => {
  it('leaves no record moved, and the other instance makes every move once', async () => {
    const appId = (await db.query<{ app_id: string }>("SELECT app_id FROM apps WHERE project_name = 'Demo Game'")).rows[0].app_id;
    const ids = await insertDueClasses(db, ctx, appId, DUE, new Date(Date.now() - 60_000));
    await db.query('UPDATE jobs SET due_at = now() WHERE name = $1', [TIMED_STATES_JOB]);

    await sweepUnderWay();
    await a!.kill();
    expect(await activeOf(ids)).toBe(0);
    expect(await historyOf(db, 'passport.tokenClasses.schedule', ids)).toHaveLength(0);

    b = await startInstance({ ...loadConfig({}), databaseUrl: scratch.url, demo: false, jobLeaseMs: LEASE_MS });
    for (let i = 0; i < 1200 && (await activeOf(ids)) < DUE; i++) await sleep(100);
    expect(await activeOf(ids)).toBe(DUE);
    const history = await historyOf(db, 'passport.tokenClasses.schedule', ids);
    expect(history).toHaveLength(DUE);
    expect(new Set(history.map((h) => h.target)).size).toBe(DUE);
  }, 240_000);
});
