import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_CLOSE } from '../../resources/push/socket';
import { P, connect, newPlayer, newPushApp, startPush, type PushHarness } from './push-fixtures';

let h: PushHarness;
beforeAll(async () => {
  h = await startPush('push-apps');
});
afterAll(() => h.close());

const version = (body: Record<string, unknown>, method = 'POST') => h.req({ method: method as 'POST', url: `${P}/server-versions`, headers: h.admin, payload: body });

describe('Push apps', () => {
  it('creates a push app with a key of its own, whose server starts when its first client connects', async () => {
    const app = await newPushApp(h);
    expect(app).toMatchObject({ status: 'created', serverVersion: '', servers: 1 });
    expect(app.appKey).toMatch(/^pk_/);
    expect((await h.call('GET', `${P}/apps/${app.id}/server-infos`)).json().items).toEqual([]);
    const levels = (await h.call('GET', `${P}/apps/service-levels`)).json();
    expect(levels.items[0]).toMatchObject({ serverVersion: '1.0.0', cpuQuota: '0.5', playerLimitPerServer: 3500, isDefault: true });

    const cl = await connect(h, { appKey: app.appKey, token: (await newPlayer(h)).token });
    await cl.next('welcome');
    const running = (await h.call('GET', `${P}/apps/${app.id}`)).json();
    expect(running.status).toBe('running');
    expect(running.startedAt).toEqual(expect.any(String));
    const infos = (await h.call('GET', `${P}/apps/${app.id}/server-infos`)).json();
    expect(infos.items).toEqual([expect.objectContaining({ server: 1, state: 'running', connections: 1, playerLimit: 3500, cpuQuota: '0.5' })]);
    expect(infos.items[0].url).toMatch(/^ws:\/\/.+\/upush\/v1\/connect$/);
    cl.ws.close();
  });

  it('lets only an administrator manage server versions, and fails the apps on a version disabled', async () => {
    const body = { serverVersion: '2.0.0', name: 'Large', cpuQuota: '1', playerLimitPerServer: 2 };
    expect((await h.call('POST', `${P}/server-versions`, body)).statusCode).toBe(403);
    const made = await version(body);
    expect(made.statusCode, made.body).toBe(201);
    expect((await version(body)).statusCode).toBe(409);
    const app = await newPushApp(h, { serverVersion: '2.0.0' });
    expect((await h.call('POST', `${P}/apps`, { name: 'x', serverVersion: 'nope' })).statusCode).toBe(400);

    // Two players per server, one server: a third client is refused as full.
    const players = await Promise.all([newPlayer(h), newPlayer(h), newPlayer(h)]);
    const [a, b] = await Promise.all(players.slice(0, 2).map((p) => connect(h, { appKey: app.appKey, token: p.token })));
    await a.next('welcome');
    await b.next('welcome');
    expect(await (await connect(h, { appKey: app.appKey, token: players[2].token })).closed).toBe(PUSH_CLOSE.full);
    // More servers: room for the third.
    const moved = await h.call('PUT', `${P}/apps/server-version`, { id: app.id, serverVersion: '2.0.0', servers: 2 });
    expect(moved.json()).toMatchObject({ servers: 2 });
    const c = await connect(h, { appKey: app.appKey, token: players[2].token });
    await c.next('welcome');
    expect((await h.call('GET', `${P}/apps/${app.id}/server-infos`)).json().items.map((s: { connections: number }) => s.connections)).toEqual([2, 1]);

    expect((await version({ ...body, enabled: false }, 'PUT')).statusCode).toBe(200);
    expect(await (await connect(h, { appKey: app.appKey, token: players[0].token })).closed).toBe(PUSH_CLOSE.notRunning);
    const failed = (await h.call('GET', `${P}/apps/${app.id}`)).json();
    expect(failed).toMatchObject({ status: 'failure', statusReason: 'the server version is disabled' });
    expect((await version({ version: '2.0.0' }, 'DELETE')).statusCode).toBe(400);
    expect((await h.req({ method: 'DELETE', url: `${P}/server-versions?version=2.0.0`, headers: h.admin })).statusCode).toBe(409);
    expect((await h.req({ method: 'DELETE', url: `${P}/server-versions?version=1.0.0`, headers: h.admin })).statusCode).toBe(409);

    // Back on the default version, the app may start again.
    const back = await h.call('PUT', `${P}/apps/server-version`, { id: app.id, serverVersion: '1.0.0' });
    expect(back.json().status).toBe('created');
    expect((await h.call('POST', `${P}/apps/${app.id}:restart`)).statusCode).toBe(409);
    for (const cl of [a, b, c]) cl.ws.close();
  });

  it('leaves its running apps waiting to exit when the server stops, their clients told to reconnect, and runs them again', async () => {
    const app = await newPushApp(h);
    const p = await newPlayer(h);
    const cl = await connect(h, { appKey: app.appKey, token: p.token });
    await cl.next('welcome');
    await h.restart();
    expect(await cl.closed).toBe(PUSH_CLOSE.restart);
    expect((await h.call('GET', `${P}/apps/${app.id}`)).json()).toMatchObject({ status: 'waiting_exited', statusReason: 'the server is restarting' });
    const again = await connect(h, { appKey: app.appKey, token: p.token });
    await again.next('welcome');
    expect((await h.call('GET', `${P}/apps/${app.id}`)).json().status).toBe('running');
    again.ws.close();
  });
});
