import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { passport } from '../../resources/passport';
import { remoteConfig } from '../../resources/config';
import { func } from '../../resources/func';

/**
 * The playgrounds on the real server with its demo data: passport's signs a test player in and runs the player's and
 * the game server's calls, remote config's fetches a player's settings, each showing the request, its curl line and
 * the real answer; stateful functions' lists the app's functions.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shot: (label: string) => Promise<void>;
let appId = '';
const LOCALES = ['zh-CN', 'en'] as const;

async function open(path: string, locale: (typeof LOCALES)[number]) {
  await page.evaluate((l) => localStorage.setItem('lodestar.locale', l), locale);
  await page.goto(`${server.url}${path}`);
}

/** Chooses an example by its declared name and sends it; answers the answer panel's text once a status shows. */
async function run(name: string) {
  await page.locator(`[data-testid=playground-example][data-name="${name}"]`).click();
  await page.getByTestId('playground-send').click();
  await visible(page.getByTestId('playground-status'));
  return page.getByTestId('playground-answer-body');
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  page = await context.newPage();
  const signIn = await context.request.post(`${server.url}/auth/auth-login`, { data: { email: 'demo@example.com', password: 'lodestar-demo' } });
  expect(signIn.ok()).toBe(true);
  const apps = (await (await context.request.get(`${server.url}/api/apps`)).json()) as { Items: { AppId: string; ProjectName: string }[] };
  appId = apps.Items.find((a) => a.ProjectName === 'Demo Game')!.AppId;
  await page.goto(`${server.url}/apps`);
  shot = screenshots(page, 'playgrounds');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('playgrounds', () => {
  it("passport: signs a test player in, runs the player's profile and the server's realm list, showing each request and its answer", async () => {
    await open(`/playground/passport/${appId}`, 'en');
    await visible(page.getByTestId('playground-example').first());
    await page.getByTestId('playground-realm').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.getByTestId('playground-sign-in').click();
    const token = (await (await visible(page.getByTestId('playground-token'))).textContent())!.trim();

    const me = await run('players.me');
    expect(await page.getByTestId('playground-method').textContent()).toBe('GET');
    expect(await page.getByTestId('playground-path').inputValue()).toBe(`${passport.base}/sdk/me`);
    expect(await page.getByTestId('playground-status').textContent()).toContain('200');
    expect(await me.textContent()).toContain('"test-player-1"');
    const curl = await page.getByTestId('playground-curl').textContent();
    expect(curl).toContain(`'${server.url}${passport.base}/sdk/me'`);
    expect(curl).toContain(`'Authorization: Bearer ${token}'`);
    await shot('passport-me-en');

    const realms = await run('realms.list');
    expect(await page.getByTestId('playground-path').inputValue()).toBe(`${passport.base}/realms/search`);
    expect(await page.getByTestId('playground-body').inputValue()).toContain('"count"');
    expect(await page.getByTestId('playground-status').textContent()).toContain('200');
    expect(JSON.parse((await realms.textContent())!).realms.length).toBeGreaterThan(0);
    await shot('passport-realms-en');

    // A persona, made in the realm the test player signed in to.
    await page.locator('[data-testid=playground-example][data-name="players.createPersona"]').click();
    const realmId = JSON.parse(await page.getByTestId('playground-body').inputValue()).realmId as string;
    // The sign-in request, shown under its form, is the page's first JSON.
    expect(realmId).toBe(JSON.parse((await page.locator('pre').first().textContent())!).realmId);
    await page.getByTestId('playground-body').fill(JSON.stringify({ name: 'Playground Hero', realmId }));
    await page.getByTestId('playground-send').click();
    await visible(page.getByTestId('playground-status'));
    expect(await page.getByTestId('playground-status').textContent()).toContain('201');
    expect(JSON.parse((await page.getByTestId('playground-answer-body').textContent())!)).toMatchObject({ name: 'Playground Hero', realmId });

    // A leaderboard's ranking, its board chosen among the app's by name.
    await page.locator('[data-testid=playground-example][data-name="leaderboards.top"]').click();
    await page.getByTestId('playground-param-id').click();
    const board = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    const boardLabel = (await (await visible(board)).textContent())!;
    await board.click();
    const boardId = boardLabel.split(' · ').pop()!;
    await page.getByTestId('playground-send').click();
    await visible(page.getByTestId('playground-status'));
    expect(await page.getByTestId('playground-status').textContent()).toContain('200');
    expect(await page.getByTestId('playground-curl').textContent()).toContain(`${passport.base}/sdk/leaderboards/${boardId}/scores`);
    await shot('passport-leaderboard-en');

    await open(`/playground/passport/${appId}`, 'zh-CN');
    await visible(page.getByTestId('playground-example').first());
    await shot('passport-zh');
  });

  it("remote config: fetches a player's settings with its real call", async () => {
    for (const locale of LOCALES) {
      await open(`/playground/remote-config/${appId}`, locale);
      const answer = await run('settings.fetch');
      expect(await page.getByTestId('playground-path').inputValue()).toBe(`${remoteConfig.base}/settings`);
      expect(await page.getByTestId('playground-body').inputValue()).toContain('player-1001');
      expect(await page.getByTestId('playground-status').textContent()).toContain('200');
      // The demo game's configs, as the player gets them.
      expect(JSON.parse((await answer.textContent())!).settings).toHaveProperty('welcome_message');
      await shot(`remote-config-${locale}`);
    }
  });

  it("stateful functions: lists the app's functions with the real call, in both languages", async () => {
    for (const locale of LOCALES) {
      await open(`/playground/func-stateful/${appId}`, locale);
      const answer = await run('functions.list');
      expect(await page.getByTestId('playground-method').textContent()).toBe('GET');
      expect(await page.getByTestId('playground-path').inputValue()).toContain(`${func.base}/func/functions`);
      expect(await page.getByTestId('playground-status').textContent()).toContain('200');
      // The demo game's function, as the app's own call answers it.
      expect(await answer.textContent()).toContain('"battle-room"');
      expect(await page.getByTestId('playground-not-available').count()).toBe(0);
      await shot(`func-stateful-${locale}`);
    }
  });

  it("refuses an app that is not the user's, showing nothing of it", async () => {
    await open('/playground/push/not-an-app-of-mine', 'en');
    await visible(page.locator('.ant-result-403'));
    expect(await page.getByTestId('playground-example').count()).toBe(0);
    await shot('foreign-app');
  });
});
