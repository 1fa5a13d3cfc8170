/**
 * The back office's `sync-management` page (spec 000 §2) through its calls (`ResourceDecl.acrossApps`): every app's
 * rooms and room profiles with their app and organisation, players and traffic per app, and an administrator's close
 * of any app's room — the service's own close, run in the room's app, the administrator named in its history. Members
 * and game servers are kept out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acrossAppsPath, acrossAppsTotalsPath } from '../../resources/across-apps';
import { ACROSS_APPS_USAGE_PATH, type AcrossAppsUsage } from '../../resources/across-apps-usage';
import { PERF_PATH, perfSessions } from '../../resources/usync/perf';
import { profiles, rooms } from '../../resources/usync/resources';
import { DEMO_ADMIN } from './harness';
import { newProfile, newRoom, S, startSync, until, type SyncApp, type SyncHarness } from './usync-fixtures';

const ROOMS = `${S}${acrossAppsPath(rooms)}`;
const PROFILES = `${S}${acrossAppsPath(profiles)}`;
const close = (id: string) => `${ROOMS}/${id}/close`;
const SESSIONS = `${S}${acrossAppsPath(perfSessions)}`;
const stop = (id: string) => `${SESSIONS}/${id}/stop`;
const USAGE = `${S}${ACROSS_APPS_USAGE_PATH}`;

let h: SyncHarness;
let first: SyncApp;
let second: SyncApp;
let admin: Record<string, string>;
let member: Record<string, string>;
let rooms1: Record<string, unknown>[];
let room2: Record<string, unknown>;
let profile2: Record<string, unknown>;

beforeAll(async () => {
  h = await startSync();
  [first, second] = [await h.newApp('arena'), await h.newApp('harbour')];
  const p1 = await newProfile(first, { roomCount: 4 });
  const p2 = await newProfile(second, { roomCount: 2 });
  profile2 = p2;
  rooms1 = [await newRoom(first, String(p1.id)), await newRoom(first, String(p1.id))];
  room2 = await newRoom(second, String(p2.id));
  admin = { cookie: await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login') };
  member = { cookie: await h.login() };
});
afterAll(() => h.close());

const get = (headers: Record<string, string>, url: string) => h.req({ method: 'GET', url, headers });
type Row = { id: string; appId: string; appName: string; orgName: string; status: string };

describe("the back office's Sync management", () => {
  it("lists every app's rooms and profiles to an administrator, with their app and organisation", async () => {
    const res = await get(admin, `${ROOMS}?pageSize=200`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().items as Row[];
    for (const r of rooms1) expect(rows.find((x) => x.id === r.id)).toMatchObject({ appId: first.appId, status: 'READY' });
    expect(rows.find((x) => x.id === room2.id)).toMatchObject({ appId: second.appId, orgName: expect.stringMatching(/sync studio/) });
    const onlySecond = (await get(admin, `${ROOMS}?appId=${second.appId}`)).json().items as Row[];
    expect(onlySecond.map((r) => r.id)).toEqual([room2.id]);
    const profileRows = (await get(admin, `${PROFILES}?pageSize=200`)).json().items as Row[];
    expect(profileRows.filter((r) => [first.appId, second.appId].includes(r.appId))).toHaveLength(2);
  });

  it('counts the rooms per app and the room places the profiles allow', async () => {
    const perApp = (await get(admin, `${S}${acrossAppsTotalsPath(rooms)}`)).json();
    expect(perApp.items.find((i: { appId: string }) => i.appId === first.appId)).toMatchObject({ count: 2, players: 0, messages: 0, bytes: 0 });
    expect(perApp.items.find((i: { appId: string }) => i.appId === second.appId)).toMatchObject({ count: 1 });
    const places = (await get(admin, `${S}${acrossAppsTotalsPath(profiles)}`)).json();
    expect(places.items.find((i: { appId: string }) => i.appId === first.appId)).toMatchObject({ count: 1, roomCount: 4 });
  });

  it("closes another app's room for an administrator, through the service's close, naming the administrator", async () => {
    const res = await h.req({ method: 'POST', url: close(String(room2.id)), headers: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect((await second.call('GET', `${S}/api/rooms/${room2.id}`)).json()).toMatchObject({ status: 'CLOSED', players: 0 });
    const history = await h.db.query<{ actor: string; app_id: string }>("SELECT actor, app_id FROM audit_log WHERE target = $1 AND action LIKE 'usync.rooms.%' ORDER BY id DESC LIMIT 1", [room2.id]);
    expect(history.rows[0]).toEqual({ actor: `admin:${DEMO_ADMIN.email}`, app_id: second.appId });
    // A closed room is not closed again; a room no app has is not found.
    expect((await h.req({ method: 'POST', url: close(String(room2.id)), headers: admin, payload: {} })).statusCode).toBe(409);
    expect((await h.req({ method: 'POST', url: close('00000000-0000-4000-8000-000000000000'), headers: admin, payload: {} })).statusCode).toBe(404);
  });

  it('keeps members and game servers out of the lists and the close', async () => {
    expect((await get(member, ROOMS)).statusCode).toBe(403);
    expect((await get({ authorization: first.basic }, ROOMS)).statusCode).toBe(401);
    const target = String(rooms1[0].id);
    expect((await h.req({ method: 'POST', url: close(target), headers: member, payload: {} })).statusCode).toBe(403);
    expect((await h.req({ method: 'POST', url: close(target), headers: { authorization: first.basic }, payload: {} })).statusCode).toBe(401);
    expect((await first.call('GET', `${S}/api/rooms/${target}`)).json().status).toBe('READY');
  });

  it("lists another organisation's perf sessions and stops a running one through the service's stop", async () => {
    // A session of the second app, long enough to be stopped while it runs.
    const created = await second.call('POST', `${S}${PERF_PATH}`, { profileId: profile2.id, clients: 2, durationSeconds: 60, messagesPerSecond: 5 });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.json().id);
    await until(async () => (await second.call('GET', `${S}${PERF_PATH}/${id}`)).json().status === 'Running', 'the session runs');
    const running = (await get(admin, `${SESSIONS}?status=Running&pageSize=200`)).json().items as Row[];
    expect(running.find((r) => r.id === id)).toMatchObject({ appId: second.appId, appName: expect.stringMatching(/harbour/), orgName: expect.stringMatching(/sync studio/), status: 'Running' });
    expect(((await get(admin, `${SESSIONS}?status=Finished&pageSize=200`)).json().items as Row[]).map((r) => r.id)).not.toContain(id);
    // A member does not stop it; the administrator, in no organisation of the app, does.
    expect((await h.req({ method: 'POST', url: stop(id), headers: member, payload: {} })).statusCode).toBe(403);
    const res = await h.req({ method: 'POST', url: stop(id), headers: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const ended = (await second.call('GET', `${S}${PERF_PATH}/${id}`)).json();
    expect(ended).toMatchObject({ status: 'Failed', statusReason: 'the session was stopped' });
    expect((await second.call('GET', `${S}/api/rooms/${ended.roomId}`)).json().status).toBe('CLOSED');
    const history = await h.db.query<{ actor: string }>("SELECT actor FROM audit_log WHERE target = $1 AND action = 'usync.perfSessions.Failed'", [id]);
    expect(history.rows).toEqual([{ actor: `admin:${DEMO_ADMIN.email}` }]);
    // Ended, it is not stopped again.
    expect((await h.req({ method: 'POST', url: stop(id), headers: admin, payload: {} })).statusCode).toBe(409);
    const totals = (await get(admin, `${S}${acrossAppsTotalsPath(perfSessions)}`)).json();
    expect(totals.items.find((i: { appId: string }) => i.appId === second.appId)).toMatchObject({ count: 1, clients: 2 });
  }, 30_000);

  it("shows an administrator every app's billed Sync usage over a period, and no member", async () => {
    // The stopped session's two clients were the second app's peak, and its traffic was relayed.
    const usage = (await get(admin, USAGE)).json() as AcrossAppsUsage;
    const row = usage.items.find((i) => i.appId === second.appId);
    expect(row).toMatchObject({ orgName: expect.stringMatching(/sync studio/), ccu: '2' });
    expect(Number(row!.net)).toBeGreaterThan(0);
    // Two peak users at 0.05 each (spec 001 §9), the traffic's few bytes worth less than a cent.
    expect(row!.amount).toBe('0.10');
    expect(usage.granularity).toBe('day');
    expect(usage.series.some((p) => p.meter === 'ccu' && p.units === 2)).toBe(true);
    expect(usage.all.apps).toBe(usage.items.length);
    // Another period: the last hours, per hour; a period that ends before it starts is refused.
    const end = new Date();
    const hours = (await get(admin, `${USAGE}?start=${new Date(end.getTime() - 6 * 3600_000).toISOString()}&end=${end.toISOString()}`)).json() as AcrossAppsUsage;
    expect(hours.granularity).toBe('hour');
    expect(hours.items.find((i) => i.appId === second.appId)).toMatchObject({ ccu: '2' });
    expect((await get(admin, `${USAGE}?start=${end.toISOString()}&end=${new Date(end.getTime() - 3600_000).toISOString()}`)).statusCode).toBe(400);
    expect((await get(member, USAGE)).statusCode).toBe(403);
    expect((await get(member, SESSIONS)).statusCode).toBe(403);
    expect((await get({ authorization: second.basic }, USAGE)).statusCode).toBe(401);
  });
});
