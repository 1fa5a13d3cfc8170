/**
 * Room plugins with real WebSocket clients: versions made by saves (one per content), a release moving the version
 * new rooms run, a profile bound to a plugin, the plugin's onCreate / onJoin / onMessage / onLeave / onTick replies
 * reaching the players, a throwing hook and an endless loop logged with tag LogicPlugin while the room keeps
 * relaying, and a transfer token downloading the app's plugins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProfile, newRoom, relay, S, seat, startSync, until, type SyncApp, type SyncHarness } from './usync-fixtures';

let h: SyncHarness;
let app: SyncApp;
beforeAll(async () => {
  h = await startSync();
  app = await h.newApp('plugins');
});
afterAll(() => h.close());

const P = `${S}/api/v1/plugins`;

const GREETER = `
exports.onCreate = (room) => { room.state = { said: 0, joined: [] }; room.log('created', room.id); };
exports.onJoin = (room, playerId) => { room.state.joined.push(playerId); room.send(playerId, { hello: playerId, version: 'v1' }); };
exports.onMessage = (room, playerId, data) => {
  if (data && data.boom) throw new Error('boom from ' + playerId);
  if (data && data.spin) { while (true) {} }
  room.state.said += 1;
  room.broadcast({ from: playerId, echo: data, said: room.state.said, joined: room.state.joined });
};
exports.onLeave = (room, playerId, reason) => room.broadcast({ gone: playerId, reason });
`;

async function newPlugin(fields: Record<string, unknown>) {
  const r = await app.call('POST', P, { name: `p${Math.random().toString(36).slice(2, 10)}`, ...fields });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

async function release(id: unknown, body?: Record<string, unknown>) {
  const r = await app.call('POST', `${P}/${id}/release`, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

/** A profile bound to the plugin, and a READY room of it. */
async function roomRunning(pluginId: unknown) {
  const profile = await newProfile(app, { reconnectSeconds: 0 });
  const bound = await app.call('POST', `${S}/api/room-profiles/${profile.id}/plugin`, { pluginId });
  expect(bound.statusCode, bound.body).toBe(200);
  expect(bound.json().pluginId).toBe(pluginId);
  return newRoom(app, String(profile.id));
}

async function connected(roomId: string, playerId: string) {
  const s = await seat(app, roomId, playerId);
  const c = await relay(h, roomId, s.token);
  await c.next('welcome');
  return c;
}

const pluginLog = async (roomId: unknown) =>
  (await app.call('GET', `${S}/api/rooms/${roomId}/log?pageSize=200&tag=LogicPlugin`)).json().items as { tag: string; event: string; reason: string; playerId: string }[];

describe('Sync room plugins', () => {
  it('keeps one immutable version per content and releases the one new rooms run', async () => {
    const p = await newPlugin({ code: 'exports.onJoin = (room, id) => room.send(id, "one");' });
    expect(p).toMatchObject({ status: 'draft', latestVersion: 1 });
    const v2 = await app.call('PUT', `${P}/${p.id}`, { name: p.name, version: p.version, code: 'exports.onJoin = (room, id) => room.send(id, "two");' });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json().latestVersion).toBe(2);
    // The first code again is version 1 again, not a third version.
    const back = await app.call('PUT', `${P}/${p.id}`, { name: p.name, version: v2.json().version, code: p.code });
    expect(back.json().latestVersion).toBe(1);
    const versions = (await app.call('GET', `${P}/${p.id}/versions`)).json().items as { number: number; code: string; hash: string }[];
    expect(versions.map((v) => v.number).sort()).toEqual([1, 2]);
    expect(new Set(versions.map((v) => v.hash)).size).toBe(2);
    expect(versions.find((v) => v.number === 2)!.code).toContain('"two"');

    // Not released: a room of a bound profile runs nothing.
    const before = await roomRunning(p.id);
    expect(before.pluginVersion).toBe(0);
    const released = await release(p.id, { version: 2 });
    expect(released).toMatchObject({ status: 'released', liveVersion: 2 });
    const r2 = await roomRunning(p.id);
    expect(r2).toMatchObject({ pluginId: p.id, pluginVersion: 2 });
    const c2 = await connected(String(r2.id), 'ann');
    expect((await c2.next('plugin')).data).toBe('two');

    // The release moves to version 1: the next room runs it; the open room keeps version 2.
    expect((await release(p.id, { version: 1 })).liveVersion).toBe(1);
    const r1 = await roomRunning(p.id);
    expect(r1.pluginVersion).toBe(1);
    const c1 = await connected(String(r1.id), 'ben');
    expect((await c1.next('plugin')).data).toBe('one');
    const c2b = await connected(String(r2.id), 'cat');
    expect((await c2b.next('plugin')).data).toBe('two');
    expect((await app.call('POST', `${P}/${p.id}/release`, { version: 9 })).statusCode).toBe(404);
    for (const c of [c1, c2, c2b]) c.ws.close();
  });

  it("answers joins and messages from the plugin's hooks, keeping its state between them", async () => {
    const p = await newPlugin({ code: GREETER });
    await release(p.id);
    const room = await roomRunning(p.id);
    const a = await connected(String(room.id), 'alice');
    expect((await a.next('plugin')).data).toEqual({ hello: 'alice', version: 'v1' });
    const b = await connected(String(room.id), 'bob');
    expect((await b.next('plugin')).data).toEqual({ hello: 'bob', version: 'v1' });
    a.send({ type: 'plugin', data: { move: 1 } });
    const seenByB = (await b.next('plugin')).data;
    expect(seenByB).toEqual({ from: 'alice', echo: { move: 1 }, said: 1, joined: ['alice', 'bob'] });
    expect((await a.next('plugin')).data).toEqual(seenByB);
    b.send({ type: 'plugin', data: 'again' });
    expect((await a.next('plugin')).data).toMatchObject({ from: 'bob', said: 2 });
    // A leave reaches the plugin; its broadcast reaches the one left.
    b.send({ type: 'leave' });
    expect((await a.next('plugin')).data).toEqual({ gone: 'bob', reason: 'left' });
    const log = await pluginLog(room.id);
    expect(log.map((l) => l.event)).toEqual(expect.arrayContaining(['started', 'log']));
    expect(log.find((l) => l.event === 'log')!.reason).toBe(`created ${room.id}`);
    expect(log.every((l) => l.tag === 'LogicPlugin')).toBe(true);
    a.ws.close();
  });

  it('logs a hook that throws or loops past its time limit, and the room keeps relaying', async () => {
    const p = await newPlugin({ code: GREETER, timeoutMs: 100 });
    await release(p.id);
    const room = await roomRunning(p.id);
    const a = await connected(String(room.id), 'alice');
    const b = await connected(String(room.id), 'bob');
    await a.next('plugin');
    await b.next('plugin');
    a.send({ type: 'plugin', data: { boom: true } });
    await until(async () => (await pluginLog(room.id)).some((l) => l.event === 'error'), 'the error logged');
    const error = (await pluginLog(room.id)).find((l) => l.event === 'error')!;
    expect(error).toMatchObject({ tag: 'LogicPlugin', playerId: 'alice' });
    expect(error.reason).toContain('onMessage: Error: boom from alice');
    a.send({ type: 'plugin', data: { spin: true } });
    await until(async () => (await pluginLog(room.id)).some((l) => l.event === 'timeout'), 'the endless loop stopped');
    expect((await pluginLog(room.id)).find((l) => l.event === 'timeout')!.reason).toContain('onMessage: Task timed out after 100 ms');
    // The relay goes on, and so does the plugin: its state from before the failed hooks.
    a.send({ type: 'send', data: 'still here' });
    expect((await b.next('message')).data).toBe('still here');
    b.send({ type: 'plugin', data: 'after' });
    expect((await a.next('plugin')).data).toMatchObject({ from: 'bob', said: 1 });
    expect((await app.call('GET', `${S}/api/rooms/${room.id}`)).json().status).toBe('RUNNING');
    a.ws.close();
    b.ws.close();
  });

  it('runs onTick on its interval, and tells a client of a room without a plugin', async () => {
    const p = await newPlugin({ tickMs: 100, code: 'exports.onCreate = (room) => { room.state = { ticks: 0 }; };\nexports.onTick = (room, elapsed) => { room.state.ticks += 1; if (room.state.ticks === 3) room.broadcast({ ticks: room.state.ticks, elapsed: elapsed > 0 }); };' });
    await release(p.id);
    const room = await roomRunning(p.id);
    const a = await connected(String(room.id), 'tia');
    expect((await a.next('plugin')).data).toEqual({ ticks: 3, elapsed: true });
    a.ws.close();
    const plain = await newRoom(app, String((await newProfile(app)).id));
    const c = await connected(String(plain.id), 'zed');
    c.send({ type: 'plugin', data: 1 });
    expect((await c.next('error')).message).toBe('the room runs no plugin');
    c.ws.close();
  });

  it('binds and unbinds a profile, refuses another app\'s plugin, and transfers plugins with a token', async () => {
    const p = await newPlugin({ code: 'exports.onJoin = () => {};' });
    const profile = await newProfile(app);
    const other = await h.newApp('plugins-other');
    const theirs = await other.call('POST', P, { name: 'theirs', code: 'exports.onJoin = () => {};' });
    expect((await app.call('POST', `${S}/api/room-profiles/${profile.id}/plugin`, { pluginId: theirs.json().id })).statusCode).toBe(400);
    expect((await app.call('POST', `${S}/api/room-profiles/${profile.id}/plugin`, { pluginId: p.id })).json().pluginId).toBe(p.id);
    const unbound = await app.call('POST', `${S}/api/room-profiles/${profile.id}/plugin`);
    expect(unbound.statusCode, unbound.body).toBe(200);
    expect(unbound.json().pluginId).toBeUndefined();

    const t = await app.call('GET', `${P}/token`);
    expect(t.statusCode, t.body).toBe(200);
    const url = new URL(t.json().url);
    const got = await h.req({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(got.statusCode, got.body).toBe(200);
    const names = (got.json().plugins as { name: string; code: string }[]).map((x) => x.name);
    expect(names).toContain(p.name);
    expect(names).not.toContain('theirs');
    const forged = await h.req({ method: 'GET', url: `${url.pathname}?token=${Buffer.from(JSON.stringify([other.appId, 9_999_999_999, 'x'])).toString('base64url')}` });
    expect(forged.statusCode).toBe(403);
    // Deleting the plugin unbinds it from its profiles.
    await app.call('POST', `${S}/api/room-profiles/${profile.id}/plugin`, { pluginId: p.id });
    expect((await app.call('DELETE', `${P}/${p.id}`)).statusCode).toBe(204);
    expect((await app.call('GET', `${S}/api/room-profiles/${profile.id}`)).json().pluginId).toBeUndefined();
  });
});
