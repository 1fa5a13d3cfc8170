/**
 * An instance killed (SIGKILL: a real server process, no shutdown code runs) in the middle of a timed sweep leaves
 * nothing half-done, and the other instance, once the dead one's lease has run out, makes the sweep once.
 */
import { describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import type { Ctx } from '../../server/context';
import { buildModel } from '../../server/engine/model';
import { TIMED_STATES_JOB } from '../../server/engine/timed-states';
import { sleep } from '../faults/server-process';
import { historyOf, insertDueClasses } from './job-fixtures';
import { killedInstanceFixture } from './kill-fixture';
import { tableOf } from '../../server/engine/sql';

/** Enough due records that one sweep takes seconds: a history entry is written for each. */
const DUE = 5_000;
const LEASE_MS = 2_000;

const { db: database, a: processA, startB, one } = killedInstanceFixture(LEASE_MS);

const classes = passport.resources.find((r) => r.name === 'tokenClasses')!;
const classModel = buildModel(passport, classes);
const ctx = { models: new Map([['passport/tokenClasses', classModel]]) } as unknown as Ctx;

const activeOf = (ids: string[]) =>
  one(`SELECT count(*)::int AS n FROM ${tableOf(classModel)} WHERE service = 'passport' AND kind = 'tokenClasses' AND status = 'active' AND id = ANY($1::text[])`, [ids]);

/** Waits until A holds the sweep's job and its transaction has written (its moves and entries not yet committed). */
async function sweepUnderWay(): Promise<void> {
  // Polled often to catch the transaction open; patient, as the job is picked up late on a busy machine.
  for (let i = 0; i < 3000; i++) {
    const held = await one('SELECT count(*)::int AS n FROM jobs WHERE name = $1 AND owner IS NOT NULL', [TIMED_STATES_JOB]);
    const writing = await one(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()',
    );
    if (held && writing) return;
    await sleep(20);
  }
  throw new Error(`the sweep did not start:\n${processA().output()}`);
}

describe('an instance killed in the middle of a sweep', () => {
  it('leaves no record moved, and the other instance makes every move once', async () => {
    const appId = (await database().query<{ app_id: string }>("SELECT app_id FROM apps WHERE project_name = 'Demo Game'")).rows[0].app_id;
    const ids = await insertDueClasses(database(), ctx, appId, DUE, new Date(Date.now() - 60_000));
    await database().query('UPDATE jobs SET due_at = now() WHERE name = $1', [TIMED_STATES_JOB]);

    await sweepUnderWay();
    await processA().kill();
    expect(await activeOf(ids)).toBe(0);
    expect(await historyOf(database(), 'passport.tokenClasses.schedule', ids)).toHaveLength(0);

    await startB();
    for (let i = 0; i < 1200 && (await activeOf(ids)) < DUE; i++) await sleep(100);
    expect(await activeOf(ids)).toBe(DUE);
    const history = await historyOf(database(), 'passport.tokenClasses.schedule', ids);
    expect(history).toHaveLength(DUE);
    expect(new Set(history.map((h) => h.target)).size).toBe(DUE);
  }, 240_000);
});
