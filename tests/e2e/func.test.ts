import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { zipSync } from 'fflate';
import { launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { callWith, startServer, type RunningServer } from './server';
import { func } from '../../resources/func';
import { FUNC_ROUTES } from '../../resources/func/resources';

/**
 * A developer runs a stateful function from the console, on the real server with its demo data: the demo function
 * `battle-room` is given the example players server's code, a server is started from its page and seen running, a
 * player is sent to it, and the autoscaler's settings are on the page.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  shot = screenshots(page, 'func');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Stateful functions on the console', () => {
  it('starts a server of a function, sees it running and sends a player to it', async () => {
    const { appId, credential } = await openDemoGame(page, server.url);
    const list = (await callWith(server.url, credential, 'GET', `${func.base}/func/functions`)) as { items?: { id: string; name: string }[] };
    const fn = list.items!.find((f) => f.name === 'battle-room')!;
    const code = zipSync({ 'players.mjs': new Uint8Array(readFileSync(new URL('../../examples/func-players/server.mjs', import.meta.url))) });
    const up = await fetch(`${server.url}${func.base}/func/functions/${fn.id}/code?startCommand=${encodeURIComponent('node players.mjs')}`, { method: 'PUT', headers: { authorization: credential, 'content-type': 'application/zip' }, body: code });
    expect(up.status).toBe(200);

    await page.goto(`${server.url}/services/${appId}/${FUNC_ROUTES.profiles}`);
    await page.locator('.ant-table-row', { hasText: 'battle-room' }).getByText('battle-room').first().click();
    await page.waitForURL(/\/func\/profiles\/[^/]+$/);
    await visible(page.locator('[data-testid="detail-autoscaler"]'));
    await shot('function');

    await page.getByRole('button', { name: '启动服务器' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: /确\s*定|启动服务器/ }).last().click();
    // The function's children are read again with their own reload button.
    const servers = page.locator('.ant-card', { hasText: '扩缩容历史' }).last();
    await visible(page.locator('.ant-notification-notice').first());
    for (let i = 0; i < 20 && !(await servers.locator('.ant-table-row', { hasText: '运行中' }).count()); i++) {
      await servers.locator('button:has(.anticon-reload)').first().click();
      await page.waitForTimeout(1000);
    }
    await visible(servers.locator('.ant-table-row', { hasText: '运行中' }).first());
    await shot('server-running');

    await page.getByRole('button', { name: '为玩家选择服务器' }).click();
    await visible(page.getByText('LEAST').first());
    await shot('endpoint');
    expect(await page.getByText('加载失败').count()).toBe(0);
  }, 90_000);
});
