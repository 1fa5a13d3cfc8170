/**
 * Storage's metrics and proxy addresses on the operator's servers (MariaDB and Redis started from Debian's binaries
 * for this file, PostgreSQL at DATABASE_URL's server): samples read from each server after real writes by the
 * database's own user show its connection, its growth and its operations (Redis: its keys, and only its own); a
 * client reaches a MariaDB database through its proxy address until it is released.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startMariadb, startRedis, type LocalServer } from './local-servers';
import { D, storageCalls, type MadeDatabase } from './storage-calls';
import { requireDatabaseUrl, startTwoInstances, type TwoInstances } from './two-instances';

let t: TwoInstances;
let dataDir: string;
let mariadb: LocalServer;
let redis: LocalServer;
let proxyFirst: number;
const { call, created, cleanUp } = storageCalls(() => t);

beforeAll(async () => {
  [mariadb, redis] = await Promise.all([startMariadb(), startRedis()]);
  const root = await mysql.createConnection(mariadb.url);
  await root.query('SET GLOBAL userstat = 1');
  await root.end();
  proxyFirst = await freePort();
  dataDir = await mkdtemp(join(tmpdir(), 'lodestar-storage-metrics-'));
  const env = {
    STORAGE_MYSQL_URL: mariadb.url,
    STORAGE_REDIS_URL: redis.url,
    STORAGE_POSTGRESQL_URL: requireDatabaseUrl(),
    STORAGE_METRICS_INTERVAL_SECONDS: '1',
    STORAGE_PROXY_PORTS: `${proxyFirst}-${proxyFirst + 4}`,
  };
  t = await startTwoInstances({ dataDir, jobLeaseMs: 2000, env });
}, 120_000);
afterAll(async () => {
  await cleanUp();
  await t?.close();
  await Promise.all([mariadb?.stop(), redis?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
});

interface Point {
  at: string;
  connections: number;
  sizeBytes?: number;
  operations?: number;
  keys?: number;
}

/** Waits until the database's series is as `ok` says (at most a minute), or has a sample for which it holds; answers it. */
async function seriesWhere(id: string, ok: (all: Point[]) => boolean): Promise<Point[]> {
  for (let i = 0; i < 240; i++) {
    const { items } = (await call('GET', `${D}/${id}/metrics`)).body as { items: Point[] };
    if (ok(items)) return items;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no such sample came');
}

const sampleWhere = (id: string, ok: (p: Point) => boolean) => seriesWhere(id, (all) => all.some(ok));

const opsSince = (items: Point[], at: string) => items.filter((p) => p.at > at).reduce((n, p) => n + (p.operations ?? 0), 0);

describe('metrics read from the configured servers', () => {
  it('MariaDB: the user’s session, the tables’ growth and its commands', async () => {
    const db = await created('mysql', 'metered', 'meter', 'Meter#Pass1');
    const first = (await sampleWhere(db.id, (p) => typeof p.sizeBytes === 'number'))[0];
    const before = new Date().toISOString();
    const c = await mysql.createConnection({ host: db.host, port: db.port, user: db.user, password: 'Meter#Pass1', database: db.databaseName });
    await c.query('CREATE TABLE events (id int AUTO_INCREMENT PRIMARY KEY, body varchar(255) NOT NULL) ENGINE=InnoDB');
    for (let i = 0; i < 20; i++) await c.query('INSERT INTO events (body) SELECT REPEAT(?, 200) FROM seq_1_to_500', ['x']);
    await c.query('ANALYZE TABLE events');
    const after = new Date().toISOString();
    const items = await sampleWhere(db.id, (p) => p.at > after && p.connections === 1 && p.sizeBytes! > first.sizeBytes! + 1_000_000);
    expect(opsSince(items, before)).toBeGreaterThanOrEqual(22);
    await c.end();
    expect((await call('GET', `${D}/${db.id}/metrics`)).body.metrics.sort()).toEqual(['connections', 'operations', 'sizeBytes']);
  }, 120_000);

  it('Redis: the user’s client, and only the keys and memory of its own prefix', async () => {
    const mine = await created('redis', 'cache', 'cacher', 'Cache#Pass1');
    const theirs = await created('redis', 'other', 'otherone', 'Other#Pass1');
    const as = async (db: MadeDatabase, password: string) => {
      const r = new Redis({ host: db.host, port: db.port, lazyConnect: true, enableReadyCheck: false, retryStrategy: () => null });
      r.on('error', () => undefined);
      await r.connect();
      await r.call('AUTH', db.user, password);
      return r;
    };
    const r = await as(mine, 'Cache#Pass1');
    for (let i = 0; i < 100; i++) await r.set(`${mine.keyPrefix}k${i}`, 'v'.repeat(1000));
    const o = await as(theirs, 'Other#Pass1');
    for (let i = 0; i < 5; i++) await o.set(`${theirs.keyPrefix}k${i}`, 'v');
    o.disconnect();
    const items = await sampleWhere(mine.id, (p) => p.keys === 100);
    const last = items.find((p) => p.keys === 100)!;
    expect(last.sizeBytes).toBeGreaterThan(100 * 1000);
    expect(last.connections).toBe(1);
    expect(last.operations).toBeUndefined();
    await sampleWhere(theirs.id, (p) => p.keys === 5 && p.connections === 0);
    r.disconnect();
    const top = (await call('GET', `${D}/topk?metric=keys`)).body.items.map((i: { databaseId: string }) => i.databaseId);
    expect(top.indexOf(mine.id)).toBeLessThan(top.indexOf(theirs.id));
  }, 120_000);

  it('PostgreSQL: the session on the database, its growth and its transactions', async () => {
    const db = await created('postgresql', 'pgmetered', 'pgmeter', 'PgMeter#Pass1');
    const first = (await sampleWhere(db.id, (p) => typeof p.sizeBytes === 'number'))[0];
    const before = new Date().toISOString();
    const c = new pg.Client({ host: db.host, port: db.port, user: db.user, password: 'PgMeter#Pass1', database: db.databaseName });
    c.on('error', () => undefined);
    await c.connect();
    await c.query('CREATE TABLE events (id serial PRIMARY KEY, body text NOT NULL)');
    for (let i = 0; i < 10; i++) await c.query("INSERT INTO events (body) SELECT repeat('x', 200) FROM generate_series(1, 2000)");
    const after = new Date().toISOString();
    const items = await sampleWhere(db.id, (p) => p.at > after && p.connections === 1 && p.sizeBytes! > first.sizeBytes! + 10 * 2000 * 200);
    // The server reports a session's transactions once it is idle, within about ten seconds.
    await seriesWhere(db.id, (all) => opsSince(all, before) >= 11);
    expect(items.length).toBeGreaterThan(1);
    await c.end();
  }, 120_000);
});

describe('a proxy address to the configured MariaDB server', () => {
  it('lets the user in through a port of the range, until released', async () => {
    const db = await created('mysql', 'proxied', 'proxied', 'Proxy#Pass1');
    const res = await call('POST', `${D}/${db.id}/create-proxy`, undefined, t.a);
    expect(res.status).toBe(200);
    const port = res.body.proxyPort;
    expect(port).toBeGreaterThanOrEqual(proxyFirst);
    const via = () => mysql.createConnection({ host: '127.0.0.1', port, user: db.user, password: 'Proxy#Pass1', database: db.databaseName });
    const c = await via();
    expect((await c.query('SELECT DATABASE() AS d'))[0]).toEqual([{ d: db.databaseName }]);
    await expect(mysql.createConnection({ host: '127.0.0.1', port, user: db.user, password: 'Wrong#Pass1' })).rejects.toThrow(/Access denied/);
    expect((await call('POST', `${D}/${db.id}/release-proxy`, undefined, t.a)).status).toBe(200);
    await expect(c.query('SELECT 1')).rejects.toThrow();
    c.destroy();
    await expect(via()).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);
});
