/**
 * A job that runs longer than its lease keeps it while it runs: the other instance, looking for the job all the
 * while, never runs it at the same time, and once the run ends the job is handed back (no lease left held).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, runJobIfDue, type Job } from '../../server/engine/jobs';
import { startTwoInstances, type TwoInstances } from './two-instances';

/** A short lease, and a run four leases long. */
const LEASE_MS = 1_000;
const RUN_MS = 4 * LEASE_MS;

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances();
});

afterAll(async () => {
  await two?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a job longer than its lease', () => {
  it('is not taken over by the other instance while it runs, and is handed back when done', async () => {
    const name = 'test.slow-job';
    await two.a.db.query('INSERT INTO jobs (name) VALUES ($1)', [name]);
    let running = 0;
    let most = 0;
    let runs = 0;
    const job: Job = {
      name,
      everyMs: 3600_000,
      run: async () => {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await sleep(RUN_MS);
        running -= 1;
      },
    };

    let done = false;
    const first = runJobIfDue(two.a.db, job, newOwner(), LEASE_MS).finally(() => (done = true));
    // B starts looking once A holds the job.
    const held = async () => (await two.b.db.query('SELECT 1 FROM jobs WHERE name = $1 AND owner IS NOT NULL', [name])).rows.length === 1;
    while (!(await held())) await sleep(10);
    const others: boolean[] = [];
    while (!done) {
      others.push(await runJobIfDue(two.b.db, job, newOwner(), LEASE_MS));
      await sleep(50);
    }

    expect(await first).toBe(true);
    expect(others.filter(Boolean)).toEqual([]);
    expect({ runs, most }).toEqual({ runs: 1, most: 1 });
    // B looked for it all through the run, past several leases.
    expect(others.length).toBeGreaterThan(RUN_MS / LEASE_MS);
    const row = (await two.b.db.query<{ owner: string | null; lease_until: Date | null }>('SELECT owner, lease_until FROM jobs WHERE name = $1', [name])).rows[0];
    expect(row).toEqual({ owner: null, lease_until: null });
  });
});
