import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P, newPushApp, startPush, type PushHarness } from './push-fixtures';

let h: PushHarness;
beforeAll(async () => {
  h = await startPush('push-apps');
});
afterAll(() => h.close());

describe('Push apps', () => {
  it('creates a push app that runs on the default version with a key of its own', async () => {
    const app = await newPushApp(h);
    expect(app.status).toBe('running');
    expect(app.appKey).toMatch(/^pk_/);
    expect(app).toMatchObject({ serverVersion: '1.0.0', servers: 1 });
    const list = await h.call('GET', `${P}/apps`);
    expect(list.statusCode, list.body).toBe(200);
    const levels = (await h.call('GET', `${P}/apps/service-levels`)).json();
    expect(levels.items[0]).toMatchObject({ version: '1.0.0', cpuQuota: '0.5', playerLimitPerServer: 3500 });
    const infos = (await h.call('GET', `${P}/apps/${app.id}/server-infos`)).json();
    expect(infos.items).toHaveLength(1);
    expect(infos.items[0]).toMatchObject({ server: 1, state: 'running', connections: 0, playerLimit: 3500, cpuQuota: '0.5' });
  });
});
