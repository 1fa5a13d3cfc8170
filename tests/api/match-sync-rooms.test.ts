/**
 * Matches played in Sync rooms: a config on a Sync room profile has each match's room made on the profile and its
 * players seated, every ticket answering the room, its player's seat token and the relay's address, with which a real
 * WebSocket client joins the room; a room that cannot be made fails the match with the reason. A config names a game
 * or a room profile, not both; Sync's screen of the configs lists those on a room profile only (`has=`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { match } from '../../resources/match';
import { matchConfigs } from '../../resources/match/resources';
import { matchMessages, PLAYED_IN_ONE_PLACE } from '../../resources/messages/match';
import { borrowedOf } from '../../resources/borrowed';
import { services } from '../../resources';
import { usync } from '../../resources/usync';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';
import { until } from './multiverse-fixtures';
import { relay, type SyncHarness } from './usync-fixtures';
import { unique } from './passport-players-fixtures';

const B = match.base;
const S = usync.base;

let h: Harness;
let origin: string;
let appId: string;
let call: Harness['svc'];
let profileId: string;

const onApp = (path: string) => `${B}/apps/${appId}${path}`;
const duel = (name: string, fields: Record<string, unknown> = {}) => ({ name, teams: [{ name: 'red', size: 1 }, { name: 'blue', size: 1 }], regions: ['local'], ...fields });

async function newProfile(fields: Record<string, unknown> = {}): Promise<string> {
  const tier = await call('POST', `${S}/api/room-profile-tiers`, { name: unique('tier') });
  expect(tier.statusCode, tier.body).toBe(201);
  const profile = await call('POST', `${S}/api/room-profiles`, { name: unique('profile'), tierId: tier.json().id, ...fields });
  expect(profile.statusCode, profile.body).toBe(201);
  return profile.json().id;
}

async function newConfig(body: Record<string, unknown>): Promise<string> {
  const res = await call('POST', onApp('/configs'), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const ticket = async (configId: string, playerId: string) => {
  const res = await call('POST', onApp('/tickets'), { configId, playerId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const ticketOf = async (id: string) => (await call('GET', onApp(`/tickets/${id}`))).json();

beforeAll(async () => {
  h = await startHarness({ env: { MATCH_TICK_MS: '100' } });
  origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createAccount(h.db, { email: `${unique('rooms')}@example.com`, password: 'rooms-password', name: 'Rooms' });
  const org = await createOrganization(h.db, unique('rooms studio'), owner);
  appId = await createApp(h.db, org, unique('rooms game'), [usync.name, match.name]);
  const secret = (await h.db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [appId])).rows[0].s;
  call = serviceRequest(h.req, basicOf(appId, secret));
  expect((await call('POST', `${B}/apps`, {})).statusCode).toBeLessThan(300);
  profileId = await newProfile();
});
afterAll(() => h?.close());

describe('a match on a Sync room profile', () => {
  it("is played in a room made on the profile, each ticket given the room and its player's seat token, which joins it", async () => {
    const configId = await newConfig(duel('in a room', { syncProfileId: profileId }));
    const [a, b] = [await ticket(configId, 'alice'), await ticket(configId, 'bob')];
    const found = await until(() => ticketOf(a), (t) => ['found', 'searching'].includes(t.status) && (t.status === 'found' || !!t.reason), 15_000);
    expect(found.status, JSON.stringify(found)).toBe('found');
    const other = await until(() => ticketOf(b), (t) => t.status === 'found');
    expect(other.roomId).toBe(found.roomId);
    expect(other.matchId).toBe(found.matchId);
    expect(typeof found.seatToken).toBe('string');
    expect(found.seatToken).not.toBe(other.seatToken);
    expect(found.relayUrl).toBe(`${S}/relay`);
    // The match names its room; the room is Sync's, on the config's profile, named for the match.
    const played = (await call('GET', onApp(`/matches/${found.matchId}`))).json();
    expect([played.status, played.roomId]).toEqual(['ready', found.roomId]);
    const room = (await call('GET', `${S}/api/rooms/${found.roomId}`)).json();
    expect([room.status, room.profileId, room.customProperties.matchId]).toEqual(['READY', profileId, found.matchId]);
    // Each player's client joins the room with its ticket's token.
    const at = (t: { roomId: string; seatToken: string }) => relay({ origin } as SyncHarness, t.roomId, t.seatToken);
    const alice = await at(found);
    expect((await alice.next('welcome')).reconnected).toBe(false);
    const bob = await at(other);
    await bob.next('welcome');
    expect((await alice.next('joined')).playerId).toBe(other.playerId);
    alice.ws.close();
    bob.ws.close();
  });

  it("fails when no room can be made (the profile's rooms all open), its tickets waiting again with the reason", async () => {
    const full = await newProfile({ roomCount: 1 });
    expect((await call('POST', `${S}/service/rooms`, { profileId: full })).json().status).toBe('READY');
    const configId = await newConfig(duel('full profile', { syncProfileId: full }));
    const [a] = [await ticket(configId, 'carol'), await ticket(configId, 'dave')];
    const back = await until(() => ticketOf(a), (t) => t.status === 'searching' && typeof t.reason === 'string', 15_000);
    expect(back.reason).toMatch(/^allocation failed: the profile's rooms are all open/);
    expect(back.roomId).toBeUndefined();
    const failed = (await call('GET', onApp(`/matches?configId=${configId}`))).json().items;
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0].status).toBe('failed');
    expect(failed[0].reason).toBe("the profile's rooms are all open");
    await call('POST', onApp('/release-tickets'), { configId });
  });
});

describe('a config names a Multiverse game or a Sync room profile', () => {
  it('is refused with both, in words of both languages, and with a room profile the app does not have', async () => {
    const both = await call('POST', onApp('/configs'), duel('both', { syncProfileId: profileId, gameId: 'some-game' }));
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field: '/syncProfileId', message: PLAYED_IN_ONE_PLACE })]));
    expect(matchMessages[PLAYED_IN_ONE_PLACE]['zh-CN']).toMatch(/Multiverse.*Sync/);
    const missing = await call('POST', onApp('/configs'), duel('missing', { syncProfileId: 'no-such-profile' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ field: '/syncProfileId', message: 'no such room profile' })]);
  });
});

describe("Sync's screen of the configs", () => {
  it('lists, asked as the console asks (see tests/unit/borrowed.test.ts), only the configs on a room profile', async () => {
    const inRoom = await newConfig(duel('listed in sync', { syncProfileId: profileId }));
    const plain = await newConfig(duel('no room'));
    const [sync] = borrowedOf(services).filter((b) => b.borrower.name === usync.name);
    expect(sync.decl.routes?.list).toBe('sync/match');
    const listed = (await call('GET', `${onApp('/configs')}?has=${sync.where.field}&pageSize=200`)).json();
    const ids = listed.items.map((c: { id: string }) => c.id);
    expect(ids).toContain(inRoom);
    expect(ids).not.toContain(plain);
    expect(listed.items.every((c: { syncProfileId?: string }) => typeof c.syncProfileId === 'string' && c.syncProfileId !== '')).toBe(true);
    expect(listed.total).toBe(ids.length);
    // Multiverse's: none of this app's configs plays on a game.
    expect((await call('GET', `${onApp('/configs')}?has=gameId`)).json().total).toBe(0);
    // Only the declared fields narrow so.
    expect(matchConfigs.list.has).not.toContain('name');
    expect((await call('GET', `${onApp('/configs')}?has=name`)).statusCode).toBe(400);
  });
});
