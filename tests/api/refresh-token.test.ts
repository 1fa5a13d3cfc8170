/**
 * The refresh-token call of every service that declares one (`refreshTokenCall`, performed by the engine): the
 * server's cached copy of the app's credentials is dropped, so a rotated secret takes effect at once — the old one
 * refused, the new one accepted — and a path naming the app refuses another app's id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const refreshing = services.filter((s) => s.calls?.refreshToken?.forgetsCredentials);
const url = (path: string, appId: string) => path.replace(':id', appId);
const basic = (appId: string, secret: string) => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;

it('is declared by the services the catalogue gives a refresh-token path, at that path', () => {
  expect(refreshing.map((s) => s.name).sort()).toEqual(['baking', 'func-stateless', 'match', 'multiverse', 'push', 'remote-config', 'safe', 'save', 'stacktrace', 'storage']);
  for (const s of refreshing) expect(s.calls!.refreshToken.path, s.name).toBe(s.refreshTokenPath);
});

describe.each(refreshing.map((s) => [s.name, s] as const))('%s', (_name, s) => {
  const at = (appId: string) => url(`${s.base}${s.refreshTokenPath}`, appId);

  it('drops the cached credentials, so a rotated secret takes effect at once', async () => {
    const original = (await h.db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [h.appId])).rows[0].s;
    expect((await h.req({ method: 'POST', url: at(h.appId), headers: { authorization: h.basic } })).json()).toEqual({ refreshed: true });
    await h.db.query(`UPDATE apps SET app_service_secret = 'rotated-secret' WHERE app_id = $1`, [h.appId]);
    // The old secret is still the cached one until the refresh.
    const rotated = basic(h.appId, 'rotated-secret');
    const refreshed = await h.req({ method: 'POST', url: at(h.appId), headers: { authorization: rotated } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await h.req({ method: 'POST', url: at(h.appId), headers: { authorization: h.basic } })).statusCode).toBe(401);
    await h.db.query('UPDATE apps SET app_service_secret = $1 WHERE app_id = $2', [original, h.appId]);
    h.ctx.apps.forget(h.appId);
  });

  it('refuses a caller without the credential', async () => {
    expect((await h.req({ method: 'POST', url: at(h.appId) })).statusCode).toBe(401);
  });
});

describe.each(refreshing.filter((s) => s.refreshTokenPath!.includes(':id')).map((s) => [s.name, s] as const))('%s, whose path names the app', (_name, s) => {
  it("answers 404 for another app's id in its path", async () => {
    expect((await h.req({ method: 'POST', url: url(`${s.base}${s.refreshTokenPath}`, h.otherAppId), headers: { authorization: h.basic } })).statusCode).toBe(404);
  });
});
