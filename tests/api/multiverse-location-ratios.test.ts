import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../server/platform/accounts';
import { addMember } from '../../server/platform/org/members';
import { basicOf, DEMO_ADMIN } from './harness';
import { startMultiverse, type MultiverseHarness } from './multiverse-fixtures';

/** Location ratios: the deployment's records (scope 'platform'), written by administrators, read by apps. */
let h: MultiverseHarness;
let admin: Record<string, string>;
let memberWithApp: Record<string, string>;
const L = () => `${h.base}/location-ratios`;

const send = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  h.req({ method, url, headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });

beforeAll(async () => {
  // Two regions served from one location.
  h = await startMultiverse('mv-ratios', { MULTIVERSE_REGIONS: 'east,west', MULTIVERSE_LOCATION: 'rack-1' });
  admin = { cookie: await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login') };
  const org = (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.mvAppId])).rows[0].org_id;
  const id = await createAccount(h.db, { email: 'mv-ratios-member@example.com', password: 'member-password', name: 'Member' });
  await addMember(h.db, org, id, 'member');
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [h.mvAppId])).rows[0].app_service_secret;
  memberWithApp = { cookie: await h.login('mv-ratios-member@example.com', 'member-password'), authorization: basicOf(h.mvAppId, secret) };
});
afterAll(() => h.close());

describe('location ratios', () => {
  it('an administrator creates, edits and deletes one; apps read them', async () => {
    const made = await send(admin, 'POST', L(), { region: 'east', location: 'rack-1', ratio: 70 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    expect((await h.mv('GET', L())).json().items.map((r: { region: string; ratio: number }) => [r.region, r.ratio])).toEqual([['east', 70]]);
    expect((await h.req({ method: 'GET', url: `${L()}/${id}`, headers: { authorization: h.otherBasic } })).json().ratio).toBe(70);
    const edited = await send(admin, 'PUT', `${L()}/${id}`, { region: 'east', location: 'rack-1', ratio: 40, version: made.json().version });
    expect([edited.statusCode, edited.json().ratio]).toEqual([200, 40]);
    expect((await send(admin, 'DELETE', `${L()}/${id}`)).statusCode).toBeLessThan(300);
    expect((await send(admin, 'GET', `${L()}/${id}`)).statusCode).toBe(404);
  });

  it('refuses a region or location the deployment does not serve, a second ratio of a pair and a ratio out of range (400)', async () => {
    const bad = async (body: Record<string, unknown>, text: string) => {
      const res = await send(admin, 'POST', L(), body);
      expect([res.statusCode, res.body]).toEqual([400, expect.stringContaining(text)]);
    };
    await bad({ region: 'north', location: 'rack-1', ratio: 10 }, 'this deployment does not serve the region');
    await bad({ region: 'west', location: 'rack-9', ratio: 10 }, 'not a location of the region');
    await bad({ region: 'west', location: 'rack-1', ratio: 101 }, 'ratio');
    expect((await send(admin, 'POST', L(), { region: 'west', location: 'rack-1', ratio: 100 })).statusCode).toBe(201);
    await bad({ region: 'west', location: 'rack-1', ratio: 50 }, 'the region has a ratio for this location already');
  });

  it('are not written by an app, nor by a plain member holding its credential (403)', async () => {
    const one = (await h.mv('GET', L())).json().items[0];
    for (const headers of [{ authorization: h.otherBasic }, memberWithApp]) {
      expect((await send(headers, 'POST', L(), { region: 'east', location: 'rack-1', ratio: 5 })).statusCode).toBe(403);
      expect((await send(headers, 'PUT', `${L()}/${one.id}`, { region: 'west', location: 'rack-1', ratio: 1, version: one.version })).statusCode).toBe(403);
      expect((await send(headers, 'DELETE', `${L()}/${one.id}`)).statusCode).toBe(403);
    }
    expect((await h.mv('GET', `${L()}/${one.id}`)).json().ratio).toBe(100);
  });
});
