import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gone, launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { newSyncApp } from './sync-app';
import { usync } from '../../resources/usync';
import { PERF_PATH } from '../../resources/usync/perf';

/**
 * A developer tries Sync on the real server: makes an app with Sync (the demo app runs Multiverse, which excludes
 * it), makes a room, opens the sync playground in two tabs, joins the room as two players over the relay and sees a
 * message of one arrive in the other; the room's page shows it RUNNING with its seats.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
  shot = screenshots(page, 'sync');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The playground's relay panel of one tab, connected with a seat token, answers its welcome. */
async function joinIn(tab: Page, appId: string, roomId: string, token: string): Promise<void> {
  await tab.goto(`${server.url}/playground/sync/${appId}`);
  await tab.getByTestId('socket-field-roomId').fill(roomId);
  await tab.getByTestId('socket-field-token').fill(token);
  await tab.getByTestId('socket-connect').click();
  await visible(tab.getByTestId('socket-log').getByText('"type":"welcome"'));
}

describe('Sync on the console', () => {
  it('relays a message between two players who joined one room from two playground tabs', async () => {
    await openDemoGame(page, server.url);
    const app = await newSyncApp(page.request, server.url, 'Lobby Game');
    const room = await app.call('POST', `${usync.base}/service/rooms`, { profileId: app.profileId, name: 'harbour' });
    expect(room.status).toBe('READY');
    const alice = await app.call('POST', `${usync.base}/service/rooms/${room.id}/join`, { playerId: 'alice' });
    const bob = await app.call('POST', `${usync.base}/service/rooms/${room.id}/join`, { playerId: 'bob' });

    await joinIn(page, app.appId, String(room.id), String(alice.token));
    const second = await page.context().newPage();
    await joinIn(second, app.appId, String(room.id), String(bob.token));
    await visible(page.getByTestId('socket-log').getByText('"type":"joined"'));

    await second.getByTestId('socket-draft').fill(JSON.stringify({ type: 'send', data: { text: 'hello from bob' } }));
    await second.getByTestId('socket-send').click();
    await visible(page.getByTestId('socket-log').getByText('hello from bob'));
    await shot('playground');

    await page.goto(`${server.url}/services/${app.appId}/sync/rooms/${room.id}`);
    await visible(page.getByText('RUNNING').or(page.getByText('运行中')).first());
    await visible(page.locator('.ant-table-row', { hasText: 'alice' }).first());
    await shot('room');
    await page.goto(`${server.url}/services/${app.appId}/sync/profiles`);
    // The profiles are the first tab, beside the tiers.
    await visible(page.locator('.ant-table-row', { hasText: 'default' }).first());
    await shot('profiles');
    // The rooms are filtered by a choice of the app's profiles, each by its name.
    const duo = await app.call('POST', `${usync.base}/api/room-profiles`, { name: 'duo', tierId: app.tierId });
    await app.call('POST', `${usync.base}/service/rooms`, { profileId: duo.id, name: 'reef' });
    await page.goto(`${server.url}/services/${app.appId}/sync/rooms`);
    await visible(page.locator('.ant-table-row', { hasText: 'reef' }));
    await page.locator('.ant-select[data-filter="profileId"]').click();
    await page.locator('.ant-select-item-option', { hasText: 'default' }).click();
    await gone(page.locator('.ant-table-row', { hasText: 'reef' }));
    await visible(page.locator('.ant-table-row', { hasText: 'harbour' }));
    // The app's limits are the operator's settings (spec 001 §6's admin-only items): not in a member's menu.
    await visible(page.getByRole('menuitem', { name: '房间配置' }));
    expect(await page.getByRole('menuitem', { name: '应用限额' }).count()).toBe(0);
    await second.close();
  });

  it("shows an administrator every app's rooms on Sync management, where one is closed", async () => {
    expect((await page.request.post(`${server.url}/auth/auth-login`, { data: { email: 'demo@example.com', password: 'lodestar-demo' } })).ok()).toBe(true);
    const app = await newSyncApp(page.request, server.url, 'Harbour Game');
    const room = await app.call('POST', `${usync.base}/service/rooms`, { profileId: app.profileId, name: 'lighthouse' });

    const signIn = await page.request.post(`${server.url}/auth/admin-login`, { data: { email: 'admin@example.com', password: 'lodestar-admin' } });
    expect(signIn.ok()).toBe(true);
    await page.goto(`${server.url}/admin/login`);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    await page.goto(`${server.url}/admin/sync-management`);
    await visible(page.getByRole('menuitem', { name: 'Sync management' }));
    await visible(page.getByText('The room profiles, rooms, and perf sessions of every app'));
    await page.getByRole('tab', { name: 'Rooms' }).click();
    await visible(page.getByTestId('across-apps-totals-rooms').locator('.ant-table-row', { hasText: 'Harbour Game' }));
    const row = page.getByTestId('across-apps-rooms').locator('.ant-table-row', { hasText: 'lighthouse' });
    await visible(row.getByText('Ready'));
    // The room's profile by its name, read in the row's app (no app is open in the back office).
    await visible(row.getByText('default', { exact: true }));
    await shot('admin-rooms');
    await row.getByRole('button', { name: 'Close the room' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await visible(confirm.getByText('Every player in the room is disconnected'));
    // The close's own answer first, then the row read again: a failure says which of the two did not happen.
    const closing = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/${room.id}/`));
    await confirm.getByRole('button', { name: 'Close the room' }).click();
    expect((await closing).status()).toBe(200);
    await visible(row.getByText('Closed'));
    expect(((await app.call('GET', `${usync.base}/api/rooms/${room.id}`)) as { status: string }).status).toBe('CLOSED');
    // The profiles, every app's, are the other tab.
    await page.getByRole('tab', { name: 'Room profiles' }).click();
    await visible(page.getByTestId('across-apps-profiles').getByText('All room profiles'));
    await visible(page.getByTestId('across-apps-profiles').locator('.ant-table-row', { hasText: 'Harbour Game' }));
    await shot('admin-profiles');
    // An administrator (signed in as one only) who opens the app's console finds its limits in the menu, and writes them.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en' });
    const admin = await context.newPage();
    expect((await admin.request.post(`${server.url}/auth/admin-login`, { data: { email: 'admin@example.com', password: 'lodestar-admin' } })).ok()).toBe(true);
    await admin.goto(`${server.url}/admin/login`);
    await admin.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    await admin.goto(`${server.url}/services/${app.appId}/sync/rooms`);
    await admin.getByRole('menuitem', { name: 'App limits' }).click();
    const rooms = admin.getByLabel('Rooms open at once');
    await rooms.fill('7');
    await admin.getByRole('button', { name: 'Save' }).click();
    await visible(admin.getByText('version 1'));
    await screenshots(admin, 'sync-admin')('app-limits');
    expect(((await app.call('GET', `${usync.base}/api/app/config`)) as { maxOpenRooms: number }).maxOpenRooms).toBe(7);
    await context.close();
  });

  it("shows an administrator every app's perf sessions on Sync management, where a running one is stopped, and their usage", async () => {
    expect((await page.request.post(`${server.url}/auth/auth-login`, { data: { email: 'demo@example.com', password: 'lodestar-demo' } })).ok()).toBe(true);
    const app = await newSyncApp(page.request, server.url, 'Tidewater Game');
    const session = (id: unknown) => app.call('GET', `${usync.base}${PERF_PATH}/${String(id)}`);
    const until = async (id: unknown, status: string) => {
      for (let i = 0; i < 200 && (await session(id)).status !== status; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await session(id)).status).toBe(status);
    };
    // One session run to its end, one long one still running.
    const short = await app.call('POST', `${usync.base}${PERF_PATH}`, { profileId: app.profileId, clients: 2, durationSeconds: 5 });
    await until(short.id, 'Finished');
    const long = await app.call('POST', `${usync.base}${PERF_PATH}`, { profileId: app.profileId, clients: 3, durationSeconds: 120 });
    await until(long.id, 'Running');

    expect((await page.request.post(`${server.url}/auth/admin-login`, { data: { email: 'admin@example.com', password: 'lodestar-admin' } })).ok()).toBe(true);
    await page.goto(`${server.url}/admin/login`);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    await page.goto(`${server.url}/admin/sync-management`);
    await page.getByRole('tab', { name: 'Perf sessions' }).click();
    const sessions = page.getByTestId('across-apps-perfSessions');
    await visible(page.getByTestId('across-apps-totals-perfSessions').locator('.ant-table-row', { hasText: 'Tidewater Game' }));
    // Narrowed to the running ones: the finished session leaves the list.
    const statusFilter = sessions.locator('.ant-select').filter({ has: page.getByLabel('Status', { exact: true }) });
    await statusFilter.click();
    await page.locator('.ant-select-item-option', { hasText: 'Running' }).click();
    const row = sessions.locator('.ant-table-row', { hasText: 'Tidewater Game' });
    // The narrowed list replaces the whole one: until it arrives both sessions still show.
    await gone(row.filter({ hasText: 'Finished' }));
    await visible(row.getByText('Running'));
    expect(await row.count()).toBe(1);
    // The session's profile by its name, read in the row's app.
    await visible(row.getByText('default', { exact: true }));
    await shot('admin-perf-sessions');
    await row.getByRole('button', { name: 'Stop the session' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await visible(confirm.getByText('Its simulated clients are disconnected'));
    const stopping = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/${String(long.id)}/stop`));
    await confirm.getByRole('button', { name: 'Stop the session' }).click();
    expect((await stopping).status()).toBe(200);
    await gone(row);
    expect(await session(long.id)).toMatchObject({ status: 'Failed', statusReason: 'the session was stopped' });
    // The failed ones: the stopped session.
    await statusFilter.click();
    await page.locator('.ant-select-item-option', { hasText: 'Failed' }).click();
    await visible(sessions.locator('.ant-table-row', { hasText: 'Tidewater Game' }).getByText('Failed'));

    // Usage: the sessions' peak of players and their traffic are the app's, per app and in a chart per meter.
    await page.getByRole('tab', { name: 'Usage' }).click();
    const usage = page.getByTestId('across-apps-usage');
    const appRow = usage.getByTestId('across-apps-usage-apps').locator('.ant-table-row', { hasText: 'Tidewater Game' });
    await visible(appRow);
    await visible(usage.getByTestId('across-apps-usage-chart-ccu').locator('canvas'));
    // The columns grow into place before the picture is taken.
    await page.waitForTimeout(1500);
    await shot('admin-usage');
    await usage.getByTestId('across-apps-usage-period').getByText('Last 7 days').click();
    await visible(appRow);
  }, 120_000);
});
