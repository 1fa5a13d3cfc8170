import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushServerVersions } from '../../resources/push/server-versions';
import { PUSH_CLOSE } from '../../resources/push/socket';
import { createAccount } from '../../server/platform/accounts';
import { addMember } from '../../server/platform/org/members';
import { DEMO_ADMIN } from './harness';
import { P, connect, newPlayer, newPushApp, startPush, type PushHarness } from './push-fixtures';

/** Push's server versions: the platform's records (scope 'platform'), written by administrators only. */
let h: PushHarness;
/** An administrator's session naming no app, as the back office calls. */
let admin: Record<string, string>;
/** A member of the push app's organisation: their session, and with it the app credential the console hands them. */
let member: Record<string, string>;
let memberWithApp: Record<string, string>;
const V = `${P}${pushServerVersions.path}`;

beforeAll(async () => {
  h = await startPush('push-versions');
  admin = { cookie: await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login') };
  const org = (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.pushAppOwner])).rows[0].org_id;
  const id = await createAccount(h.db, { email: 'push-versions-member@example.com', password: 'member-password', name: 'Member' });
  await addMember(h.db, org, id, 'member');
  member = { cookie: await h.login('push-versions-member@example.com', 'member-password') };
  memberWithApp = { ...member, authorization: h.pushBasic };
});
afterAll(() => h.close());

const send = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  h.req({ method, url, headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });

describe('Push server versions (the platform’s records)', () => {
  it('are listed to an administrator naming no app and to an app, and to no one else', async () => {
    const byAdmin = await send(admin, 'GET', V);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().items).toEqual([expect.objectContaining({ serverVersion: '1.0.0', cpuQuota: '0.5', playerLimitPerServer: 3500, isDefault: true, enabled: true })]);
    expect((await send(memberWithApp, 'GET', V)).json().total).toBe(byAdmin.json().total);
    expect((await send(member, 'GET', V)).statusCode).toBe(401);
    expect((await send({}, 'GET', V)).statusCode).toBe(401);
  });

  it('refuses a member every write, with the app credential or without', async () => {
    const body = { serverVersion: '9.0.0', name: 'Member made' };
    for (const headers of [memberWithApp, member]) {
      expect([401, 403]).toContain((await send(headers, 'POST', V, body)).statusCode);
      expect([401, 403]).toContain((await send(headers, 'PUT', V, { serverVersion: '1.0.0', name: 'Renamed' })).statusCode);
      expect([401, 403]).toContain((await send(headers, 'DELETE', `${V}?version=1.0.0`)).statusCode);
    }
    expect((await send(memberWithApp, 'POST', V, body)).statusCode).toBe(403);
    const one = (await send(admin, 'GET', `${V}/1.0.0`)).json();
    expect((await send(memberWithApp, 'PUT', `${V}/1.0.0`, { ...body, version: one.version })).statusCode).toBe(403);
    // Nothing changed.
    expect((await send(admin, 'GET', `${V}/1.0.0`)).json()).toMatchObject({ name: 'Standard', version: one.version });
    expect((await send(admin, 'GET', `${V}/9.0.0`)).statusCode).toBe(404);
  });

  it('lets an administrator create, edit and retire a version; one default at a time', async () => {
    const made = await send(admin, 'POST', V, { serverVersion: '2.1.0', name: 'Small', cpuQuota: '0.25', playerLimitPerServer: 1 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ serverVersion: '2.1.0', cpuQuota: '0.25', playerLimitPerServer: 1, enabled: true, isDefault: false, notes: '' });
    expect((await send(admin, 'POST', V, { serverVersion: '2.1.0', name: 'Again' })).statusCode).toBe(409);
    expect((await send(admin, 'POST', V, { serverVersion: 'bad version', name: 'x' })).statusCode).toBe(400);

    // Edited at its item path by its number, carrying the version read.
    const edited = await send(admin, 'PUT', `${V}/2.1.0`, { serverVersion: '2.1.0', name: 'Small room', cpuQuota: '0.25', playerLimitPerServer: 1, notes: 'one player', version: made.json().version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Small room', notes: 'one player' });
    expect((await send(admin, 'PUT', `${V}/2.1.0`, { serverVersion: '2.1.0', name: 'Stale', version: made.json().version })).statusCode).toBe(409);

    // Made the default, the old default is not any more; the default cannot be un-defaulted or removed.
    const defaulted = await send(admin, 'PUT', V, { serverVersion: '2.1.0', isDefault: true });
    expect(defaulted.statusCode, defaulted.body).toBe(200);
    const all = (await send(admin, 'GET', V)).json().items as { serverVersion: string; isDefault: boolean }[];
    expect(all.filter((v) => v.isDefault).map((v) => v.serverVersion)).toEqual(['2.1.0']);
    expect((await send(admin, 'PUT', V, { serverVersion: '2.1.0', isDefault: false })).statusCode).toBe(409);
    expect((await send(admin, 'DELETE', `${V}?version=2.1.0`)).statusCode).toBe(409);
    expect((await send(admin, 'PUT', V, { serverVersion: '1.0.0', isDefault: true })).statusCode).toBe(200);

    // Retired (disabled): no longer a service level; then removed, as no app runs it.
    expect((await send(admin, 'PUT', V, { serverVersion: '2.1.0', enabled: false })).json()).toMatchObject({ enabled: false, name: 'Small room' });
    const levels = (await h.call('GET', `${P}/apps/service-levels`)).json().items as { serverVersion: string }[];
    expect(levels.map((l) => l.serverVersion)).toEqual(['1.0.0']);
    expect((await send(admin, 'DELETE', `${V}?version=2.1.0`)).json()).toEqual({ removed: '2.1.0' });
    expect((await send(admin, 'GET', `${V}/2.1.0`)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `${V}?version=2.1.0`)).statusCode).toBe(404);
  });

  it("gives an app's push server the limits of the version it runs", async () => {
    expect((await send(admin, 'POST', V, { serverVersion: '3.0.0', name: 'Solo', cpuQuota: '1.5', playerLimitPerServer: 1 })).statusCode).toBe(201);
    const app = await newPushApp(h, { serverVersion: '3.0.0' });
    const [p1, p2] = await Promise.all([newPlayer(h), newPlayer(h)]);
    const a = await connect(h, { appKey: app.appKey, token: p1.token });
    await a.next('welcome');
    const infos = (await h.call('GET', `${P}/apps/${app.id}/server-infos`)).json().items;
    expect(infos).toEqual([expect.objectContaining({ playerLimit: 1, cpuQuota: '1.5', connections: 1 })]);
    // One player per server, one server: the second is refused as full.
    expect(await (await connect(h, { appKey: app.appKey, token: p2.token })).closed).toBe(PUSH_CLOSE.full);
    // A version an app runs cannot be removed.
    expect((await send(admin, 'DELETE', `${V}?version=3.0.0`)).statusCode).toBe(409);
    a.ws.close();
  });

  it('documents its routes with the platform’s callers', async () => {
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json();
    const platform = [{ appCredential: [] }, { adminSession: [] }];
    expect(doc.paths[V].post.security).toEqual(platform);
    expect(doc.paths[V].post['x-access']).toEqual(['admin']);
    expect(doc.paths[V].put.security).toEqual(platform);
    expect(doc.paths[`${V}/{serverVersion}`] ?? doc.paths[`${V}/{id}`]).toBeDefined();
    expect(doc.paths[`${P}/apps`].post.security).not.toEqual(platform);
  });

  it('moves the rows of the table the versions were kept in into the records, once', async () => {
    await h.db.query(`CREATE TABLE push_server_versions_moving (version text PRIMARY KEY, name text NOT NULL, cpu_quota text NOT NULL, player_limit integer NOT NULL,
      enabled boolean NOT NULL, is_default boolean NOT NULL, notes text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`);
    await h.db.query(`INSERT INTO push_server_versions_moving (version, name, cpu_quota, player_limit, enabled, is_default, notes) VALUES ('4.0.0', 'Kept', '2', 8000, false, false, 'from before')`);
    await h.restart();
    expect((await send(admin, 'GET', `${V}/4.0.0`)).json()).toMatchObject({ serverVersion: '4.0.0', name: 'Kept', cpuQuota: '2', playerLimitPerServer: 8000, enabled: false, notes: 'from before' });
    expect((await h.db.query<{ name: string | null }>("SELECT to_regclass('push_server_versions_moving')::text AS name")).rows[0].name).toBeNull();
    expect((await send(admin, 'GET', V)).json().items.filter((v: { isDefault: boolean }) => v.isDefault)).toHaveLength(1);
  });
});
