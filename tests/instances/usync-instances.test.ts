/**
 * Sync on two instances sharing a Redis server (ADR 0036): a room hosted by A is joined through B, whose players —
 * one connected to B, one to A — talk to each other, leave and are closed through either; an instance starting
 * beside a live one leaves its rooms alone; and when an instance is killed (a real server process, SIGKILL: nothing
 * of its shutdown runs) the other closes its rooms once its lease has run out, telling the players it carried.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketUrl } from '../../resources/socket-types';
import { usync } from '../../resources/usync';
import { RELAY_CLOSE } from '../../resources/usync/socket';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { OWNER_GONE } from '../../server/services/usync/bridge';
import { LOST_HOLD } from '../../server/services/usync/owners';
import { APP_ROOMS_FULL } from '../../server/services/usync/rooms';
import { APP_PLAYERS_FULL } from '../../server/services/usync/seats';
import { DEMO_ADMIN } from '../../server/demo';
import { sweep } from '../../server/services/usync/sweep';
import { startInstance, type StartedInstance } from '../../server/start';
import { basicOf, createScratchDatabase, serviceRequest } from '../api/harness';
import type { Harness } from '../api/harness';
import { asPlayer, createRealm, signedIn, unique } from '../api/passport-players-fixtures';
import { wsClient, type Client } from '../api/push-fixtures';
import { newProfile, newRoom, S, seat, until, type SyncApp } from '../api/usync-fixtures';
import { sleep, startServer, type ServerProcess } from '../faults/server-process';
import { startRedis, type LocalServer } from './local-servers';
import { overHttp } from './process-pair';
import { requireDatabaseUrl, startTwoInstances, type Instance, type TwoInstances } from './two-instances';

/** Short, so a killed instance's rooms are closed within the test, long enough to look at them while it runs. */
const KILLED_LEASE_MS = 3000;
const RELAY = socketUrl(usync.base, usync.sockets!.relay);

/** An app of its own with Sync, made on `db`. */
async function syncApp(db: Db): Promise<{ appId: string; basic: string }> {
  const owner = await createAccount(db, { email: `${unique('sync')}@example.com`, password: 'sync-password', name: 'Syncer' });
  const appId = await createApp(db, await createOrganization(db, unique('studio'), owner), unique('game'), ['usync', 'passport']);
  const secret = (await db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [appId])).rows[0].s;
  return { appId, basic: basicOf(appId, secret) };
}

const through = (app: { appId: string; basic: string }, req: Instance['req']): SyncApp => ({ ...app, call: serviceRequest(req, app.basic), realmId: '' });
const connect = (origin: string, roomId: string, token: string): Promise<Client> => wsClient(`${origin.replace('http', 'ws')}${RELAY}?${new URLSearchParams({ roomId, token })}`);

describe('Sync rooms across two instances', () => {
  let redis: LocalServer;
  let two: TwoInstances;
  let viaA: SyncApp;
  let viaB: SyncApp;
  const origin = { A: '', B: '' };

  beforeAll(async () => {
    redis = await startRedis();
    // The default lease: nothing here dies, and a busy machine's pauses must not look like a death.
    two = await startTwoInstances({ redisUrl: redis.url });
    origin.A = await two.a.app.listen({ port: 0, host: '127.0.0.1' });
    origin.B = await two.b.app.listen({ port: 0, host: '127.0.0.1' });
    const app = await syncApp(two.a.db);
    [viaA, viaB] = [through(app, two.a.req), through(app, two.b.req)];
  }, 120_000);

  afterAll(async () => {
    await two?.close();
    await redis?.stop();
  });

  /** A room made through A, alice seated through B and connected to B, bob seated and connected through A. */
  async function roomOnA() {
    const profile = await newProfile(viaA, { reconnectSeconds: 0 });
    const room = await newRoom(viaA, String(profile.id));
    const id = String(room.id);
    const sa = await seat(viaB, id, 'alice');
    const sb = await seat(viaA, id, 'bob');
    const alice = await connect(origin.B, id, sa.token);
    expect(await alice.next('welcome')).toMatchObject({ roomId: id, playerId: 'alice', reconnected: false });
    const bob = await connect(origin.A, id, sb.token);
    await bob.next('welcome');
    expect((await alice.next('joined')).playerId).toBe('bob');
    return { id, room, alice, bob };
  }

  it('seats a player through B in a room A hosts, and relays between clients connected to B and to A', async () => {
    const { id, room, alice, bob } = await roomOnA();
    // A hosts it: the room's pod is A's, and B holds no room of its own.
    expect(room.status).toBe('READY');
    expect(room.pod).not.toBe('');
    alice.send({ type: 'send', data: { move: [1, 2] } });
    expect(await bob.next('message')).toEqual({ type: 'message', from: 'alice', data: { move: [1, 2] } });
    bob.send({ type: 'send', data: 'just you', to: ['alice'] });
    expect(await alice.next('message')).toMatchObject({ from: 'bob', data: 'just you', to: ['alice'] });
    alice.send({ type: 'ping' });
    await alice.next('pong');
    await until(async () => (await viaB.call('GET', `${S}/api/rooms/${id}`)).json().status === 'RUNNING', 'room running');
    // The room's live state through B is A's: both players connected.
    const info = (await viaB.call('GET', `${S}/api/rooms/${id}/info`)).json();
    expect([...info.connected].sort()).toEqual(['alice', 'bob']);
    expect(info.messages).toBe(2);
    // Listed as open through B, its two seats counted against its places.
    const listed = (await viaB.call('GET', `${S}/service/rooms`)).json().items.map((r: { id: string }) => r.id);
    expect(listed).toContain(id);
    alice.ws.close();
    bob.ws.close();
  });

  it('ends a seat by a leave through B, and closes the room by a close through B, its players on both told', async () => {
    const { id, alice, bob } = await roomOnA();
    const carol = await seat(viaB, id, 'carol');
    expect((await viaB.call('POST', `${S}/service/rooms/${id}/leave`, { playerId: 'carol' })).json()).toMatchObject({ id: carol.seatId, status: 'left' });
    // A's clock counts the seat's reservation: the room's seats on A are alice's and bob's only.
    const info = (await viaA.call('GET', `${S}/api/rooms/${id}/info`)).json();
    expect(info.reserved).toEqual([]);
    const closed = await viaB.call('POST', `${S}/api/rooms/${id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('CLOSED');
    expect((await alice.next('closing')).reason).toBe('closed by a call');
    expect(await alice.closed).toBe(RELAY_CLOSE.roomClosed);
    expect(await bob.closed).toBe(RELAY_CLOSE.roomClosed);
    expect((await viaB.call('POST', `${S}/service/rooms/${id}/join`, { playerId: 'dave' })).statusCode).toBe(409);
  });

  it("runs a room's plugin on the instance hosting it: a player carried from B reaches it there", async () => {
    const made = await viaB.call('POST', `${S}/api/v1/plugins`, { name: unique('echo'), code: 'exports.onMessage = (room, playerId, data) => room.send(playerId, { echo: data, players: room.players });' });
    expect(made.statusCode, made.body).toBe(201);
    const pluginId = made.json().id;
    expect((await viaB.call('POST', `${S}/api/v1/plugins/${pluginId}/release`)).statusCode).toBe(200);
    const profile = await newProfile(viaA, { reconnectSeconds: 0 });
    expect((await viaB.call('POST', `${S}/api/room-profiles/${profile.id}/plugin`, { pluginId })).statusCode).toBe(200);
    const room = await newRoom(viaA, String(profile.id));
    expect(room).toMatchObject({ status: 'READY', pluginVersion: 1 });
    const id = String(room.id);
    const alice = await connect(origin.B, id, (await seat(viaB, id, 'alice')).token);
    await alice.next('welcome');
    alice.send({ type: 'plugin', data: 'hi' });
    expect((await alice.next('plugin')).data).toEqual({ echo: 'hi', players: ['alice'] });
    const log = (await viaB.call('GET', `${S}/api/rooms/${id}/log?tag=LogicPlugin`)).json().items as { event: string }[];
    expect(log.filter((l) => l.event === 'started')).toHaveLength(1);
    alice.ws.close();
  });

  it('seats a player by their own passport token through B in a room A hosts', async () => {
    const { id, alice, bob } = await roomOnA();
    // The passport calls of the harness's shape, through A: the player's token is good on both instances.
    const onA = { req: two.a.req, basic: viaA.basic } as unknown as Harness;
    const player = await signedIn(onA, await createRealm(onA, { basic: viaA.basic }), unique('player'), viaA.basic);
    const joined = await asPlayer({ req: two.b.req } as unknown as Harness, player.token, 'POST', `${S}/sdk/rooms/${id}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().playerId).toBe(player.userId);
    const client = await connect(origin.A, id, joined.json().token);
    expect((await client.next('welcome')).playerId).toBe(player.userId);
    expect((await alice.next('joined')).playerId).toBe(player.userId);
    for (const c of [alice, bob, client]) c.ws.close();
  });

  it("records one peak of the day for the app's players connected on both instances, not each instance's own", async () => {
    const app = await syncApp(two.a.db);
    const [onA, onB] = [through(app, two.a.req), through(app, two.b.req)];
    const profile = await newProfile(onA, { reconnectSeconds: 0 });
    const clients: Client[] = [];
    // A room hosted by each instance, two players connected to each.
    for (const [via, at] of [[onA, origin.A], [onB, origin.B]] as const) {
      const room = String((await newRoom(via, String(profile.id))).id);
      for (const player of ['first', 'second']) {
        const client = await connect(at, room, (await seat(via, room, player)).token);
        await client.next('welcome');
        clients.push(client);
      }
    }
    const ccu = async () => Number((await onB.call('GET', `${S}/api/usage`)).json().ccu);
    await until(async () => (await ccu()) === 4, 'a peak of four players');
    // The rises recorded add up to the peak: no instance added its own count on top of the other's.
    const rises = await two.a.db.query<{ q: string }>(`SELECT sum(quantity) AS q FROM usage_events WHERE app_id = $1 AND service = 'usync' AND meter = 'ccu'`, [app.appId]);
    expect(Number(rises.rows[0].q)).toBe(4);
    for (const c of clients) c.ws.close();
  });

  it("holds the app's limits when both instances open rooms and seat players at the same moment", async () => {
    const app = await syncApp(two.a.db);
    const [onA, onB] = [through(app, two.a.req), through(app, two.b.req)];
    const cookie = await two.login(two.a, DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
    const limits = await two.b.req({ method: 'POST', url: `${S}/api/app/config`, headers: { cookie, 'x-app-id': app.appId, 'x-lodestar-app-id': app.appId }, payload: { maxOpenRooms: 3, maxConnectedPlayers: 4 } });
    expect(limits.statusCode, limits.body).toBe(200);
    const profile = String((await newProfile(onA, { roomCount: 50, ratio: 8 })).id);
    // Eight rooms asked for at once, four through each instance: three open, the others fail on the app's limit.
    const rooms = await Promise.all(Array.from({ length: 8 }, (_, i) => newRoom(i % 2 ? onB : onA, profile)));
    const ready = rooms.filter((r) => r.status === 'READY');
    expect(ready).toHaveLength(3);
    for (const r of rooms.filter((x) => x.status !== 'READY')) expect(r).toMatchObject({ status: 'ALLOCATION_FAILED', statusReason: APP_ROOMS_FULL });
    // Ten players seated at once, through both instances, over the three rooms: four seats, six refusals.
    const joins = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? onB : onA).call('POST', `${S}/service/rooms/${String(ready[i % 3].id)}/join`, { playerId: `racer-${i}` })),
    );
    expect(joins.filter((j) => j.statusCode === 200)).toHaveLength(4);
    for (const j of joins.filter((x) => x.statusCode !== 200)) expect(j.json(), j.body).toMatchObject({ code: 'INVALID_TRANSITION', message: APP_PLAYERS_FULL });
  });

  it("counts a seat reserved through B on A's clock only: B's sweep leaves it, A's expires it", async () => {
    const profile = await newProfile(viaA);
    const id = String((await newRoom(viaA, String(profile.id))).id);
    const ticket = (await viaB.call('POST', `${S}/service/rooms/${id}/join`, { playerId: 'frank' })).json() as { seatId: string; reservedUntil: string };
    const seatNow = async () => (await viaB.call('GET', `${S}/api/rooms/${id}/seats`)).json().items.find((x: { id: string }) => x.id === ticket.seatId).status;
    // Both sweeps run as if long past the reservation's end; B's acts on none of A's rooms or seats.
    const later = Date.parse(ticket.reservedUntil) + 60_000;
    await sweep(two.b.ctx, later);
    expect(await seatNow()).toBe('reserved');
    expect((await viaB.call('GET', `${S}/api/rooms/${id}`)).json().status).toBe('READY');
    await sweep(two.a.ctx, later);
    await until(async () => (await seatNow()) === 'expired', 'seat expired by A');
  });

  it('refuses a seat token of A at B when it is not the room it was given for', async () => {
    const [one, other] = [await roomOnA(), await roomOnA()];
    const ticket = await seat(viaA, one.id, 'erin');
    const wrong = await connect(origin.B, other.id, ticket.token);
    expect(await wrong.closed).toBe(RELAY_CLOSE.badToken);
    for (const c of [one.alice, one.bob, other.alice, other.bob]) c.ws.close();
  });
});

describe('a Sync instance started beside a live one, and one killed', () => {
  let redis: LocalServer;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: ServerProcess;
  let b: StartedInstance | undefined;
  let originB = '';

  beforeAll(async () => {
    redis = await startRedis();
    scratch = await createScratchDatabase(requireDatabaseUrl());
    a = await startServer({ databaseUrl: scratch.url }, { REDIS_URL: redis.url, SYNC_LEASE_MS: String(KILLED_LEASE_MS) });
    b = await startInstance({ ...loadConfig({}), databaseUrl: scratch.url, demo: false, redisUrl: redis.url, syncLeaseMs: KILLED_LEASE_MS });
    originB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);

  afterAll(async () => {
    await a?.kill();
    await b?.app.close();
    await b?.db.close();
    await scratch?.drop();
    await redis?.stop();
  });

  it("leaves A's rooms open while A lives, and closes them once A's lease has run out after it is killed", async () => {
    const app = await syncApp(b!.db);
    const [viaA, viaB] = [through(app, overHttp(a)), through(app, (opts) => b!.app.inject(opts))];
    const profile = await newProfile(viaA);
    const room = await newRoom(viaA, String(profile.id));
    const id = String(room.id);
    const ticket = await seat(viaB, id, 'alice');
    const alice = await connect(originB, id, ticket.token);
    await alice.next('welcome');

    // A second instance starting now, and B's clock over several leases, leave A's live room alone.
    const c = await startInstance({ ...loadConfig({}), databaseUrl: scratch.url, demo: false, redisUrl: redis.url, syncLeaseMs: KILLED_LEASE_MS });
    await c.app.close();
    await c.db.close();
    await sleep(KILLED_LEASE_MS * 2);
    const roomNow = async () => (await viaB.call('GET', `${S}/api/rooms/${id}`)).json() as { status: string; statusReason: string };
    expect((await roomNow()).status).toBe('RUNNING');

    const probe = new Redis(redis.url);
    try {
      await a.kill();
      // Killed, A closed nothing: its room stays RUNNING while A's lease runs.
      const leaseOfA = `lodestar:usync:lease:${room.pod}`;
      expect(await probe.pttl(leaseOfA)).toBeGreaterThan(0);
      expect((await roomNow()).status).toBe('RUNNING');
      // Then B closes it, and never while A's lease runs: a room seen closed is never followed by A's lease seen alive.
      let closed = false;
      for (let i = 0; i < 400 && !closed; i++) {
        closed = (await roomNow()).status === 'CLOSED';
        expect({ closed, leaseRuns: (await probe.exists(leaseOfA)) === 1 }).not.toEqual({ closed: true, leaseRuns: true });
        if (!closed) await sleep(50);
      }
      expect(closed).toBe(true);
    } finally {
      probe.disconnect();
    }
    expect((await roomNow()).statusReason).toBe(OWNER_GONE);
    // The player B carried to A is told, with the close code of a server gone.
    expect(await alice.closed).toBe(RELAY_CLOSE.restart);
    const seats = (await viaB.call('GET', `${S}/api/rooms/${id}/seats`)).json().items as { status: string }[];
    expect(seats.map((s) => s.status)).toEqual(['left']);
  }, 120_000);

  it('closes the rooms of an instance that lost Redis for a whole lease, telling its players', async () => {
    const app = await syncApp(b!.db);
    const viaB = through(app, (opts) => b!.app.inject(opts));
    const room = await newRoom(viaB, String((await newProfile(viaB)).id));
    const ticket = await seat(viaB, String(room.id), 'alice');
    const alice = await connect(originB, String(room.id), ticket.token);
    await alice.next('welcome');
    await redis.stop();
    expect(await alice.closed).toBe(RELAY_CLOSE.restart);
    expect(alice.got.find((m) => m.type === 'closing')?.reason).toBe(LOST_HOLD);
    const roomNow = async () => (await viaB.call('GET', `${S}/api/rooms/${room.id}`)).json();
    await until(async () => (await roomNow()).status === 'CLOSED', 'room closed');
    expect((await roomNow()).statusReason).toBe(LOST_HOLD);
  }, 60_000);
});
