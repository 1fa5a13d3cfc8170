import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { zipSync } from 'fflate';
import { launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { callWith, startServer, type RunningServer } from './server';
import { func } from '../../resources/func';
import { FUNC_ROUTES } from '../../resources/func/resources';

/**
 * The stateful functions' own pages, on the real server with its demo data: the demo function is given the example
 * players server's code and an autoscaler that keeps one server; the app's servers list shows the server the
 * autoscaler started, its page its tags; the logs page finds the line the server printed and downloads it; the
 * function's autoscaler page charts the step it took. Then the same pages in English.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;
let appId: string;
let fnId: string;

const at = (route: string, params: Record<string, string> = {}) =>
  `${server.url}/services/${appId}/${route.replace(/:(\w+)/g, (_, name: string) => params[name])}`;

/** Clicks the page's refresh until the locator shows (what the server's jobs do takes a few seconds). */
async function refreshUntil(locator: ReturnType<Page['locator']>, tries = 30) {
  for (let i = 0; i < tries && !(await locator.count()); i++) {
    await page.locator('.ant-page-header button:has(.anticon-reload), button[aria-label="刷新"], button[aria-label="Refresh"]').first().click();
    await page.waitForTimeout(1000);
  }
  await visible(locator);
}

beforeAll(async () => {
  // The autoscaler's pass every 2 s instead of 15, so its step is seen within the test.
  process.env.FUNC_AUTOSCALE_EVERY_S = '2';
  server = await startServer();
  delete process.env.FUNC_AUTOSCALE_EVERY_S;
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true });
  shot = screenshots(page, 'func-screens');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens the logs page's time filter and reads its calendar's month names (as `month` matches) and weekday names, then closes it. */
async function expectCalendarIn(page: Page, month: RegExp, weekdays: string[]): Promise<void> {
  await page.locator('.ant-picker-range').first().click();
  const calendar = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await visible(calendar.locator('.ant-picker-month-btn').first());
  const months = await calendar.locator('.ant-picker-month-btn').allTextContents();
  expect(months.every((name) => month.test(name)), `months shown: ${months.join(', ')}`).toBe(true);
  expect(await calendar.locator('.ant-picker-content thead th').allTextContents()).toEqual(expect.arrayContaining(weekdays));
  await page.keyboard.press('Escape');
}

describe("Stateful functions' servers, logs and autoscaler pages", () => {
  it('lists the server the autoscaler started, finds and downloads its log line, and charts the step', async () => {
    const opened = await openDemoGame(page, server.url);
    appId = opened.appId;
    const { credential } = opened;
    await page.goto(at(FUNC_ROUTES.servers));
    await visible(page.getByText('还没有服务器：在函数页面启动一台'));
    await shot('servers-empty');

    const list = (await callWith(server.url, credential, 'GET', `${func.base}/func/functions`)) as { items?: { id: string; name: string }[] };
    fnId = list.items!.find((f) => f.name === 'battle-room')!.id;
    const code = zipSync({ 'players.mjs': new Uint8Array(readFileSync(new URL('../../examples/func-players/server.mjs', import.meta.url))) });
    const up = await fetch(`${server.url}${func.base}/func/functions/${fnId}/code?startCommand=${encodeURIComponent('node players.mjs')}`, {
      method: 'PUT',
      headers: { authorization: credential, 'content-type': 'application/zip' },
      body: code,
    });
    expect(up.status).toBe(200);
    await callWith(server.url, credential, 'PUT', `${func.base}/func/functions/${fnId}/autoscaler`, { minServers: 1, maxServers: 3, cpuTargetPercent: 70, cooldownSeconds: 60 });

    // The app's servers: the one the autoscaler started, running, with its function named.
    const running = page.locator('[data-testid="view-servers"] .ant-table-row', { hasText: '运行中' });
    await refreshUntil(running);
    await visible(running.first().getByText('battle-room'));
    await visible(page.locator('[data-testid="page-chart"]').first());
    await shot('servers');

    // Its page: the tags it started with.
    const serverId = (await running.first().locator('td').first().innerText()).trim();
    await running.first().locator('td').first().locator('a').click();
    await page.waitForURL(/\/func\/profiles\/[^/]+\/servers\/[^/]+$/);
    await visible(page.getByText('autoscaler').first());
    expect(page.url()).toContain(fnId);
    await shot('server');

    // The logs: the line the example server prints once it listens, found by its text, then downloaded.
    await page.goto(`${at(FUNC_ROUTES.logs)}?function=${fnId}&text=listening`);
    const line = page.locator('[data-testid="view-logs"] .ant-table-row', { hasText: 'players server listening on' });
    await refreshUntil(line);
    await visible(line.first().getByText(serverId.slice(0, 8), { exact: false }));
    await shot('logs');
    // The time filter's calendar speaks the console's language: its months and weekdays too, not only its year.
    await expectCalendarIn(page, /^\d{1,2}月$/, ['一', '二', '日']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="page-download"]').click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('players server listening on');
    expect(text.split('\n').filter(Boolean).every((l) => l.toLowerCase().includes('listening'))).toBe(true);

    // The autoscaler: its settings, the step 0 → 1 listed and charted.
    await page.goto(at(FUNC_ROUTES.autoscaler, { funcId: fnId }));
    await visible(page.locator('[data-testid="detail-autoscaler"]').getByText('运行中'));
    const step = page.locator('[data-testid="view-autoscaling-history"] .ant-table-row', { hasText: '扩容' });
    await refreshUntil(step);
    const chart = page.locator('[data-testid="page-chart"]').first();
    await visible(chart.locator('canvas'));
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
    await shot('autoscaler');
    expect(await page.getByText('加载失败').count()).toBe(0);
  }, 150_000);

  it('shows the same pages in English', async () => {
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    await page.goto(at(FUNC_ROUTES.servers));
    await visible(page.locator('[data-testid="view-servers"] .ant-table-row', { hasText: 'Running' }));
    await shot('servers-en');
    await page.goto(`${at(FUNC_ROUTES.logs)}?function=${fnId}`);
    await visible(page.locator('[data-testid="view-logs"] .ant-table-row').first());
    await shot('logs-en');
    await expectCalendarIn(page, /^[A-Z][a-z]{2}$/, ['Mo', 'Tu', 'Su']);
    await page.goto(at(FUNC_ROUTES.autoscaler, { funcId: fnId }));
    await visible(page.locator('[data-testid="page-chart"] canvas').first());
    await shot('autoscaler-en');
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'zh-CN'));
  }, 60_000);
});
