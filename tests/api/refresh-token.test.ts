/**
 * The refresh-token call of every service that declares one (`refreshTokenCall`, performed by the engine): the
 * server's cached copy of the app's credentials is dropped, so a rotated secret takes effect at once — the old one
 * refused, the new one accepted — and a path naming the app refuses another app's id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { startHarness, type Harness } from './harness';

let h: Harness;
/** The app each service's call is made for: the demo app, or one of its own for Sync and stateful functions (which multiverse excludes). */
const apps = new Map<string, { appId: string; basic: string }>();
const appOf = (service: string) => apps.get(service) ?? { appId: h.appId, basic: h.basic };
beforeAll(async () => {
  h = await startHarness();
  const owner = await createAccount(h.db, { email: 'lobby@example.com', password: 'lobby-password', name: 'Lobby' });
  const org = await createOrganization(h.db, 'Lobby studio', owner);
  for (const service of ['usync', 'func']) {
    const appId = await createApp(h.db, org, `${service} game`, [service]);
    const secret = (await h.db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [appId])).rows[0].s;
    apps.set(service, { appId, basic: basic(appId, secret) });
  }
});
afterAll(() => h.close());

const refreshing = services.filter((s) => s.calls?.refreshToken?.forgetsCredentials);
const url = (path: string, appId: string) => path.replace(':id', appId);
const basic = (appId: string, secret: string) => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;

it('is declared by the services the catalogue gives a refresh-token path, at that path', () => {
  expect(refreshing.map((s) => s.name).sort()).toEqual(['baking', 'func', 'func-stateless', 'match', 'multiverse', 'push', 'remote-config', 'safe', 'save', 'stacktrace', 'storage', 'usync']);
  for (const s of refreshing) expect(s.calls!.refreshToken.path, s.name).toBe(s.refreshTokenPath);
});

describe.each(refreshing.map((s) => [s.name, s] as const))('%s', (_name, s) => {
  const at = (appId: string) => url(`${s.base}${s.refreshTokenPath}`, appId);

  it('drops the cached credentials, so a rotated secret takes effect at once', async () => {
    const app = appOf(s.name);
    const original = (await h.db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [app.appId])).rows[0].s;
    expect((await h.req({ method: 'POST', url: at(app.appId), headers: { authorization: app.basic } })).json()).toEqual({ refreshed: true });
    await h.db.query(`UPDATE apps SET app_service_secret = 'rotated-secret' WHERE app_id = $1`, [app.appId]);
    // The old secret is still the cached one until the refresh.
    const rotated = basic(app.appId, 'rotated-secret');
    const refreshed = await h.req({ method: 'POST', url: at(app.appId), headers: { authorization: rotated } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await h.req({ method: 'POST', url: at(app.appId), headers: { authorization: app.basic } })).statusCode).toBe(401);
    await h.db.query('UPDATE apps SET app_service_secret = $1 WHERE app_id = $2', [original, app.appId]);
    h.ctx.apps.forget(app.appId);
  });

  it('refuses a caller without the credential', async () => {
    const app = appOf(s.name);
    expect((await h.req({ method: 'POST', url: at(app.appId) })).statusCode).toBe(401);
  });
});

describe.each(refreshing.filter((s) => s.refreshTokenPath!.includes(':id')).map((s) => [s.name, s] as const))('%s, whose path names the app', (_name, s) => {
  it("answers 404 for another app's id in its path", async () => {
    expect((await h.req({ method: 'POST', url: url(`${s.base}${s.refreshTokenPath}`, h.otherAppId), headers: { authorization: appOf(s.name).basic } })).statusCode).toBe(404);
  });
});
