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
import { storage } from '../../resources/storage';
import { requireDatabaseUrl, startTwoInstances, type TwoInstances } from './two-instances';

const D = `${storage.base}/databases`;
let t: TwoInstances;
let admin: pg.Client;
let dataDir: string;
let serverUrl: URL;
/** The databases made, dropped (with their roles, which outlive the scratch database) at the end. */
const made: string[] = [];

beforeAll(async () => {
  serverUrl = new URL(requireDatabaseUrl());
  dataDir = await mkdtemp(join(tmpdir(), 'lodestar-storage-configured-'));
  t = await startTwoInstances({ dataDir, env: { STORAGE_POSTGRESQL_URL: serverUrl.toString() } });
  admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
});
afterAll(async () => {
  for (const id of made) await call('DELETE', `${D}/${id}`, undefined, t.a);
  await admin?.end();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, via = t.alternate()) => {
  const res = await via.req({ method, url, headers: { authorization: t.basic }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
};

async function settled(id: string, requestId: string): Promise<{ status: string; message?: string }> {
  for (let i = 0; i < 300; i++) {
    const res = await call('GET', `${D}/${id}/async-request/${requestId}/status`);
    if (res.body.status !== 'RUNNING') return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the request never settled');
}

async function created(name: string, username: string, password: string) {
  const res = await call('POST', D, { name, engine: 'postgresql', region: 'ap-shanghai', instanceType: 's1', username, password });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.push(res.body.id);
  expect(await settled(res.body.id, res.body.requestId)).toMatchObject({ status: 'SUCCESS' });
  return res.body as { id: string; host: string; port: number; user: string; databaseName: string; server: string };
}

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
  });

  it('reset the role’s password, end its sessions on restart, change its connection limit, and drop it with the record', async () => {
    const db = await created('events', 'events', 'Events#Pass1');
    const reset = await call('POST', `${D}/${db.id}/reset-password`, { password: 'Events#Pass2' });
    expect(await settled(db.id, reset.body.requestId)).toMatchObject({ status: 'SUCCESS' });
    expect(await passwordIs(db.user, 'Events#Pass2')).toBe(true);
    expect(await passwordIs(db.user, 'Events#Pass1')).toBe(false);

    const c = await connect(db, db.user, 'Events#Pass2');
    const restart = await call('POST', `${D}/${db.id}/restart`);
    expect(await settled(db.id, restart.body.requestId)).toMatchObject({ status: 'SUCCESS' });
    await expect(c.query('SELECT 1')).rejects.toThrow();

    const upgrade = await call('PUT', `${D}/${db.id}/upgrade`, { instanceType: 'm1' });
    expect(await settled(db.id, upgrade.body.requestId)).toMatchObject({ status: 'SUCCESS' });
    expect((await admin.query('SELECT rolconnlimit FROM pg_roles WHERE rolname = $1', [db.user])).rows[0].rolconnlimit).toBe(300);

    expect((await call('DELETE', `${D}/${db.id}`)).status).toBe(204);
    let gone = false;
    for (let i = 0; i < 100 && !gone; i++) {
      const left = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1 UNION ALL SELECT 1 FROM pg_database WHERE datname = $2', [db.user, db.databaseName]);
      gone = left.rowCount === 0;
      if (!gone) await new Promise((r) => setTimeout(r, 100));
    }
    expect(gone).toBe(true);
  });
});
