import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDecl } from '../../resources/types';
import type { Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { addCount, addCounts, counterOf, pruneCounts, sumCounts } from '../../server/engine/counters';
import { testDatabase } from './harness';

// A service that counts deliveries per entry and day, and calls per minute.
const service = {
  name: 'shop',
  counters: {
    deliveries: { grain: 'day', keys: ['bucket', 'entry'], keepDays: 30 },
    calls: { grain: 'minute', keepDays: 1 },
  },
} as unknown as ServiceDecl;
const deliveries = counterOf(service, 'deliveries');
const calls = counterOf(service, 'calls');

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await testDatabase());
});
afterAll(async () => {
  await drop?.();
});

/** A count written as if made at `at`. */
const countAt = (counter: string, scope: string, at: string, keys: string[], n: number, amount = 0) =>
  db.query(`INSERT INTO counters (service, counter, scope_id, at, keys, n, amount) VALUES ('shop', $1, $2, $3, $4, $5, $6)`, [counter, scope, at, keys, n, amount]);

describe('declared counters', () => {
  it('refuses a counter or a key the service does not declare', () => {
    expect(() => counterOf(service, 'sales')).toThrow(/no counter 'sales'/);
    return expect(addCount(db, deliveries, 'app-k', { size: 'x' })).rejects.toThrow(/no key 'size'/);
  });

  it('loses no count when many are added at once, and answers the running total', async () => {
    const totals = await Promise.all(Array.from({ length: 40 }, () => addCount(db, calls, 'app-a', {}, { amount: 2 })));
    expect(totals.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const [sum] = await sumCounts(db, calls, 'app-a', { from: new Date(Date.now() - 120_000), to: new Date(Date.now() + 60_000) });
    expect(sum).toEqual({ keys: {}, n: 40, amount: 80 });
  });

  it('sums apart by keys, per day of the usage zone, filtered and largest first', async () => {
    // 15:30 UTC is 23:30 in Shanghai on the 1st; 16:30 UTC is already the 2nd there.
    await countAt('deliveries', 'app-b', '2026-03-01T15:30:00Z', ['b1', 'a.png'], 3, 300);
    await countAt('deliveries', 'app-b', '2026-03-01T16:30:00Z', ['b1', 'a.png'], 5, 500);
    await countAt('deliveries', 'app-b', '2026-03-01T16:30:00Z', ['b1', 'c.png'], 7, 70);
    await countAt('deliveries', 'app-b', '2026-03-01T16:30:00Z', ['b2', 'a.png'], 1, 10);
    await countAt('deliveries', 'app-other', '2026-03-01T16:30:00Z', ['b1', 'a.png'], 100, 1);
    const range = { from: '2026-02-28T16:00:00Z', to: '2026-03-02T16:00:00Z' };
    const perDay = await sumCounts(db, deliveries, 'app-b', { ...range, per: 'day', where: { bucket: 'b1' } });
    expect(perDay).toEqual([
      { at: '2026-02-28T16:00:00.000Z', day: '2026-03-01', keys: {}, n: 3, amount: 300 },
      { at: '2026-03-01T16:00:00.000Z', day: '2026-03-02', keys: {}, n: 12, amount: 570 },
    ]);
    const byEntry = await sumCounts(db, deliveries, 'app-b', { ...range, by: ['entry'], largest: 'amount' });
    expect(byEntry).toEqual([
      { keys: { entry: 'a.png' }, n: 9, amount: 810 },
      { keys: { entry: 'c.png' }, n: 7, amount: 70 },
    ]);
    const top = await sumCounts(db, deliveries, 'app-b', { ...range, by: ['bucket', 'entry'], largest: 'n', limit: 1 });
    expect(top).toEqual([{ keys: { bucket: 'b1', entry: 'a.png' }, n: 8, amount: 800 }]);
    expect(await sumCounts(db, deliveries, 'app-b', { from: '2026-03-05T00:00:00Z', to: '2026-03-06T00:00:00Z' })).toEqual([]);
  });

  it('drops counts past their keeping time, counter by counter', async () => {
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await countAt('calls', 'app-c', old, [], 4);
    await countAt('deliveries', 'app-c', old, ['b', 'e'], 6);
    await pruneCounts(db, [service]);
    const left = await db.query<{ counter: string }>(`SELECT counter FROM counters WHERE scope_id = 'app-c'`);
    expect(left.rows.map((r) => r.counter)).toEqual(['deliveries']);
  });
});

describe('the move of passport counts into counters', () => {
  it("keeps every count of passport's own tables, days at the start of their Shanghai day", async () => {
    await db.query(`DELETE FROM schema_migrations WHERE name = '024_counters.sql'`);
    await db.query('DROP TABLE counters');
    await db.query(`CREATE TABLE passport_call_window (app_id text, minute timestamptz, calls integer)`);
    await db.query(`CREATE TABLE passport_operation_calls (app_id text, minute timestamptz, operation text, calls integer)`);
    await db.query(`CREATE TABLE passport_player_calls (app_id text, day date, user_id text, calls integer)`);
    await db.query(`CREATE TABLE passport_daily (app_id text, day date, sign_ins integer, new_users integer)`);
    await db.query(`INSERT INTO passport_call_window VALUES ('p', '2026-05-01T10:07:00Z', 9)`);
    await db.query(`INSERT INTO passport_operation_calls VALUES ('p', '2026-05-01T10:07:00Z', 'GET /me', 8)`);
    await db.query(`INSERT INTO passport_player_calls VALUES ('p', '2026-05-01', 'u1', 6)`);
    await db.query(`INSERT INTO passport_daily VALUES ('p', '2026-05-01', 5, 2), ('p', '2026-05-02', 4, 0)`);
    expect(await migrate(db)).toEqual(['024_counters.sql']);
    const moved = await db.query<{ counter: string; at: Date; keys: string[]; n: string }>(
      `SELECT counter, at, keys, n FROM counters WHERE service = 'passport' AND scope_id = 'p' ORDER BY counter, at`,
    );
    expect(moved.rows.map((r) => [r.counter, new Date(r.at).toISOString(), r.keys, Number(r.n)])).toEqual([
      ['calls', '2026-05-01T10:07:00.000Z', [], 9],
      ['newUsers', '2026-04-30T16:00:00.000Z', [], 2],
      ['operationCalls', '2026-05-01T10:07:00.000Z', ['GET /me'], 8],
      ['playerCalls', '2026-04-30T16:00:00.000Z', ['u1'], 6],
      ['signIns', '2026-04-30T16:00:00.000Z', [], 5],
      ['signIns', '2026-05-01T16:00:00.000Z', [], 4],
    ]);
    const gone = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name LIKE 'passport_%call%' OR table_name = 'passport_daily'`);
    expect(gone.rows).toEqual([]);
  });
});

describe('a count made as of a given time', () => {
  it('lands in the day of the usage zone that time falls in, added to what that day holds', async () => {
    // 17:00 UTC on the 3rd is already the 4th in Shanghai; 01:00 UTC on the 4th is the 4th too.
    await addCount(db, deliveries, 'app-f', { bucket: 'b1' }, { n: 4, amount: 40, at: new Date('2026-03-03T17:00:00Z') });
    await addCount(db, deliveries, 'app-f', { bucket: 'b1' }, { n: 1, amount: 10, at: new Date('2026-03-04T01:00:00Z') });
    await addCount(db, deliveries, 'app-f', { bucket: 'b1' }, { n: 2, amount: 20, at: new Date('2026-03-02T10:00:00Z') });
    const perDay = await sumCounts(db, deliveries, 'app-f', { from: '2026-03-01T16:00:00Z', to: '2026-03-04T16:00:00Z', per: 'day' });
    expect(perDay.map((d) => [d.day, d.n, d.amount])).toEqual([
      ['2026-03-02', 2, 20],
      ['2026-03-04', 5, 50],
    ]);
  });
});

describe('many counts added at once', () => {
  it('sums what names the same count, keeps the rest apart, and adds to what is stored', async () => {
    await addCount(db, deliveries, 'app-d', { bucket: 'b1', entry: 'x.bin' }, { amount: 1000 });
    await addCounts(db, deliveries, [
      { scopeId: 'app-d', keys: { bucket: 'b1', entry: 'x.bin' }, amount: 250 },
      { scopeId: 'app-d', keys: { bucket: 'b1', entry: 'x.bin' }, amount: '0.5' },
      { scopeId: 'app-d', keys: { bucket: 'b1', entry: 'y.bin' }, n: 3, amount: 30 },
      { scopeId: 'app-e', keys: { bucket: 'b9' }, amount: 7 },
    ]);
    await addCounts(db, calls, [{ scopeId: 'app-d' }, { scopeId: 'app-d' }]);
    const day = { from: new Date(Date.now() - 2 * 86_400_000), to: new Date(Date.now() + 86_400_000) };
    expect(await sumCounts(db, deliveries, 'app-d', { ...day, by: ['entry'] })).toEqual([
      { keys: { entry: 'x.bin' }, n: 3, amount: 1250.5 },
      { keys: { entry: 'y.bin' }, n: 3, amount: 30 },
    ]);
    expect(await sumCounts(db, deliveries, 'app-e', { ...day, by: ['bucket', 'entry'] })).toEqual([{ keys: { bucket: 'b9', entry: '' }, n: 1, amount: 7 }]);
    expect(await sumCounts(db, calls, 'app-d', day)).toEqual([{ keys: {}, n: 2, amount: 0 }]);
  });
});
