import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_CLOSE } from '../../resources/push/socket';
import { P, connect, newPlayer, newPushApp, startPush, type PushHarness } from './push-fixtures';

let h: PushHarness;
beforeAll(async () => {
  h = await startPush('push-connect');
});
afterAll(() => h.close());

const sendTo = (appId: string, body: Record<string, unknown>, kind = 'messages') => h.call('POST', `${P}/apps/${appId}/${kind}`, body);

describe('Push connections', () => {
  it('refuses an unknown app key, a bad player token and another app player token with their close codes', async () => {
    const app = await newPushApp(h);
    const player = await newPlayer(h);
    expect(await (await connect(h, { appKey: 'pk_nope', token: player.token })).closed).toBe(PUSH_CLOSE.unknownKey);
    expect(await (await connect(h, { appKey: app.appKey, token: 'pt_forged' })).closed).toBe(PUSH_CLOSE.badToken);
    // A token of a player of the demo app (another Lodestar app) is not one of this push app's players.
    const { createRealm, signedIn } = await import('./passport-players-fixtures');
    const stranger = await signedIn(h, await createRealm(h));
    expect(await (await connect(h, { appKey: app.appKey, token: stranger.token })).closed).toBe(PUSH_CLOSE.badToken);
    // Without the query, no upgrade: the request is refused before.
    const plain = await h.req({ method: 'GET', url: `${P}/connect?appKey=x&token=y` });
    expect(plain.statusCode).toBe(426);
  });

  it('gives a message to one player, a list, a channel and everyone, each once per connection', async () => {
    const app = await newPushApp(h);
    const [a, b, c] = await Promise.all([newPlayer(h), newPlayer(h), newPlayer(h)]);
    const ca = await connect(h, { appKey: app.appKey, token: a.token, channels: 'world' });
    const cb = await connect(h, { appKey: app.appKey, token: b.token });
    const cc = await connect(h, { appKey: app.appKey, token: c.token });
    expect((await ca.next('welcome')).channels).toEqual(['world']);
    expect((await cb.next('welcome')).playerId).toBe(b.userId);
    await cc.next('welcome');
    cb.send({ type: 'subscribe', channels: ['world', 'guild-7'] });
    expect((await cb.next('subscribed')).channels).toEqual(['world', 'guild-7']);

    const one = await sendTo(app.id, { target: 'player', players: [a.userId], title: 'Hi', body: 'for a' });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ kind: 'message', status: 'delivered', online: 1 });
    expect(await ca.next('message')).toMatchObject({ id: one.json().id, title: 'Hi', body: 'for a' });

    const list = await sendTo(app.id, { target: 'players', players: [b.userId, c.userId, b.userId + 'x'], body: 'for b and c' });
    expect(list.json().online).toBe(2);
    await cb.next('message');
    await cc.next('message');

    const channel = await sendTo(app.id, { target: 'channel', channel: 'world', body: 'world news' });
    expect(channel.json().online).toBe(2);
    expect((await ca.next('message')).channel).toBe('world');
    await cb.next('message');

    const all = await sendTo(app.id, { target: 'all', title: 'Maintenance', body: 'at 3' }, 'system-notify');
    expect(all.json()).toMatchObject({ kind: 'system', online: 3 });
    for (const cl of [ca, cb, cc]) expect((await cl.next('system')).title).toBe('Maintenance');

    // Nothing more came: c had the list and everyone's, a its own, the channel's and everyone's.
    await new Promise((r) => setTimeout(r, 200));
    const ids = (cl: typeof ca) => cl.got.filter((m) => m.type === 'message' || m.type === 'system').map((m) => m.id);
    for (const cl of [ca, cb, cc]) expect(new Set(ids(cl)).size).toBe(ids(cl).length);
    expect(ids(ca)).toHaveLength(3);
    expect(ids(cb)).toHaveLength(3);
    expect(ids(cc)).toHaveLength(2);
    for (const cl of [ca, cb, cc]) cl.ws.close();
  });

  it('refuses sends that name nobody, and a send to a player reached by nothing fails', async () => {
    const app = await newPushApp(h);
    expect((await sendTo(app.id, { target: 'player', players: [], body: 'x' })).statusCode).toBe(400);
    expect((await sendTo(app.id, { target: 'channel', body: 'x' })).statusCode).toBe(400);
    expect((await sendTo(app.id, { target: 'all' })).statusCode).toBe(400);
    expect((await sendTo(app.id, { target: 'everyone', body: 'x' })).statusCode).toBe(400);
    expect((await sendTo('no-such-app', { target: 'all', body: 'x' })).statusCode).toBe(404);
    const lonely = await sendTo(app.id, { target: 'player', players: ['nobody'], body: 'x' });
    expect(lonely.json()).toMatchObject({ status: 'failed', online: 0 });
    const sends = (await h.call('GET', `${P}/apps/${app.id}/sends`)).json();
    expect(sends.items.map((s: { status: string }) => s.status)).toEqual(['failed']);
  });

  it('throttles a flooding client, then closes it with the flood code', async () => {
    const app = await newPushApp(h, { messagesPerSecond: 5 });
    const p = await newPlayer(h);
    const cl = await connect(h, { appKey: app.appKey, token: p.token });
    await cl.next('welcome');
    for (let i = 0; i < 60; i++) cl.send({ type: 'ping' });
    expect(await cl.closed).toBe(PUSH_CLOSE.flood);
    // The bucket held 10 pings; the next were refused as throttled before the close.
    expect(cl.got.filter((m) => m.type === 'pong')).toHaveLength(10);
    expect(cl.got.filter((m) => m.type === 'throttled').length).toBeGreaterThan(0);
  });

  it('closes a client that sends what is not a declared message', async () => {
    const app = await newPushApp(h);
    const p = await newPlayer(h);
    const cl = await connect(h, { appKey: app.appKey, token: p.token });
    await cl.next('welcome');
    cl.send('not json');
    expect(await cl.closed).toBe(PUSH_CLOSE.badMessage);
  });

  it('disconnects the clients of a deleted push app and lets none connect or send after', async () => {
    const app = await newPushApp(h);
    const p = await newPlayer(h);
    const cl = await connect(h, { appKey: app.appKey, token: p.token });
    await cl.next('welcome');
    const del = await h.call('POST', `${P}/apps/${app.id}:delete`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().status).toBe('deleted');
    expect(await cl.closed).toBe(PUSH_CLOSE.notRunning);
    expect(await (await connect(h, { appKey: app.appKey, token: p.token })).closed).toBe(PUSH_CLOSE.notRunning);
    expect((await sendTo(app.id, { target: 'all', body: 'x' })).statusCode).toBe(409);
    expect((await h.call('POST', `${P}/apps/${app.id}:delete`)).statusCode).toBe(409);
  });

  it('records peak connections and messages as usage, and counts them in the metrics', async () => {
    const app = await newPushApp(h);
    const before = (await h.call('GET', `${P}/apps/${app.id}/usage`)).json();
    const players = await Promise.all([newPlayer(h), newPlayer(h)]);
    const clients = await Promise.all(players.map((p) => connect(h, { appKey: app.appKey, token: p.token })));
    for (const cl of clients) await cl.next('welcome');
    await sendTo(app.id, { target: 'all', body: 'x' });
    const after = (await h.call('GET', `${P}/apps/${app.id}/usage`)).json();
    expect(after.messages - before.messages).toBe(2);
    expect(after.peakConnections).toBeGreaterThanOrEqual(2);
    const metrics = (await h.call('GET', `${P}/apps/${app.id}/metrics`)).json();
    expect(metrics).toMatchObject({ connections: 2, totals: { connect: 2, send: 1, online: 2 } });
    const top = (await h.call('GET', `${P}/apps/usage-topk`)).json();
    expect(top.items[0].appId).toBe(h.pushAppOwner);
    for (const cl of clients) cl.ws.close();
  });
});
