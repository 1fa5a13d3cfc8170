/**
 * Backups of databases on the operator's servers — MariaDB and Redis started from Debian's binaries for this file, and
 * DATABASE_URL's PostgreSQL — made, downloaded and restored through two instances in turn: the data written as the
 * database's user is in the downloaded dump, and after it was changed and dropped a restore brings it back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMariadb, startRedis, type LocalServer } from './local-servers';
import { D, storageCalls, type MadeDatabase } from './storage-calls';
import { requireDatabaseUrl, startTwoInstances, type TwoInstances } from './two-instances';

let t: TwoInstances;
let dataDir: string;
let mariadb: LocalServer;
let redis: LocalServer;
const { call, settled, created, cleanUp } = storageCalls(() => t);

beforeAll(async () => {
  const postgres = requireDatabaseUrl();
  [mariadb, redis] = await Promise.all([startMariadb(), startRedis()]);
  dataDir = await mkdtemp(join(tmpdir(), 'lodestar-storage-backups-'));
  t = await startTwoInstances({ dataDir, env: { STORAGE_MYSQL_URL: mariadb.url, STORAGE_REDIS_URL: redis.url, STORAGE_POSTGRESQL_URL: postgres } });
}, 120_000);
afterAll(async () => {
  await cleanUp();
  await t?.close();
  await Promise.all([mariadb?.stop(), redis?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
});

/** Backs the database up and answers the finished backup. */
async function backUp(db: MadeDatabase) {
  const res = await call('POST', `${D}/${db.id}/backup`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(await settled(db.id, res.body.requestId)).toMatchObject({ status: 'SUCCESS' });
  const backup = (await call('GET', `${D}/${db.id}/backups/${res.body.backupId}`)).body;
  expect(backup).toMatchObject({ status: 'SUCCESS' });
  return backup as { id: string; format: string; size: number; rawSize: number };
}

/** The backup's file, through its signed link, uncompressed. */
async function downloaded(db: MadeDatabase, backupId: string): Promise<string> {
  const link = await call('GET', `${D}/${db.id}/backups/${backupId}/download-urls`);
  expect(link.status).toBe(200);
  expect(link.body.urls).toHaveLength(1);
  const u = new URL(link.body.urls[0].url);
  const file = await t.alternate().req({ method: 'GET', url: `${u.pathname}${u.search}` });
  expect(file.statusCode).toBe(200);
  return gunzipSync(file.rawPayload).toString('utf8');
}

async function restored(db: MadeDatabase, backupId: string): Promise<void> {
  const res = await call('POST', `${D}/${db.id}/backups/${backupId}/restore`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(await settled(db.id, res.body.requestId)).toMatchObject({ status: 'SUCCESS' });
  expect((await call('GET', `${D}/${db.id}`)).body.status).toBe('running');
}

describe('backups of MySQL databases (MariaDB)', () => {
  it('are the user’s tables dumped by mariadb-dump, restored over later changes', async () => {
    const db = await created('mysql', 'shop', 'shopper', 'Shop#Pass1');
    const as = () => mysql.createConnection({ host: db.host, port: db.port, user: db.user, password: 'Shop#Pass1', database: db.databaseName });
    const c = await as();
    await c.query('CREATE TABLE items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(40) NOT NULL, icon BLOB)');
    await c.query("INSERT INTO items (name, icon) VALUES ('sword', X'00FF10'), ('盾', NULL), ('it''s', X'')");
    await c.end();

    const backup = await backUp(db);
    expect(backup.format).toBe('sql');
    const sql = await downloaded(db, backup.id);
    expect(sql).toContain('CREATE TABLE `items`');
    expect(sql).toContain('0x00FF10');
    expect(sql).toContain('盾');
    expect(sql).not.toContain('CREATE DATABASE');

    const change = await as();
    await change.query('DELETE FROM items');
    await change.query('CREATE TABLE later (x INT)');
    await change.end();
    await restored(db, backup.id);

    const after = await as();
    const [rows] = await after.query<mysql.RowDataPacket[]>('SELECT id, name, HEX(icon) AS icon FROM items ORDER BY id');
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { id: 1, name: 'sword', icon: '00FF10' },
      { id: 2, name: '盾', icon: null },
      { id: 3, name: "it's", icon: '' },
    ]);
    const [tables] = await after.query<mysql.RowDataPacket[]>('SHOW TABLES');
    expect(tables.map((r) => Object.values(r)[0])).toEqual(['items']);
    await after.end();
  });
});

describe('backups of Redis databases', () => {
  it('are the prefix’s keys with DUMP and their time to live, restored with RESTORE; other databases’ keys untouched', async () => {
    const db = await created('redis', 'cache', 'cacher', 'Cache#Pass1');
    const other = await created('redis', 'other', 'otherer', 'Other#Pass1');
    const as = async (d: MadeDatabase, password: string) => {
      const r = new Redis({ host: d.host, port: d.port, username: d.user, password, lazyConnect: true, enableReadyCheck: false, maxRetriesPerRequest: 1 });
      r.on('error', () => undefined);
      await r.connect();
      return r;
    };
    const p = db.keyPrefix!;
    const r = await as(db, 'Cache#Pass1');
    await r.set(`${p}hero`, 'knight');
    await r.set(`${p}session`, 'abc', 'EX', 3600);
    await r.hset(`${p}player:1`, { level: '7', name: '小明' });
    await r.rpush(`${p}queue`, 'a', 'b', 'c');
    await r.set(Buffer.from(`${p}bin\u0000ary`), Buffer.from([0, 255, 1]));
    const o = await as(other, 'Other#Pass1');
    await o.set(`${other.keyPrefix}kept`, 'mine');

    const backup = await backUp(db);
    expect(backup.format).toBe('redis-dump');
    const lines = (await downloaded(db, backup.id)).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => Buffer.from(l.key, 'base64').toString('latin1')).sort()).toEqual(['bin\u0000ary', 'hero', 'player:1', 'queue', 'session']);
    expect(lines.find((l) => Buffer.from(l.key, 'base64').toString() === 'session').ttl).toBeGreaterThan(0);

    await r.del(`${p}hero`, `${p}queue`);
    await r.hset(`${p}player:1`, 'level', '99');
    await r.set(`${p}later`, 'x');
    r.disconnect();
    await restored(db, backup.id);

    const after = await as(db, 'Cache#Pass1');
    expect(await after.get(`${p}hero`)).toBe('knight');
    expect(await after.hgetall(`${p}player:1`)).toEqual({ level: '7', name: '小明' });
    expect(await after.lrange(`${p}queue`, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(await after.getBuffer(Buffer.from(`${p}bin\u0000ary`))).toEqual(Buffer.from([0, 255, 1]));
    expect(await after.exists(`${p}later`)).toBe(0);
    const ttl = await after.ttl(`${p}session`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3600);
    after.disconnect();
    expect(await o.get(`${other.keyPrefix}kept`)).toBe('mine');
    o.disconnect();
  });
});

describe('backups of PostgreSQL databases on the operator’s server', () => {
  it('are pg_dump’s dump made as the user, restored by psql in one transaction', async () => {
    const db = await created('postgresql', 'ledger', 'books', 'Ledger#Pass2');
    const as = async () => {
      const c = new pg.Client({ host: db.host, port: db.port, database: db.databaseName, user: db.user, password: 'Ledger#Pass2' });
      c.on('error', () => undefined);
      await c.connect();
      return c;
    };
    const c = await as();
    await c.query('CREATE SCHEMA accounts');
    await c.query('CREATE TABLE accounts.entries (id serial PRIMARY KEY, memo text NOT NULL, amount numeric(12, 2) NOT NULL)');
    await c.query("INSERT INTO accounts.entries (memo, amount) VALUES ('opening', 100.50), ('it''s 金币', -3.25)");
    await c.query('CREATE TABLE public.settings (k text PRIMARY KEY, v jsonb)');
    await c.query(`INSERT INTO public.settings VALUES ('difficulty', '{"level": 3}')`);
    await c.end();

    const backup = await backUp(db);
    const sql = await downloaded(db, backup.id);
    expect(sql).toContain('CREATE TABLE accounts.entries');
    expect(sql).toContain('金币');

    const change = await as();
    await change.query('DROP SCHEMA accounts CASCADE');
    await change.query("UPDATE public.settings SET v = '{}'");
    await change.query('CREATE TABLE public.later (x int)');
    await change.end();
    await restored(db, backup.id);

    const after = await as();
    expect((await after.query('SELECT memo, amount::text FROM accounts.entries ORDER BY id')).rows).toEqual([
      { memo: 'opening', amount: '100.50' },
      { memo: "it's 金币", amount: '-3.25' },
    ]);
    expect((await after.query('SELECT v FROM public.settings')).rows).toEqual([{ v: { level: 3 } }]);
    expect((await after.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'later'")).rows[0].n).toBe(0);
    // The schemas are the user's again, so the user goes on writing.
    await after.query("INSERT INTO accounts.entries (memo, amount) VALUES ('after', 1)");
    await after.end();
  });
});
