import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import calls from '../inventory/calls.json';
import routes from '../inventory/routes.json';
import { storage } from '../../resources/storage';
import { routePattern } from '../../src/engine/routes';
import { BASE, connectTo, createDatabase, D, settled, startStorage, type StorageHarness } from './storage-fixtures';

let h: StorageHarness;
beforeAll(async () => {
  h = await startStorage();
}, 180_000);
afterAll(() => h?.close());

const PASSWORD = 'Sturdy#Pass42';

describe('storage screens', () => {
  it('has a console screen for each of the spec’s routes', () => {
    const shape = (p: string) => p.replace(/:\w+\??/g, ':');
    const declared = new Set(storage.resources.flatMap((r) => [r.routes?.list, r.routes?.show]).filter((r): r is string => !!r).map((r) => shape(routePattern(r))));
    const wanted = (routes as { path: string }[]).filter((r) => r.path.includes('/crud/storage/')).map((r) => r.path);
    expect(wanted.length).toBe(2);
    expect(wanted.filter((p) => !declared.has(shape(p)))).toEqual([]);
  });
});

describe('embedded PostgreSQL databases', () => {
  it('are created as a request, then a real client signs in with the shown details and keeps a table', async () => {
    const res = await h.store('POST', D, { name: 'game-main', engine: 'postgresql', region: 'ap-shanghai', instanceType: 's1', username: 'game', password: PASSWORD });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made.status).toBe('creating');
    expect(made.passwordSet).toBe(true);
    expect(made.password).toBeUndefined();
    expect(made.server).toBe('embedded');
    expect(made.user).toMatch(/^game_[0-9a-f]{8}$/);
    expect(made.databaseName).toMatch(/^game_main_[0-9a-f]{8}$/);
    const request = await settled(h, made.id, made.requestId);
    expect(request).toMatchObject({ kind: 'create', status: 'SUCCESS' });
    expect((await h.store('GET', `${D}/${made.id}`)).json().status).toBe('running');

    const client = await connectTo(made, PASSWORD);
    await client.query('CREATE TABLE scores (player text PRIMARY KEY, points int NOT NULL)');
    await client.query("INSERT INTO scores VALUES ('ann', 7), ('bob', 3)");
    await client.end();
    const again = await connectTo(made, PASSWORD);
    expect((await again.query('SELECT player FROM scores ORDER BY points DESC')).rows).toEqual([{ player: 'ann' }, { player: 'bob' }]);
    await again.end();
  });

  it('refuse a wrong password, another user, and another database’s user', async () => {
    const a = await createDatabase(h, { name: 'alpha', username: 'alpha', password: PASSWORD });
    const b = await createDatabase(h, { name: 'beta', username: 'beta', password: 'Other(Pass)9' });
    await expect(connectTo(a, 'Wrong#Pass42')).rejects.toThrow(/password authentication failed/);
    await expect(connectTo(a, PASSWORD, { user: 'postgres' })).rejects.toThrow(/password authentication failed/);
    // b's user with b's password, at a's database.
    await expect(connectTo({ ...a, user: b.user }, 'Other(Pass)9')).rejects.toThrow(/password authentication failed/);
    await expect(connectTo({ ...a, databaseName: 'nothing_here' }, PASSWORD)).rejects.toThrow(/password authentication failed/);
    // The two databases hold their own data.
    const ca = await connectTo(a, PASSWORD);
    await ca.query('CREATE TABLE only_alpha (x int)');
    await ca.end();
    const cb = await connectTo(b, 'Other(Pass)9');
    expect((await cb.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_alpha'")).rows[0].n).toBe(0);
    await cb.end();
  });

  it('reset the password as a request: the old one is refused after, the new one signs in', async () => {
    const db = await createDatabase(h, { name: 'resettable', username: 'resetme', password: PASSWORD });
    const res = await h.store('POST', `${D}/${db.id}/reset-password`, { password: 'Fresh(Pass)77' });
    expect(res.statusCode).toBe(200);
    expect(res.json().password).toBeUndefined();
    expect(await settled(h, db.id, res.json().requestId)).toMatchObject({ kind: 'resetPassword', status: 'SUCCESS' });
    await expect(connectTo(db, PASSWORD)).rejects.toThrow(/password authentication failed/);
    const c = await connectTo(db, 'Fresh(Pass)77');
    expect((await c.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await c.end();
  });

  it('restart ends the user’s sessions', async () => {
    const db = await createDatabase(h, { name: 'restartable', username: 'rs', password: PASSWORD });
    const c = await connectTo(db, PASSWORD);
    const ended = new Promise<void>((resolve) => c.on('end', () => resolve()));
    const res = await h.store('POST', `${D}/${db.id}/restart`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('restarting');
    expect(await settled(h, db.id, res.json().requestId)).toMatchObject({ kind: 'restart', status: 'SUCCESS' });
    await ended;
    await expect(c.query('SELECT 1')).rejects.toThrow();
    expect((await h.store('GET', `${D}/${db.id}`)).json().status).toBe('running');
    const fresh = await connectTo(db, PASSWORD);
    await fresh.end();
  });

  it('hold the instance type’s connection limit, and an upgrade raises it', async () => {
    const db = await createDatabase(h, { name: 'limited', username: 'lim', password: PASSWORD });
    const held = [];
    for (let i = 0; i < 20; i++) held.push(await connectTo(db, PASSWORD));
    await expect(connectTo(db, PASSWORD)).rejects.toThrow(/too many connections/);
    const res = await h.store('PUT', `${D}/${db.id}/upgrade`, { instanceType: 's2' });
    expect(res.statusCode).toBe(200);
    expect(await settled(h, db.id, res.json().requestId)).toMatchObject({ kind: 'upgrade', status: 'SUCCESS' });
    await Promise.all(held.map((c) => c.end().catch(() => undefined)));
    const more = [];
    for (let i = 0; i < 21; i++) more.push(await connectTo(db, PASSWORD));
    await Promise.all(more.map((c) => c.end()));
    expect((await h.store('PUT', `${D}/${db.id}/upgrade`, { instanceType: 's2' })).statusCode).toBe(400);
  });

  it('are dropped with their record: the database no longer signs anyone in', async () => {
    const db = await createDatabase(h, { name: 'doomed', username: 'doomed', password: PASSWORD });
    expect((await h.store('DELETE', `${D}/${db.id}`)).statusCode).toBe(204);
    await expect(connectTo(db, PASSWORD)).rejects.toThrow(/password authentication failed/);
  });
});

describe('bad input', () => {
  const base = { name: 'ok-name', engine: 'postgresql', region: 'ap-shanghai', instanceType: 's1', username: 'okuser', password: PASSWORD };
  it.each([
    ['a name with a space', { name: 'bad name' }, '/name'],
    ['a name of 61 characters', { name: 'n'.repeat(61) }, '/name'],
    ['SQL in the name', { name: 'x"; DROP DATABASE postgres; --' }, '/name'],
    ['SQL in the username', { username: "a'; DROP ROLE x; --" }, '/username'],
    ['a username of 17 characters', { username: 'u'.repeat(17) }, '/username'],
    ['the username postgres', { username: 'postgres' }, '/username'],
    ['the username User', { username: 'User' }, '/username'],
    ['a username starting with root', { username: 'rootish' }, '/username'],
    ['a username starting with pg_', { username: 'pg_admin' }, '/username'],
    ['a username starting with tencentdb_', { username: 'tencentdb_x' }, '/username'],
    ['a password without a symbol', { password: 'Sturdy1Pass42' }, '/password'],
    ['a password of 7 characters', { password: 'St#rd1y' }, '/password'],
    ['a password with a quote', { password: "Sturdy#Pass4'" }, '/password'],
    ['an engine with no server on this deployment', { engine: 'mysql' }, '/engine'],
    ['an unknown region', { region: 'mars-1' }, '/region'],
  ])('refuses %s with 400, storing nothing', async (_what, change, field) => {
    const before = (await h.store('GET', D)).json().total;
    const res = await h.store('POST', D, { ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details ?? res.json())).toContain(field);
    expect((await h.store('GET', D)).json().total).toBe(before);
  });

  it('refuses a password without each kind of character at reset too, keeping the old one', async () => {
    const db = (await h.store('GET', D)).json().items[0];
    const res = await h.store('POST', `${D}/${db.id}/reset-password`, { password: 'nouppercase1#' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: '/password', message: 'a password needs a lowercase letter, an uppercase letter, a digit and one of !@#^()' });
    expect((await h.store('GET', `${D}/${db.id}`)).json().requestId).toBe(db.requestId);
  });

  it('says why an engine cannot be created here', async () => {
    const res = await h.store('POST', D, { ...base, engine: 'redis' });
    expect(res.json().details).toContainEqual({ field: '/engine', message: 'Redis databases are not available on this deployment: no Redis server is configured' });
    const regions = (await h.store('GET', `${BASE}/regions`)).json();
    expect(regions.items.find((r: { id: string }) => r.id === 'ap-shanghai').engines).toEqual(['postgresql']);
  });

  it('keeps one app’s databases and requests from another app', async () => {
    const db = await createDatabase(h, { name: 'private', username: 'priv', password: PASSWORD });
    expect((await h.otherStore('GET', `${D}/${db.id}`)).statusCode).toBe(404);
    expect((await h.otherStore('GET', `${D}/${db.id}/async-request/${db.requestId}/status`)).statusCode).toBe(404);
    expect((await h.otherStore('POST', `${D}/${db.id}/restart`)).statusCode).toBe(404);
    expect((await h.otherStore('DELETE', `${D}/${db.id}`)).statusCode).toBe(404);
    expect((await h.store('GET', `${D}/${db.id}/async-request/not-a-request/status`)).statusCode).toBe(404);
    expect((await h.otherStore('GET', `${D}/${db.id}/slow-queries`)).statusCode).toBe(404);
  });

  it('says an embedded database records no slow queries, rather than only answering none', async () => {
    const db = await createDatabase(h, { name: 'quiet', username: 'quiet', password: PASSWORD });
    const res = await h.store('GET', `${D}/${db.id}/slow-queries`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 0, items: [], unrecorded: 'slow queries are not recorded for embedded PostgreSQL databases' });
    expect((await h.store('GET', `${D}/${db.id}/slow-queries?count=0`)).statusCode).toBe(400);
  });
});

describe('storage calls', () => {
  it('serves the spec’s catalogue calls and the async request status', async () => {
    const wanted = (calls as { service: string; method: string; path: string }[]).filter((c) => c.service === 'storage');
    expect(wanted.length).toBe(23);
    const types = (await h.store('GET', `${BASE}/instance-types`)).json();
    expect(types.items.map((t: { id: string }) => t.id)).toEqual(['s1', 's2', 'm1', 'l1']);
    expect((await h.store('POST', `${BASE}/databases/refresh-auth-cache`)).json()).toEqual({ refreshed: true });
    expect((await h.store('GET', `${BASE}/databases/admin`)).statusCode).toBe(403);
  });
});
