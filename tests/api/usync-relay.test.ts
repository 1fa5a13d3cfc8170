/**
 * The relay with real WebSocket clients: a seat token joins its room (the first connection runs it), messages go to
 * everyone else or to one player, a leave ends the seat, a dropped client comes back within the grace with its
 * seat, a flooding client is throttled then dropped while the others go on, an empty room closes after its idle
 * time, a seat token of one app's room opens no other room, and what was relayed is recorded as usage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_CLOSE } from '../../resources/usync/socket';
import { sweep } from '../../server/services/usync/sweep';
import { newProfile, newRoom, relay, S, seat, startSync, until, type SyncApp, type SyncHarness } from './usync-fixtures';

let h: SyncHarness;
let app: SyncApp;
beforeAll(async () => {
  h = await startSync();
  app = await h.newApp('relay');
});
afterAll(() => h.close());

const roomOf = async (id: unknown) => (await app.call('GET', `${S}/api/rooms/${id}`)).json();
const seatsOf = async (id: unknown) => (await app.call('GET', `${S}/api/rooms/${id}/seats`)).json().items as { playerId: string; status: string; reconnects: number }[];

/** A READY room of a fresh profile, and two seated players connected to it. */
async function twoInRoom(fields: Record<string, unknown> = {}, tier: Record<string, unknown> = {}) {
  const p = await newProfile(app, fields, tier);
  const room = await newRoom(app, String(p.id));
  const [sa, sb] = [await seat(app, String(room.id), 'alice'), await seat(app, String(room.id), 'bob')];
  const a = await relay(h, String(room.id), sa.token);
  expect((await a.next('welcome')).reconnected).toBe(false);
  const b = await relay(h, String(room.id), sb.token);
  await b.next('welcome');
  expect((await a.next('joined')).playerId).toBe('bob');
  return { room, profile: p, a, b, sa, sb };
}

describe('Sync relay', () => {
  it('runs the room at its first connection and relays to everyone else or to one player', async () => {
    const { room, a, b } = await twoInRoom();
    // Each connection is written in turn after it is made: the room runs from the first, and counts both once the second's is written.
    await until(async () => (await roomOf(room.id)).status === 'RUNNING', 'room running');
    await until(async () => (await roomOf(room.id)).players === 2, 'two players counted');
    a.send({ type: 'send', data: { move: [1, 2] } });
    expect(await b.next('message')).toEqual({ type: 'message', from: 'alice', data: { move: [1, 2] } });
    b.send({ type: 'send', data: 'just you', to: ['alice'] });
    expect(await a.next('message')).toMatchObject({ from: 'bob', data: 'just you', to: ['alice'] });
    b.send({ type: 'send', data: 'all of us', echo: true });
    expect((await a.next('message')).data).toBe('all of us');
    expect((await b.next('message')).data).toBe('all of us');
    // Nothing else reached them: a sender is not given its own message unless it asks.
    a.send({ type: 'ping' });
    await a.next('pong');
    expect(a.got.filter((m) => m.type === 'message')).toHaveLength(2);
    expect(b.got.filter((m) => m.type === 'message')).toHaveLength(2);
    const log = (await app.call('GET', `${S}/api/rooms/${room.id}/log?pageSize=100`)).json().items.map((l: { event: string }) => l.event);
    expect(log.slice(0, 2)).toEqual(['SERVER_ALLOCATED', 'READY']);
    expect(log).toContain('RUNNING');
    a.ws.close();
    b.ws.close();
  });

  it('ends a seat at a leave, the others told', async () => {
    const { room, a, b } = await twoInRoom();
    b.send({ type: 'leave' });
    expect(await b.closed).toBe(RELAY_CLOSE.left);
    expect(await a.next('left')).toMatchObject({ playerId: 'bob', reason: 'left' });
    await until(async () => (await seatsOf(room.id)).find((s) => s.playerId === 'bob')?.status === 'left', 'bob left');
    a.ws.close();
  });

  it('keeps the seat of a dropped client that comes back within the grace, and ends it after', async () => {
    const { room, a, b, sb } = await twoInRoom({ reconnectSeconds: 30 });
    b.ws.close();
    expect((await a.next('away')).playerId).toBe('bob');
    await until(async () => (await seatsOf(room.id)).find((s) => s.playerId === 'bob')?.status === 'away', 'bob away');
    const again = await relay(h, String(room.id), sb.token);
    const welcome = await again.next('welcome');
    expect(welcome).toMatchObject({ reconnected: true, seatId: sb.seatId, playerId: 'bob' });
    expect((await a.next('back')).playerId).toBe('bob');
    again.send({ type: 'send', data: 'still here' });
    expect((await a.next('message')).data).toBe('still here');
    await until(async () => (await seatsOf(room.id)).find((s) => s.playerId === 'bob')?.reconnects === 1, 'bob reconnected once');
    // Dropped again, and not back within the grace: the seat ends and its token opens nothing.
    again.ws.close();
    await a.next('away');
    await sweep(h.ctx, Date.now() + 31_000);
    expect(await a.next('left')).toMatchObject({ playerId: 'bob', reason: 'the player did not come back in time' });
    expect(await (await relay(h, String(room.id), sb.token)).closed).toBe(RELAY_CLOSE.badToken);
    a.ws.close();
  });

  it('throttles a flooding client, then drops it, while the room goes on', async () => {
    const { a, b } = await twoInRoom({}, { messagesPerSecond: 5 });
    for (let i = 0; i < 60; i++) b.send({ type: 'send', data: i });
    expect(await b.closed).toBe(RELAY_CLOSE.flood);
    expect(b.got.filter((m) => m.type === 'throttled').length).toBeGreaterThan(0);
    expect(await a.next('left')).toMatchObject({ playerId: 'bob', reason: 'flooding' });
    // Alice had the burst the bucket held (twice the rate), no more.
    expect(a.got.filter((m) => m.type === 'message')).toHaveLength(10);
    a.send({ type: 'ping' });
    await a.next('pong');
    a.ws.close();
  });

  it('closes a room nobody is connected to after its idle time, telling no one', async () => {
    const { room, a, b } = await twoInRoom({ idleSeconds: 1, reconnectSeconds: 0 });
    a.send({ type: 'leave' });
    b.send({ type: 'leave' });
    await Promise.all([a.closed, b.closed]);
    await until(async () => (await roomOf(room.id)).status === 'CLOSED', 'room closed when idle');
    expect((await roomOf(room.id)).statusReason).toBe('the room was idle');
  });

  it('closes the connections of a room closed by a call', async () => {
    const { room, a, b } = await twoInRoom();
    await app.call('POST', `${S}/api/rooms/${room.id}/close`);
    expect((await a.next('closing')).reason).toBe('closed by a call');
    expect(await a.closed).toBe(RELAY_CLOSE.roomClosed);
    expect(await b.closed).toBe(RELAY_CLOSE.roomClosed);
    expect((await seatsOf(room.id)).map((s) => s.status)).toEqual(['left', 'left']);
  });

  it("refuses a seat token of one app's room at another app's room, and a forged one", async () => {
    const other = await h.newApp('other-relay');
    const theirs = await newRoom(other, String((await newProfile(other)).id));
    const mine = await newRoom(app, String((await newProfile(app)).id));
    const ticket = await seat(app, String(mine.id), 'carol');
    expect(await (await relay(h, String(theirs.id), ticket.token)).closed).toBe(RELAY_CLOSE.badToken);
    expect(await (await relay(h, String(mine.id), 'st_forged')).closed).toBe(RELAY_CLOSE.badToken);
    expect(await (await relay(h, 'no-such-room', ticket.token)).closed).toBe(RELAY_CLOSE.notOpen);
    expect((await other.call('GET', `${S}/api/rooms/${theirs.id}`)).json().status).toBe('READY');
    expect((await h.req({ method: 'GET', url: `${S}/relay?roomId=x&token=y` })).statusCode).toBe(426);
  });

  it('records the peak of concurrent users and the bytes relayed into the billed meters', async () => {
    const before = (await app.call('GET', `${S}/api/usage`)).json();
    const { room, a, b } = await twoInRoom();
    const payload = 'x'.repeat(1000);
    a.send({ type: 'send', data: payload });
    await b.next('message');
    await app.call('POST', `${S}/api/rooms/${room.id}/close`);
    const after = (await app.call('GET', `${S}/api/usage`)).json();
    expect(after.ccu).toBeGreaterThanOrEqual(2);
    // In (the client's frame) and out (one frame to bob): each over the payload's size.
    expect(after.netBytes - before.netBytes).toBeGreaterThan(2000);
    expect(after.netBytes - before.netBytes).toBeLessThan(2300);
    expect((await roomOf(room.id)).bytes).toBe(after.netBytes - before.netBytes);
    const billed = await h.db.query<{ meter: string }>(`SELECT DISTINCT meter FROM usage_daily WHERE service = 'usync' AND app_id = $1 ORDER BY meter`, [app.appId]);
    expect(billed.rows.map((r) => r.meter)).toEqual(['ccu', 'net']);
  });
});
