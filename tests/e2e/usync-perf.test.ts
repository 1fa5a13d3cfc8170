import { describe, expect, it } from 'vitest';
import { openDemoGame, visible } from './browser';
import { newSyncApp, syncConsole } from './sync-app';
import { usync } from '../../resources/usync';
import { PERF_PATH } from '../../resources/usync/perf';

/**
 * A developer runs a perf session of a room profile on the real server and reads it in the console: the session is
 * listed under Sync → Perf sessions, and its page shows it Finished with its round trips and messages charted.
 */

const c = syncConsole('sync-perf');

describe('Sync perf sessions on the console', () => {
  it('lists a session and charts its seconds on its page once it finished', async () => {
    const { server, page, shot } = c;
    await openDemoGame(page, server.url);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    const app = await newSyncApp(page.request, server.url, 'Perf Game');
    const session = await app.call('POST', `${usync.base}${PERF_PATH}`, { profileId: app.profileId, clients: 3, durationSeconds: 5 });
    expect(session.status).toBe('Init');

    await page.goto(`${server.url}/services/${app.appId}/sync/perf`);
    await visible(page.getByRole('menuitem', { name: 'Perf sessions' }));
    await visible(page.locator('.ant-table-row').first());
    await shot('list');
    await page.goto(`${server.url}/services/${app.appId}/sync/perf/${session.id}`);
    // The page watches the session until it ends.
    await visible(page.getByText('Finished').first(), 20_000);
    await visible(page.getByTestId('record-chart').getByText('Round trip (ms)'));
    await visible(page.getByTestId('record-chart').getByText('Messages a second'));
    await shot('session');
  }, 60_000);
});
