/**
 * Each instance caches apps (credentials, service states). A change made through one instance is announced to the
 * other, which forgets the app: a rotated secret and a suspended service take effect on both, within the notice's
 * delivery rather than the cache's 30 s lifetime.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfig } from '../../resources/config';
import { DEMO_ADMIN } from '../../server/demo';
import { APPS_CHANNEL } from '../../server/platform/apps';
import { basicOf } from '../api/harness';
import { eventually, startTwoInstances, type Instance, type TwoInstances } from './two-instances';

const CONFIGS = `${remoteConfig.base}/configs`;

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances();
});

afterAll(async () => {
  await two?.close();
});

const secretNow = async () =>
  (await two.a.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [two.appId])).rows[0].app_service_secret;

const listConfigs = (i: Instance, authorization: string) => i.req({ method: 'GET', url: CONFIGS, headers: { authorization } });

/** B answers with `status` for `authorization` — at once or after a few tries, within the notice's delivery. */
const bAnswers = (authorization: string, status: number, tries?: number) =>
  eventually(async () => (await listConfigs(two.b, authorization)).statusCode === status, tries);

describe('app changes made through one instance, seen by the other', () => {
  it('a service secret rotated through A: B refuses the old one and takes the new one', async () => {
    const old = basicOf(two.appId, await secretNow());
    // B reads the app into its cache first: without the notice it would keep the old secret for 30 s.
    expect((await listConfigs(two.b, old)).statusCode).toBe(200);
    const owner = await two.login(two.a);
    const rotated = await two.a.req({ method: 'POST', url: `/api/app/${two.appId}/generate-secret`, headers: { cookie: owner }, payload: { Kind: 'AppServiceSecret' } });
    expect(rotated.statusCode).toBe(200);
    const fresh = basicOf(two.appId, (rotated.json() as { AppServiceSecret: string }).AppServiceSecret);
    expect(await bAnswers(old, 401)).toBe(true);
    expect((await listConfigs(two.b, fresh)).statusCode).toBe(200);
    expect((await listConfigs(two.a, old)).statusCode).toBe(401);
  });

  it('a service suspended through A is refused on B; resumed, B serves it again', async () => {
    const basic = basicOf(two.appId, await secretNow());
    expect((await listConfigs(two.b, basic)).statusCode).toBe(200);
    const admin = await two.login(two.a, DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
    const suspend = (Status: string) =>
      two.a.req({ method: 'PUT', url: `/api/app/${two.appId}`, headers: { cookie: admin }, payload: { Services: { [remoteConfig.name]: { Status } } } });
    expect((await suspend('Suspended')).statusCode).toBe(200);
    expect(await bAnswers(basic, 403)).toBe(true);
    expect((await listConfigs(two.b, basic)).json()).toMatchObject({ message: 'service not enabled' });
    expect((await suspend('Enabled')).statusCode).toBe(200);
    expect(await bAnswers(basic, 200)).toBe(true);
  });

  it('an instance whose notice connection was cut forgets every app once it is back (it may have missed notices)', async () => {
    const old = basicOf(two.appId, await secretNow());
    expect((await listConfigs(two.b, old)).statusCode).toBe(200);
    // Both listeners cut, then a change no one announces: only the reconnection can make B read the app again.
    const cut = await two.a.db.query<{ ok: boolean }>('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query = $1', [
      `LISTEN ${APPS_CHANNEL}`,
    ]);
    expect(cut.rows).toEqual([{ ok: true }, { ok: true }]);
    await two.a.db.query("UPDATE apps SET app_service_secret = 'changed-behind-the-servers' WHERE app_id = $1", [two.appId]);
    expect(await bAnswers(old, 401, 250)).toBe(true);
    expect((await listConfigs(two.b, basicOf(two.appId, 'changed-behind-the-servers'))).statusCode).toBe(200);
  });
});
