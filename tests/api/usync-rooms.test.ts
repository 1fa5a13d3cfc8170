/**
 * Sync's records and calls: tiers and profiles with the spec's defaults, the app's initialisation, rooms moved
 * through their states by real events (allocation, failure, close, time to live), seats given by the join calls
 * with the app credential or a player token, and one app's rooms out of another's reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usync } from '../../resources/usync';
import { sweep } from '../../server/services/usync/sweep';
import { newPlayer, newProfile, newRoom, S, seat, startSync, type SyncApp, type SyncHarness } from './usync-fixtures';
import { asPlayer } from './passport-players-fixtures';

let h: SyncHarness;
let app: SyncApp;
beforeAll(async () => {
  h = await startSync();
  app = await h.newApp('rooms');
});
afterAll(() => h.close());

const events = async (a: SyncApp, roomId: string) => (await a.call('GET', `${S}/api/rooms/${roomId}/log?pageSize=100`)).json().items.map((l: { event: string }) => l.event);

describe('Sync records', () => {
  it('gives a profile the values of spec 001 §9 when they are left out', async () => {
    const p = await newProfile(app);
    const spec = usync.prices!;
    expect(p).toMatchObject({ roomCount: Number(spec.roomCount), ratio: Number(spec.ratio), ttlMinutes: Number(spec.roomTtlMinutes), idleSeconds: Number(spec.idleSeconds), transport: 'ws' });
    const bad = await app.call('POST', `${S}/api/room-profiles`, { name: 'x', tierId: 'no-such-tier' });
    expect(bad.statusCode).toBe(400);
  });

  it('initialises an app once with a tier and a profile of the spec values', async () => {
    const fresh = await h.newApp('init');
    const first = await fresh.call('POST', `${S}/api/app/${fresh.appId}/usync-init`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().tiers).toHaveLength(1);
    expect(first.json().profiles[0]).toMatchObject({ name: 'default', roomCount: 5, ratio: 4, ttlMinutes: 30, idleSeconds: 300, tierId: first.json().tiers[0].id });
    expect(first.json().tiers[0].netAllowance).toBe(625000);
    const again = await fresh.call('POST', `${S}/api/app/${fresh.appId}/usync-init`);
    expect(again.json().profiles).toHaveLength(1);
    expect((await fresh.call('POST', `${S}/api/app/${app.appId}/usync-init`)).statusCode).toBe(404);
  });

  it('moves a room created by the records create through CREATED and SERVER_ALLOCATED to READY, then CLOSED by the close call', async () => {
    const p = await newProfile(app, { ratio: 3 }, { maxPlayers: 2 });
    const created = await app.call('POST', `${S}/api/rooms`, { profileId: p.id, name: 'arena' });
    expect(created.statusCode, created.body).toBe(201);
    // The create answers the room as the relay took it, not as it was first written.
    expect(created.json()).toMatchObject({ status: 'READY', version: 3 });
    const room = (await app.call('GET', `${S}/api/rooms/${created.json().id}`)).json();
    // Players per room: the profile's, at most its tier's.
    expect(room).toMatchObject({ status: 'READY', maxPlayers: 2, transport: 'ws', players: 0 });
    expect(room.pod).not.toBe('');
    expect(await events(app, room.id)).toEqual(['SERVER_ALLOCATED', 'READY']);
    const closed = await app.call('POST', `${S}/api/rooms/${room.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'CLOSED', statusReason: 'closed by a call' });
    expect((await app.call('POST', `${S}/api/rooms/${room.id}/close`)).statusCode).toBe(409);
    expect(await events(app, room.id)).toEqual(['SERVER_ALLOCATED', 'READY', 'CLOSED']);
  });

  it("fails allocation when the profile's rooms are all open, or its transport is not served here", async () => {
    const p = await newProfile(app, { roomCount: 2 });
    const [a, b] = [await newRoom(app, String(p.id)), await newRoom(app, String(p.id))];
    expect([a.status, b.status]).toEqual(['READY', 'READY']);
    const third = await newRoom(app, String(p.id));
    expect(third).toMatchObject({ status: 'ALLOCATION_FAILED', statusReason: "the profile's rooms are all open" });
    // A closed room gives its place back.
    await app.call('POST', `${S}/api/rooms/${a.id}/close`);
    expect((await newRoom(app, String(p.id))).status).toBe('READY');
    const kcp = await newProfile(app, { transport: 'kcp2k' });
    expect(await newRoom(app, String(kcp.id))).toMatchObject({ status: 'ALLOCATION_FAILED', statusReason: 'the transport is unavailable in this deployment' });
    const transports = (await app.call('GET', `${S}/api/transports`)).json().items;
    expect(transports).toEqual([
      { name: 'ws', available: true },
      { name: 'utp', available: false, reason: 'the transport is unavailable in this deployment' },
      { name: 'kcp2k', available: false, reason: 'the transport is unavailable in this deployment' },
    ]);
  });

  it('seats players with the app credential or their own player token, up to the room size, and lists joinable rooms', async () => {
    const p = await newProfile(app, { ratio: 2 });
    const room = await newRoom(app, String(p.id));
    const byServer = await seat(app, String(room.id), 'server-seated');
    expect(byServer.token).toMatch(/^st_/);
    const player = await newPlayer(h, app);
    const own = await asPlayer(h, player.token, 'POST', `${S}/sdk/rooms/${room.id}/join`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ roomId: room.id, playerId: player.userId, relayUrl: `${S}/relay` });
    // Full: a third player is refused; a seated one joining again keeps the seat with a new token.
    const third = await app.call('POST', `${S}/service/rooms/${room.id}/join`, { playerId: 'third' });
    expect(third.statusCode).toBe(409);
    const again = await seat(app, String(room.id), 'server-seated');
    expect(again.seatId).toBe(byServer.seatId);
    expect(again.token).not.toBe(byServer.token);
    const seats = (await app.call('GET', `${S}/api/rooms/${room.id}/seats`)).json().items;
    expect(seats.map((s: { playerId: string; status: string; via: string }) => [s.playerId, s.status, s.via])).toEqual([
      ['server-seated', 'reserved', 'service'],
      [player.userId, 'reserved', 'player'],
    ]);
    // A full room is not offered in the service rooms list; another of the profile is.
    const other = await newRoom(app, String(p.id));
    const list = (await app.call('GET', `${S}/service/rooms?profileId=${p.id}`)).json().items.map((r: { id: string }) => r.id);
    expect(list).toEqual([other.id]);
    const left = await asPlayer(h, player.token, 'POST', `${S}/sdk/rooms/${room.id}/leave`);
    expect(left.json()).toMatchObject({ status: 'left' });
    expect((await asPlayer(h, player.token, 'POST', `${S}/sdk/rooms/${room.id}/leave`)).statusCode).toBe(404);
  });

  it('closes a room at its time to live, its seats ended', async () => {
    const p = await newProfile(app, { ttlMinutes: 1 });
    const room = await newRoom(app, String(p.id));
    await seat(app, String(room.id), 'late');
    await sweep(h.ctx, Date.now() + 61_000);
    const after = (await app.call('GET', `${S}/api/rooms/${room.id}`)).json();
    expect(after).toMatchObject({ status: 'CLOSED', statusReason: 'the room reached its time to live' });
    const seats = (await app.call('GET', `${S}/api/rooms/${room.id}/seats`)).json().items;
    expect(seats.map((s: { status: string }) => s.status)).toEqual(['left']);
    expect((await app.call('POST', `${S}/service/rooms/${room.id}/join`, { playerId: 'x' })).statusCode).toBe(409);
  });

  it("keeps one app's profiles, rooms and seats out of another app's reach", async () => {
    const other = await h.newApp('other');
    const p = await newProfile(app);
    const room = await newRoom(app, String(p.id));
    expect((await other.call('GET', `${S}/api/rooms/${room.id}`)).statusCode).toBe(404);
    expect((await other.call('GET', `${S}/service/rooms/${room.id}`)).statusCode).toBe(404);
    expect((await other.call('POST', `${S}/service/rooms/${room.id}/join`, { playerId: 'x' })).statusCode).toBe(404);
    expect((await other.call('POST', `${S}/api/rooms/${room.id}/close`)).statusCode).toBe(404);
    expect((await other.call('POST', `${S}/service/rooms`, { profileId: p.id })).statusCode).toBe(400);
    const stranger = await newPlayer(h, other);
    expect((await asPlayer(h, stranger.token, 'POST', `${S}/sdk/rooms/${room.id}/join`)).statusCode).toBe(404);
    expect((await other.call('GET', `${S}/api/room-profiles`)).json().total).toBe(0);
  });
});
