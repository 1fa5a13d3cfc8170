/**
 * The embedded database's planner statistics: nothing else gathers them there, so a table that grew is measured
 * (`ANALYZE`) by the job, and one that has not grown by a tenth since is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite';
import { plannerStatisticsJob } from '../../server/db/planner-statistics';
import type { Db } from '../../server/db/types';

let db: Db;

beforeAll(async () => {
  db = await openPglite();
  await db.exec('CREATE TABLE grown (id int PRIMARY KEY, v text)');
  // Opening the embedded database takes seconds on a busy machine.
}, 60_000);
afterAll(() => db.close());

const add = (from: number, to: number) => db.query("INSERT INTO grown SELECT g, repeat('x', 40) FROM generate_series($1::int, $2::int) g", [from, to]);
const measuredRows = async () => (await db.query<{ n: number }>("SELECT reltuples::int AS n FROM pg_class WHERE relname = 'grown'")).rows[0].n;

describe('planner statistics on the embedded database', () => {
  it('measures a table that grew, and again only once it has grown by a tenth', async () => {
    const job = plannerStatisticsJob(db);
    await add(1, 5000);
    expect(await measuredRows()).toBeLessThanOrEqual(0);
    await job.run();
    expect(await measuredRows()).toBe(5000);
    await add(5001, 5050);
    await job.run();
    expect(await measuredRows()).toBe(5000);
    await add(5051, 6000);
    await job.run();
    expect(await measuredRows()).toBe(6000);
  });
});
