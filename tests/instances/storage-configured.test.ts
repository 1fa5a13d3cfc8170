/**
 * Storage on the operator's PostgreSQL server (STORAGE_POSTGRESQL_URL = DATABASE_URL's server): each database is a
 * role and a database made there, which a real client reaches with the shown details and no other user can; its
 * password is the role's (checked against the role's SCRAM verifier, so it holds whatever the server's pg_hba asks);
 * reset, restart and upgrade act on the role, and delete drops both. Two instances share the records.
 */
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D, eventually, storageCalls } from './storage-calls';
import { requireDatabaseUrl, startTwoInstances, type TwoInstances } from './two-instances';

let t: TwoInstances;
let admin: pg.Client;
let dataDir: string;
let serverUrl: URL;
const { call, created: createdAs, requested, cleanUp } = storageCalls(() => t);
const created = (name: string, username: string, password: string) => createdAs('postgresql', name, username, password);

beforeAll(async () => {
  serverUrl = new URL(requireDatabaseUrl());
  dataDir = await mkdtemp(join(tmpdir(), 'lodestar-storage-configured-'));
  t = await startTwoInstances({ dataDir, env: { STORAGE_POSTGRESQL_URL: serverUrl.toString() } });
  admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
});
afterAll(async () => {
  await cleanUp();
  await admin?.end();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Whether `password` is the one the role's SCRAM-SHA-256 verifier was made from (RFC 5802's StoredKey). */
async function passwordIs(role: string, password: string): Promise<boolean> {
  const { rows } = await admin.query<{ rolpassword: string }>('SELECT rolpassword FROM pg_authid WHERE rolname = $1', [role]);
  const m = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):/.exec(rows[0]?.rolpassword ?? '');
  if (!m) throw new Error(`no SCRAM verifier for ${role}`);
  const salted = pbkdf2Sync(password, Buffer.from(m[2], 'base64'), Number(m[1]), 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest('base64');
  return storedKey === m[3];
}

const connect = async (db: { host: string; port: number; databaseName: string }, user: string, password: string) => {
  const c = new pg.Client({ host: db.host, port: db.port, database: db.databaseName, user, password });
  c.on('error', () => undefined);
  await c.connect();
  return c;
};

describe('databases on the configured PostgreSQL server', () => {
  it('are a role and a database there that the user reaches with the shown details, and no other user can', async () => {
    const a = await created('orders', 'shop', 'Orders#Pass1');
    const b = await created('ledger', 'books', 'Ledger#Pass2');
    expect(a.server).toBe('configured');
    expect([a.host, a.port]).toEqual([serverUrl.hostname, Number(serverUrl.port || 5432)]);
    const role = (await admin.query('SELECT rolcanlogin, rolconnlimit, rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = $1', [a.user])).rows[0];
    expect(role).toEqual({ rolcanlogin: true, rolconnlimit: 20, rolsuper: false, rolcreatedb: false, rolcreaterole: false });
    expect(await passwordIs(a.user, 'Orders#Pass1')).toBe(true);
    expect(await passwordIs(a.user, 'Orders#Pass2')).toBe(false);

    const c = await connect(a, a.user, 'Orders#Pass1');
    await c.query('CREATE TABLE orders (id serial PRIMARY KEY, item text)');
    await c.query("INSERT INTO orders (item) VALUES ('sword')");
    expect((await c.query('SELECT current_user AS u, current_database() AS d')).rows[0]).toEqual({ u: a.user, d: a.databaseName });
    await c.end();
    await expect(connect(a, b.user, 'Ledger#Pass2')).rejects.toThrow(/permission denied for database/);

    // Slow queries are pg_stat_statements'; a server without the extension says what it needs.
    const extension = (await admin.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'")).rowCount;
    const slow = await call('GET', `${D}/${a.id}/slow-queries`);
    expect(slow.status).toBe(200);
    if (!extension) expect(slow.body).toEqual({ total: 0, items: [], unrecorded: 'slow queries need the pg_stat_statements extension on the PostgreSQL server' });
    else expect(slow.body.unrecorded).toBeUndefined();
  });

  it('reset the role’s password, end its sessions on restart, change its connection limit, and drop it with the record', async () => {
    const db = await created('events', 'events', 'Events#Pass1');
    await requested('POST', db.id, 'reset-password', { password: 'Events#Pass2' });
    expect(await passwordIs(db.user, 'Events#Pass2')).toBe(true);
    expect(await passwordIs(db.user, 'Events#Pass1')).toBe(false);

    const c = await connect(db, db.user, 'Events#Pass2');
    await requested('POST', db.id, 'restart');
    await expect(c.query('SELECT 1')).rejects.toThrow();

    await requested('PUT', db.id, 'upgrade', { instanceType: 'm1' });
    expect((await admin.query('SELECT rolconnlimit FROM pg_roles WHERE rolname = $1', [db.user])).rows[0].rolconnlimit).toBe(300);

    expect((await call('DELETE', `${D}/${db.id}`)).status).toBe(204);
    const gone = await eventually(async () => {
      const left = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1 UNION ALL SELECT 1 FROM pg_database WHERE datname = $2', [db.user, db.databaseName]);
      return left.rowCount === 0;
    });
    expect(gone).toBe(true);
  });
});
