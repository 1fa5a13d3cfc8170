/**
 * Storage on the operator's MariaDB and Redis servers (STORAGE_MYSQL_URL, STORAGE_REDIS_URL: real servers started from
 * Debian's binaries for this file): a MySQL database is a database and a user granted it alone, a Redis database an
 * ACL user limited to its key prefix. Real clients connect with the shown details and no other user's data is
 * theirs; reset, restart, upgrade and delete act on the servers, and the slow queries are the servers' own records.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storage } from '../../resources/storage';
import { startMariadb, startRedis, type LocalServer } from './local-servers';
import { D, eventually, storageCalls, type MadeDatabase } from './storage-calls';
import { startTwoInstances, type TwoInstances } from './two-instances';

let t: TwoInstances;
let dataDir: string;
let mariadb: LocalServer;
let redis: LocalServer;
let rootSql: mysql.Connection;
let rootRedis: Redis;
const { call, created, requested, cleanUp } = storageCalls(() => t);

beforeAll(async () => {
  [mariadb, redis] = await Promise.all([startMariadb(), startRedis()]);
  dataDir = await mkdtemp(join(tmpdir(), 'lodestar-storage-mysql-redis-'));
  t = await startTwoInstances({ dataDir, env: { STORAGE_MYSQL_URL: mariadb.url, STORAGE_REDIS_URL: redis.url } });
  rootSql = await mysql.createConnection(mariadb.url);
  rootRedis = new Redis(redis.url);
}, 120_000);
afterAll(async () => {
  await cleanUp();
  await rootSql?.end();
  rootRedis?.disconnect();
  await t?.close();
  await Promise.all([mariadb?.stop(), redis?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
});

const sqlAs = async (db: MadeDatabase, user: string, password: string, database = db.databaseName) => {
  const c = await mysql.createConnection({ host: db.host, port: db.port, user, password, database });
  c.on('error', () => undefined);
  return c;
};

/**
 * A Redis client signed in as the user (AUTH user password, as a client given them sends first), which neither retries
 * nor reconnects: a dropped connection stays dropped. A refused sign-in rejects with the server's answer.
 */
const redisAs = async (db: MadeDatabase, user: string, password: string) => {
  const c = new Redis({ host: db.host, port: db.port, lazyConnect: true, enableReadyCheck: false, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    await c.call('AUTH', user, password);
  } catch (e) {
    c.disconnect();
    throw e;
  }
  return c;
};

describe('MySQL databases on the configured MariaDB server', () => {
  it('are a database and a user granted it alone, which the user reaches with the shown details', async () => {
    const a = await created('mysql', 'orders', 'shop', 'Orders#Pass1');
    const b = await created('mysql', 'ledger', 'books', 'Ledger#Pass2');
    expect([a.server, a.host, a.port]).toEqual(['configured', '127.0.0.1', mariadb.port]);
    const regions = (await call('GET', `${storage.base}/regions`)).body;
    expect(regions.items.find((r: { id: string }) => r.id === 'ap-shanghai').engines).toEqual(['postgresql', 'mysql', 'redis']);
    const mongo = await call('POST', D, { name: 'docs', engine: 'mongodb', region: 'ap-shanghai', instanceType: 's1', username: 'docs', password: 'Docs#Pass1' });
    expect([mongo.status, mongo.body.details]).toEqual([400, [{ field: '/engine', message: 'MongoDB databases are not available on this deployment: no MongoDB server is configured' }]]);

    const c = await sqlAs(a, a.user, 'Orders#Pass1');
    await c.query('CREATE TABLE orders (id INT AUTO_INCREMENT PRIMARY KEY, item TEXT)');
    await c.query("INSERT INTO orders (item) VALUES ('sword')");
    const [rows] = await c.query<mysql.RowDataPacket[]>('SELECT item, CURRENT_USER() AS me, DATABASE() AS db FROM orders');
    expect(rows.map((r) => ({ ...r }))).toEqual([{ item: 'sword', me: `${a.user}@%`, db: a.databaseName }]);
    // A statement over the server's long_query_time (0.1 s) is in the user's slow queries; another user's is not.
    await c.query('SELECT SLEEP(0.3)');
    await c.end();

    await expect(sqlAs(a, a.user, 'Orders#Pass9')).rejects.toMatchObject({ code: 'ER_ACCESS_DENIED_ERROR' });
    await expect(sqlAs(a, b.user, 'Ledger#Pass2')).rejects.toMatchObject({ code: 'ER_DBACCESS_DENIED_ERROR' });
    const other = await sqlAs(b, b.user, 'Ledger#Pass2');
    await expect(other.query(`SELECT * FROM \`${a.databaseName}\`.orders`)).rejects.toMatchObject({ code: 'ER_TABLEACCESS_DENIED_ERROR' });
    await other.query('SELECT SLEEP(0.2)');
    await other.end();

    const slow = await call('GET', `${D}/${a.id}/slow-queries`);
    expect(slow.status, JSON.stringify(slow.body)).toBe(200);
    expect(slow.body.items.map((q: { statement: string }) => q.statement)).toEqual(['SELECT SLEEP(0.3)']);
    expect([slow.body.total, slow.body.unrecorded]).toEqual([1, undefined]);
    expect(slow.body.items[0].durationMs).toBeGreaterThanOrEqual(300);
  });

  it('reset the user’s password, end its sessions on restart, change its connection limit, and drop both with the record', async () => {
    const db = await created('mysql', 'events', 'events', 'Events#Pass1');
    const limit = async () => ((await rootSql.query<mysql.RowDataPacket[]>('SELECT max_user_connections AS n FROM mysql.user WHERE User = ?', [db.user]))[0][0]?.n as number) ?? null;
    expect(await limit()).toBe(20);

    await requested('POST', db.id, 'reset-password', { password: 'Events#Pass2' });
    await expect(sqlAs(db, db.user, 'Events#Pass1')).rejects.toMatchObject({ code: 'ER_ACCESS_DENIED_ERROR' });
    const c = await sqlAs(db, db.user, 'Events#Pass2');
    await c.query('CREATE TABLE seen (id INT)');

    await requested('POST', db.id, 'restart');
    await expect(c.query('SELECT 1')).rejects.toThrow();

    await requested('PUT', db.id, 'upgrade', { instanceType: 'm1' });
    expect(await limit()).toBe(300);

    expect((await call('DELETE', `${D}/${db.id}`)).status).toBe(204);
    const gone = await eventually(async () => {
      const [left] = await rootSql.query<mysql.RowDataPacket[]>(
        'SELECT 1 FROM mysql.user WHERE User = ? UNION ALL SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
        [db.user, db.databaseName],
      );
      return left.length === 0;
    });
    expect(gone).toBe(true);
  });
});

describe('Redis databases on the configured Redis server', () => {
  it('are an ACL user limited to its key prefix, which the user reaches with the shown details', async () => {
    // Every command is slow enough for this server's SLOWLOG.
    await rootRedis.config('SET', 'slowlog-log-slower-than', '0');
    const a = await created('redis', 'cache', 'cache', 'Cache#Pass1');
    const b = await created('redis', 'board', 'board', 'Board#Pass2');
    expect([a.server, a.host, a.port, a.keyPrefix]).toEqual(['configured', '127.0.0.1', redis.port, `${a.databaseName}:`]);

    const c = await redisAs(a, a.user, 'Cache#Pass1');
    await c.set(`${a.keyPrefix}hero`, 'knight');
    expect(await c.get(`${a.keyPrefix}hero`)).toBe('knight');
    await expect(c.set('elsewhere', 'x')).rejects.toThrow(/NOPERM/);
    await expect(c.get(`${b.keyPrefix}hero`)).rejects.toThrow(/NOPERM/);
    await expect(c.flushall()).rejects.toThrow(/NOPERM/);
    await expect(c.scan('0')).rejects.toThrow(/NOPERM/);
    c.disconnect();
    await expect(redisAs(a, a.user, 'Cache#Pass9')).rejects.toThrow(/WRONGPASS/);

    const d = await redisAs(b, b.user, 'Board#Pass2');
    await d.set(`${b.keyPrefix}hero`, 'mage');
    d.disconnect();
    const slow = await call('GET', `${D}/${a.id}/slow-queries?count=50`);
    expect(slow.status, JSON.stringify(slow.body)).toBe(200);
    const statements = slow.body.items.map((q: { statement: string }) => q.statement);
    expect(statements).toEqual(expect.arrayContaining([`set ${a.keyPrefix}hero knight`, `get ${a.keyPrefix}hero`]));
    expect(statements.filter((s: string) => !s.split(' ')[1].startsWith(a.keyPrefix!))).toEqual([]);
  });

  it('reset the password, end the user’s connections on restart, and delete the user and its keys with the record', async () => {
    const db = await created('redis', 'queue', 'queue', 'Queue#Pass1');
    const keep = await created('redis', 'keep', 'keep', 'Keep#Pass1');
    await rootRedis.set(`${keep.keyPrefix}left`, 'alone');

    await requested('POST', db.id, 'reset-password', { password: 'Queue#Pass2' });
    await expect(redisAs(db, db.user, 'Queue#Pass1')).rejects.toThrow(/WRONGPASS/);
    const c = await redisAs(db, db.user, 'Queue#Pass2');
    // More keys than one SCAN batch of the delete.
    const writes = c.pipeline();
    for (let i = 0; i < 1200; i++) writes.set(`${db.keyPrefix}job:${i}`, String(i));
    await writes.exec();
    expect(await rootRedis.exists(`${db.keyPrefix}job:0`, `${db.keyPrefix}job:1199`)).toBe(2);

    const ended = new Promise((resolve) => c.once('end', resolve));
    await requested('POST', db.id, 'restart');
    await ended;
    await expect(c.get(`${db.keyPrefix}job:0`)).rejects.toThrow();

    expect((await call('DELETE', `${D}/${db.id}`)).status).toBe(204);
    expect(await eventually(async () => (await rootRedis.call('ACL', 'GETUSER', db.user)) === null)).toBe(true);
    expect(await eventually(async () => (await rootRedis.keys(`${db.keyPrefix}*`)).length === 0)).toBe(true);
    expect(await rootRedis.get(`${keep.keyPrefix}left`)).toBe('alone');
    await expect(redisAs(db, db.user, 'Queue#Pass2')).rejects.toThrow(/WRONGPASS/);
  });
});
