import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gone, launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { callWith, startServer, type RunningServer } from './server';
import { push } from '../../resources/push';
import { passport } from '../../resources/passport';
import { pushServerVersions, PUSH_VERSIONS_PAGE } from '../../resources/push/server-versions';

/**
 * A developer tries push on the real server with its demo data: creates a push app, connects to it as a player in
 * the push playground, sends a message to everyone from the push app's page, and sees it arrive in the playground.
 * An administrator manages Push's server versions in the back office: the page comes from the declaration (the
 * engine's table and forms over the platform's records); a version is created, then retired by disabling it.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // One context: the playground and the push app's page are two tabs of one signed-in session.
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
  shot = screenshots(page, 'push');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A call with the app credential, its answer parsed. */
const call = (credential: string, method: string, path: string, body?: unknown) => callWith(server.url, credential, method, path, body);

describe('Push on the console', () => {
  it('connects a player in the playground and delivers a message sent from the push app page', async () => {
    const { appId, credential } = await openDemoGame(page, server.url);
    const pushApp = await call(credential, 'POST', `${push.base}/apps`, { name: 'E2E chat' });
    // A player of the demo game, signed in by the game's server.
    const realm = await call(credential, 'POST', `${passport.base}/realms`, { name: 'e2e realm' });
    await call(credential, 'POST', `${passport.base}/realms/${realm.id}/open`);
    const player = await call(credential, 'POST', `${passport.base}/login/external`, { method: 'ServerSide', platform: 'Android', realmId: realm.id, externalId: 'e2e-player' });

    await page.goto(`${server.url}/services/${appId}/push`);
    await visible(page.locator('.ant-table-row', { hasText: 'E2E chat' }));
    await shot('apps');

    await page.goto(`${server.url}/playground/push/${appId}`);
    await page.getByTestId('socket-field-appKey').fill(String(pushApp.appKey));
    await page.getByTestId('socket-field-token').fill(String(player.token));
    await page.getByTestId('socket-connect').click();
    await visible(page.getByTestId('socket-log').getByText('"type":"welcome"'));

    const playground = page;
    // A second tab of the same signed-in session: the push app's page.
    const console = await page.context().newPage();
    await console.goto(`${server.url}/services/${appId}/push/apps/${pushApp.id}`);
    await console.getByRole('button', { name: '发送消息' }).click();
    await console.locator('.ant-modal .ant-select').first().click();
    await console.locator('.ant-select-item-option', { hasText: '所有玩家' }).click();
    await console.locator('.ant-modal').getByLabel('标题').fill('Raid starts');
    await console.locator('.ant-modal').getByLabel('内容').fill('Meet at the gate');
    await console.getByTestId('fields-dialog-ok').click();

    // The message arrives on the playground's connection, once.
    await visible(playground.getByTestId('socket-log').getByText('Raid starts'));
    expect(await playground.getByTestId('socket-log').getByText('Raid starts').count()).toBe(1);
    await shot('playground');
    const sends = (await call(credential, 'GET', `${push.base}/apps/${pushApp.id}/sends`)) as { items: Record<string, unknown>[] };
    expect(sends.items[0]).toMatchObject({ title: 'Raid starts', target: 'all', status: 'delivered', online: 1 });
    await console.close();
  });
});

describe('Push server versions in the back office', () => {
  it('lists the versions, creates one and retires it', async () => {
    const signIn = await page.request.post(`${server.url}/auth/admin-login`, { data: { email: 'admin@example.com', password: 'lodestar-admin' } });
    expect(signIn.ok()).toBe(true);
    await page.goto(`${server.url}/admin/login`);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    await page.goto(`${server.url}/admin/${PUSH_VERSIONS_PAGE}`);
    const table = page.getByTestId(`platform-records-${pushServerVersions.name}`);
    await visible(table.locator('.ant-table-row', { hasText: '1.0.0' }));
    await shot('versions-list');
    // Listed in the back office's menu under the resource's label.
    await visible(page.getByRole('menuitem', { name: 'Push server versions' }));

    await table.getByRole('button', { name: 'New server version' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByLabel('Version').fill('5.0.0');
    await drawer.getByLabel('Name', { exact: true }).fill('Large rooms');
    await drawer.getByLabel('Players per server').fill('10000');
    await shot('versions-create');
    await drawer.getByRole('button', { name: 'Create', exact: true }).click();
    const row = table.locator('.ant-table-row', { hasText: '5.0.0' });
    await visible(row);
    await visible(row.getByText('Large rooms'));

    // Retired: edited with Enabled off.
    await row.getByText('Large rooms').click();
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByRole('checkbox', { name: 'Enabled' }).uncheck();
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    // Neither enabled nor the default: two "No" cells in its row.
    await visible(row.locator('td', { hasText: /^No$/ }).nth(1));
    await gone(page.locator('.ant-drawer-content'));
    await shot('versions-retired');

    const answer = await page.request.get(`${server.url}${push.base}${pushServerVersions.path}/5.0.0`);
    expect(answer.ok()).toBe(true);
    expect(await answer.json()).toMatchObject({ serverVersion: '5.0.0', name: 'Large rooms', playerLimitPerServer: 10000, enabled: false, isDefault: false });
  });
});
