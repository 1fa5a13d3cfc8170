/**
 * Sync's app config (spec 001 §7 "App config"; §6 admin-config): the operator's limits read by the app, written by
 * administrators only, answered by the search for the caller's own app or, for an administrator, any; and their
 * effects — a room allocated past the app's open rooms fails allocation, a join past its players is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import appConfigSchema from '../../schemas/usync/app-config.json' with { type: 'json' };
import { DEMO_ADMIN } from './harness';
import { newProfile, newRoom, S, seat, startSync, type SyncApp, type SyncHarness } from './usync-fixtures';

const CONFIG = `${S}/api/app/config`;
const defaults = { maxOpenRooms: appConfigSchema.properties.maxOpenRooms.default, maxConnectedPlayers: appConfigSchema.properties.maxConnectedPlayers.default };

let h: SyncHarness;
let app: SyncApp;
let other: SyncApp;
let cookie: string;
const asAdmin = (a: SyncApp) => ({ cookie, 'x-app-id': a.appId, 'x-lodestar-app-id': a.appId });
const adminWrite = (a: SyncApp, payload: Record<string, unknown>) => h.req({ method: 'POST', url: CONFIG, headers: asAdmin(a), payload });

beforeAll(async () => {
  h = await startSync();
  [app, other] = [await h.newApp('limits'), await h.newApp('other')];
  cookie = await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
});
afterAll(() => h.close());

describe('Sync app config', () => {
  it("reads the schema's defaults for an app never written", async () => {
    const res = await app.call('GET', CONFIG);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...defaults, version: 0 });
    expect(defaults.maxOpenRooms).toBeGreaterThan(0);
  });

  it('is written by an administrator, and refused to the app credential', async () => {
    const refused = await app.call('POST', CONFIG, { maxOpenRooms: 1 });
    expect(refused.statusCode).toBe(403);
    const written = await adminWrite(app, { maxOpenRooms: 1, maxConnectedPlayers: 2 });
    expect(written.statusCode, written.body).toBe(200);
    expect((await app.call('GET', CONFIG)).json()).toMatchObject({ maxOpenRooms: 1, maxConnectedPlayers: 2, version: 1 });
    expect((await adminWrite(app, { maxOpenRooms: -1 })).statusCode).toBe(400);
  });

  it("fails a room's allocation past the app's open rooms, across its profiles", async () => {
    const [p1, p2] = [await newProfile(app, { roomCount: 3 }), await newProfile(app, { roomCount: 3 })];
    const first = await newRoom(app, String(p1.id));
    expect(first.status).toBe('READY');
    const second = await newRoom(app, String(p2.id));
    expect(second).toMatchObject({ status: 'ALLOCATION_FAILED', statusReason: "the app's rooms open at once are at its limit" });
    // Another app keeps its own limit.
    expect((await newRoom(other, String((await newProfile(other)).id))).status).toBe('READY');
    await app.call('POST', `${S}/api/rooms/${String(first.id)}/close`);
    expect((await newRoom(app, String(p2.id))).status).toBe('READY');
  });

  it("refuses a join past the app's players, across its rooms", async () => {
    await adminWrite(app, { maxOpenRooms: 5, maxConnectedPlayers: 2 });
    const p = await newProfile(app, { roomCount: 3, ratio: 4 });
    const [r1, r2] = [await newRoom(app, String(p.id)), await newRoom(app, String(p.id))];
    const kept = await seat(app, String(r1.id));
    await seat(app, String(r2.id));
    const refused = await app.call('POST', `${S}/service/rooms/${String(r1.id)}/join`, { playerId: 'one-too-many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("the app's players connected at once are at its limit");
    // A player seated already is given a new token for the same seat.
    expect((await app.call('POST', `${S}/service/rooms/${String(r1.id)}/join`, { playerId: kept.playerId })).statusCode).toBe(200);
    expect((await app.call('POST', `${S}/service/rooms/${String(r1.id)}/leave`, { playerId: kept.playerId })).statusCode).toBe(200);
    expect((await app.call('POST', `${S}/service/rooms/${String(r1.id)}/join`, { playerId: 'one-too-many' })).statusCode).toBe(200);
  });

  it("answers the search for the app's own config, and an administrator's for any app", async () => {
    const own = await app.call('POST', `${CONFIG}/search`, {});
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().items).toEqual([expect.objectContaining({ appId: app.appId, config: expect.objectContaining({ maxConnectedPlayers: 2 }) })]);
    const foreign = await app.call('POST', `${CONFIG}/search`, { appIds: [app.appId, other.appId] });
    expect(foreign.statusCode).toBe(403);
    const both = await h.req({ method: 'POST', url: `${CONFIG}/search`, headers: asAdmin(app), payload: { appIds: [app.appId, other.appId, 'no-such-app'] } });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().items.map((i: { appId: string; config: Record<string, unknown> }) => [i.appId, i.config.maxOpenRooms])).toEqual([[app.appId, 5], [other.appId, defaults.maxOpenRooms]]);
    const tooMany = await app.call('POST', `${CONFIG}/search`, { appIds: Array.from({ length: 101 }, (_, i) => `app-${i}`) });
    expect(tooMany.statusCode).toBe(400);
  });
});
