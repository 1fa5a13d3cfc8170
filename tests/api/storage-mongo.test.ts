/**
 * MongoDB databases on the operator's server (STORAGE_MONGODB_URL), tested against the protocol's real shapes with no
 * server (MongoDB has no Debian package): the product's real `mongodb` driver talks to `mongo-wire.ts`, which records
 * the commands it receives and answers as MongoDB does, errors included.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BSON, MongoClient } from 'mongodb';
import { ConfiguredMongo } from '../../server/services/storage/configured-mongo';
import { MongoResponder } from './mongo-wire';
import { BASE, D, settled, startStorage, type Created, type StorageHarness } from './storage-fixtures';

const PASSWORD = 'Mongo#Pass42';
const NEW_PASSWORD = 'Other(Pass)77';

let h: StorageHarness;
let mongo: MongoResponder;
let url: string;
const logged: string[] = [];

beforeAll(async () => {
  mongo = new MongoResponder();
  url = await mongo.start();
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      original(...args);
    });
  }
  h = await startStorage({ STORAGE_MONGODB_URL: url, STORAGE_MONGODB_SLOW_MS: '50' });
}, 180_000);
afterAll(async () => {
  await h?.close();
  await mongo?.close();
  vi.restoreAllMocks();
});

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

async function create(name: string, username: string): Promise<{ made: Created; request: { status: string; message?: string } }> {
  const res = await h.store('POST', D, { name, engine: 'mongodb', region: 'ap-shanghai', instanceType: 's1', username, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json() as Created;
  return { made, request: await settled(h, made.id, made.requestId) };
}

async function request(db: Created, path: string, body?: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') {
  const res = await h.store(method, `${D}/${db.id}/${path}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return settled(h, db.id, res.json().requestId);
}

describe('MongoDB databases on the configured server', () => {
  let db: Created;

  beforeAll(async () => {
    const { made, request: done } = await create('guild-hall', 'guild');
    expect(done).toMatchObject({ kind: 'create', status: 'SUCCESS' });
    db = made;
  });

  it('are offered in the regions once their server is configured', async () => {
    const regions = (await h.store('GET', `${BASE}/regions`)).json();
    expect(regions.items.find((r: { id: string }) => r.id === 'ap-shanghai').engines).toContain('mongodb');
  });

  it('are a user made in the database itself, with roles on that database alone and the record’s marker; the profiler on', () => {
    expect(db).toMatchObject({ engine: 'mongodb', server: 'configured', host: '127.0.0.1', port: Number(new URL(url).port) });
    expect(db.user).toMatch(/^guild_[0-9a-f]{8}$/);
    expect(db.databaseName).toMatch(/^guild_hall_[0-9a-f]{8}$/);
    const [made] = mongo.commands('createUser');
    expect(made.db).toBe(db.databaseName);
    expect(made.command).toMatchObject({ createUser: db.user, pwd: PASSWORD, customData: { lodestar: `lodestar:${db.id}` } });
    expect(made.command.roles).toEqual([
      { role: 'readWrite', db: db.databaseName },
      { role: 'dbAdmin', db: db.databaseName },
    ]);
    expect(mongo.commands('profile').find((p) => p.db === db.databaseName)?.command).toMatchObject({ profile: 1, slowms: 50 });
  });

  it('reset password: updateUser in the database with the new password', async () => {
    expect(await request(db, 'reset-password', { password: NEW_PASSWORD })).toMatchObject({ kind: 'resetPassword', status: 'SUCCESS' });
    const [update] = mongo.commands('updateUser');
    expect(update).toMatchObject({ db: db.databaseName, command: { updateUser: db.user, pwd: NEW_PASSWORD } });
    expect(mongo.users.get(`${db.databaseName}.${db.user}`)?.pwd).toBe(NEW_PASSWORD);
  });

  it('restart and upgrade kill the user’s sessions and its running operations', async () => {
    mongo.ops = [
      { opid: 41, active: true, connectionId: 7, effectiveUsers: [{ user: db.user, db: db.databaseName }] },
      { opid: 42, active: false, connectionId: 8, effectiveUsers: [{ user: db.user, db: db.databaseName }] },
    ];
    expect(await request(db, 'restart')).toMatchObject({ kind: 'restart', status: 'SUCCESS' });
    const [op] = mongo.commands('currentOp');
    expect(op).toMatchObject({ db: 'admin', command: { $all: true, effectiveUsers: { $elemMatch: { user: db.user, db: db.databaseName } } } });
    expect(mongo.commands('killAllSessionsByPattern').at(-1)).toMatchObject({ db: 'admin', command: { killAllSessionsByPattern: [{ users: [{ user: db.user, db: db.databaseName }] }] } });
    // The active operation alone is killed; the idle connection's sessions went with the pattern.
    expect(mongo.commands('killOp').map((k) => k.command.op)).toEqual([41]);
    const killed = mongo.commands('killAllSessionsByPattern').length;
    expect(await request(db, 'upgrade', { instanceType: 's2' }, 'PUT')).toMatchObject({ kind: 'upgrade', status: 'SUCCESS' });
    expect(mongo.commands('killAllSessionsByPattern').length).toBe(killed + 1);
    expect((await h.store('GET', `${D}/${db.id}`)).json()).toMatchObject({ instanceType: 's2', status: 'running' });
    mongo.ops = [];
  });

  it('slow queries are the user’s operations from the database’s profiler, slowest first', async () => {
    const profile = mongo.collection(`${db.databaseName}.system.profile`);
    const ts = new Date('2026-11-27T10:00:00Z');
    profile.docs.push(
      { op: 'query', ns: `${db.databaseName}.scores`, command: { find: 'scores', filter: { points: { $gt: 5 } } }, millis: 320, docsExamined: 12000, ts, user: `${db.user}@${db.databaseName}` },
      { op: 'insert', ns: `${db.databaseName}.scores`, command: { insert: 'scores' }, millis: 80, docsExamined: 0, ts, user: `${db.user}@${db.databaseName}` },
    );
    const res = await h.store('GET', `${D}/${db.id}/slow-queries`);
    expect(res.statusCode, res.body).toBe(200);
    const find = mongo.commands('find').find((f) => f.command.find === 'system.profile');
    expect(find).toMatchObject({ db: db.databaseName, command: { filter: { user: `${db.user}@${db.databaseName}` }, sort: { millis: -1, ts: -1 } } });
    const { items } = res.json();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ durationMs: 320, rowsExamined: 12000, at: ts.toISOString() });
    expect(items[0].statement).toContain('"$gt":5');
  });

  it('figures: the user’s connections from currentOp, the size from dbStats, the operations from top', async () => {
    mongo.ops = [{ opid: 1, active: false, connectionId: 3 }, { opid: 2, active: true, connectionId: 3 }, { opid: 3, active: false, connectionId: 4 }];
    mongo.topCounts = { [`${db.databaseName}.scores`]: 7, [`${db.databaseName}.players`]: 5, 'elsewhere.scores': 100 };
    const server = new ConfiguredMongo(url);
    const figures = await server.figures({ id: db.id, databaseName: db.databaseName, user: db.user, password: '', maxConnections: 1 });
    // 20480 + 4096 as dbStats answered; top's counts of the database's own collections, another database's left out.
    expect(figures).toEqual({ connections: 2, sizeBytes: 24576, operationsTotal: 12 });
    expect(mongo.commands('dbStats').at(-1)?.db).toBe(db.databaseName);
    mongo.ops = [];
    const info = (await h.store('GET', `${D}/supported-metrics-info`)).json();
    expect(info.items.filter((m: { from: Record<string, string> }) => 'mongodb' in m.from).map((m: { name: string }) => m.name)).toEqual(['connections', 'sizeBytes', 'operations']);
  });

  it('a backup is every collection’s documents, options and indexes as canonical Extended JSON; a restore brings them back', async () => {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
    const id = new BSON.ObjectId();
    const when = new Date('2026-01-02T03:04:05.678Z');
    try {
      await client.db(db.databaseName).createCollection('players', { validator: { name: { $type: 'string' } } });
      await client.db(db.databaseName).collection('players').insertMany([{ _id: id, name: 'ann', gold: BSON.Long.fromString('9007199254740993'), joined: when }, { name: "bo'b", gold: BSON.Long.fromNumber(3) }]);
      await client.db(db.databaseName).collection('players').createIndex({ name: 1 }, { unique: true, name: 'by_name' });
    } finally {
      await client.close();
    }
    const res = await h.store('POST', `${D}/${db.id}/backup`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await settled(h, db.id, res.json().requestId)).toMatchObject({ kind: 'backup', status: 'SUCCESS' });
    const backup = (await h.store('GET', `${D}/${db.id}/backups/${res.json().backupId}`)).json();
    expect(backup).toMatchObject({ status: 'SUCCESS', format: 'mongo-ejson' });
    expect(backup.fileName).toMatch(/^guild-hall-\d{8}-\d{6}\.jsonl\.gz$/);

    const { urls } = (await h.store('GET', `${D}/${db.id}/backups/${backup.id}/download-urls`)).json();
    expect(urls).toHaveLength(1);
    const u = new URL(urls[0].url);
    const file = await h.req({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(file.statusCode).toBe(200);
    const lines = gunzipSync(file.rawPayload).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
    const players = lines.find((l) => l.collection === 'players');
    expect(players.options).toEqual({ validator: { name: { $type: 'string' } } });
    expect(players.indexes).toEqual([{ key: { name: { $numberInt: '1' } }, unique: true, name: 'by_name' }]);
    expect(lines.find((l) => l.c === 'players' && l.d.name === 'ann').d).toEqual({ _id: { $oid: id.toHexString() }, name: 'ann', gold: { $numberLong: '9007199254740993' }, joined: { $date: { $numberLong: String(when.getTime()) } } });

    // Changed after the backup, then restored: the backup's documents, types and index are back, the later ones gone.
    const ns = `${db.databaseName}.players`;
    mongo.collection(ns).docs = [{ name: 'mallory' }];
    mongo.collection(`${db.databaseName}.later`).docs.push({ x: 1 });
    const restore = await h.store('POST', `${D}/${db.id}/backups/${backup.id}/restore`);
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await settled(h, db.id, restore.json().requestId)).toMatchObject({ kind: 'restore', status: 'SUCCESS' });
    expect(mongo.collections.has(`${db.databaseName}.later`)).toBe(false);
    const back = mongo.collection(ns);
    expect(back.options).toEqual({ validator: { name: { $type: 'string' } } });
    expect(back.docs.map((d) => d.name)).toEqual(['ann', "bo'b"]);
    expect(back.docs[0]._id.toHexString()).toBe(id.toHexString());
    expect(back.docs[0].gold).toEqual(BSON.Long.fromString('9007199254740993'));
    expect(back.docs[0].joined).toEqual(when);
    expect(back.indexes).toEqual([{ key: { name: 1 }, unique: true, name: 'by_name' }]);
  });

  it('delete finds the user by its marker, kills its sessions, drops it and the database', async () => {
    expect((await h.store('DELETE', `${D}/${db.id}`)).statusCode).toBe(204);
    const dropped = await until(() => mongo.commands('dropDatabase').find((c) => c.db === db.databaseName), 'the database dropped');
    expect(dropped).toBeTruthy();
    expect(mongo.commands('usersInfo').at(-1)?.command).toMatchObject({ usersInfo: { forAllDBs: true }, filter: { 'customData.lodestar': `lodestar:${db.id}` } });
    expect(mongo.commands('dropUser').at(-1)).toMatchObject({ db: db.databaseName, command: { dropUser: db.user } });
    expect(mongo.users.has(`${db.databaseName}.${db.user}`)).toBe(false);
  });
});

describe('MongoDB’s refusals', () => {
  it('a user that already exists (51003) fails the create with why; the database is `failure`', async () => {
    mongo.refuseNext('createUser', { code: 51003, codeName: 'Location51003', errmsg: 'User "taken@x" already exists' });
    const { made, request: done } = await create('taken-db', 'taken');
    expect(done).toMatchObject({ status: 'FAILED' });
    expect(done.message).toBe(`the MongoDB user ${made.user} in ${made.databaseName} already exists on the server`);
    expect((await h.store('GET', `${D}/${made.id}`)).json()).toMatchObject({ status: 'failure' });
  });

  it('an administrator without the roles (13) and a user gone (11) fail a reset with why', async () => {
    const { made } = await create('second-db', 'second');
    mongo.refuseNext('updateUser', { code: 13, codeName: 'Unauthorized', errmsg: 'not authorized on second to execute command { updateUser: … }' });
    const refused = await request(made, 'reset-password', { password: NEW_PASSWORD });
    expect(refused.status).toBe('FAILED');
    expect(refused.message).toMatch(/^the MongoDB server refused updateUser: the MongoDB administrator URL’s user needs the userAdminAnyDatabase/);
    mongo.users.delete(`${made.databaseName}.${made.user}`);
    const gone = await request(made, 'reset-password', { password: NEW_PASSWORD });
    expect(gone).toMatchObject({ status: 'FAILED', message: `the MongoDB user ${made.user} in ${made.databaseName} no longer exists on the server` });
  });

  it('names and usernames against spec 002 §5, and names that look like queries, are refused before the server hears of them', async () => {
    const before = mongo.commands('createUser').length;
    const bad = [
      { name: 'x"; db.dropDatabase(); "', username: 'okname' },
      { name: 'ok-name', username: 'mongo' },
      { name: 'ok-name', username: 'root_admin' },
      { name: 'ok-name', username: '$where' },
      { name: 'a.b', username: 'okname' },
      { name: 'ok-name', username: 'u{"$ne":1}' },
    ];
    for (const fields of bad) {
      const res = await h.store('POST', D, { engine: 'mongodb', region: 'ap-shanghai', instanceType: 's1', password: PASSWORD, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect(mongo.commands('createUser').length).toBe(before);
    const listed = (await h.store('GET', `${D}?pageSize=100`)).json();
    expect(listed.items.map((d: { name: string }) => d.name)).not.toContain('ok-name');
  });

  it('never logs a password', () => {
    expect(logged.some((l) => l.includes(PASSWORD) || l.includes(NEW_PASSWORD))).toBe(false);
  });
});
