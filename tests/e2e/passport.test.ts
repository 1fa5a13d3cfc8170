import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gone, launchBrowser, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { passport } from '../../resources/passport';

const B = passport.base;

/**
 * A game's first leaderboard, end to end on the real server: in the console, create a realm and open it, create a
 * leaderboard; then, as the game would, sign players in server-side with the app credential and submit their
 * scores through the player API; back in the console, read the ranking, reset the leaderboard and read the
 * archived version.
 */

const REALM = 'E2E 华东一区';
const BOARD = 'E2E 周赛';
const SLUG = 'e2e-weekly';

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;
let appId = '';
let credential = '';
let realmId = '';
/** The players' user ids, by their game ids. */
const users: Record<string, string> = {};

const toast = (text: string | RegExp) => page.locator('.ant-notification-notice', { hasText: text });
const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
const drawer = () => page.locator('.ant-drawer-content-wrapper:visible');
const menu = (name: string) => page.getByRole('menuitem', { name, exact: true });

/**
 * Opens a menu entry inside a group. The group is clicked only while the entry is hidden: the sider opens the group
 * of the page shown by itself, and clicking an open group would close it.
 */
async function openMenu(group: string, entry: string) {
  await menu(group).waitFor();
  if (!(await menu(entry).isVisible())) await menu(group).click();
  await menu(entry).click();
}

/** A call to the passport API as the game's server (the app credential) or as a player (a player token). */
async function call(method: string, path: string, body: unknown, authorization: string) {
  const res = await fetch(`${server.url}${B}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Authorization: authorization },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A record's fields as a write carries them: without the server-managed ones. */
const stripped = ({ id: _i, version: _v, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  shot = screenshots(page, 'passport');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('passport console and player API', () => {
  it('signs in and opens the demo game', async () => {
    await page.goto(`${server.url}/login-authorize`);
    await page.getByLabel('邮箱').fill('demo@example.com');
    await page.getByLabel('密码').fill('lodestar-demo');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/apps$/);
    await page.getByText('Demo Game').click();
    await page.waitForURL(/\/services\/[^/]+\/dashboard$/);
    appId = /\/services\/([^/]+)\//.exec(page.url())![1];
    // The game's server holds the app credential; the console shows it to the app's owner.
    const app = (await (await page.request.get(`${server.url}/api/app/${appId}`)).json()) as { AppId: string; AppServiceSecret: string };
    expect(app.AppId).toBe(appId);
    credential = `Basic ${Buffer.from(`${app.AppId}:${app.AppServiceSecret}`).toString('base64')}`;
  });

  it('creates a realm and opens it', async () => {
    await openMenu('玩家账号', '区服管理');
    await page.waitForURL(/\/passport\/auth\/realm$/);
    await page.getByRole('button', { name: '新建区服' }).first().click();
    const name = drawer().getByLabel('区服名称');
    await visible(name);
    await name.fill(REALM);
    await shot('realm-form');
    await drawer().getByRole('button', { name: '新建', exact: true }).click();
    await visible(toast('区服已创建'));
    await gone(drawer());
    await visible(row(REALM).getByText('已创建'));

    await row(REALM).getByText(REALM).click();
    await page.waitForURL(/\/passport\/auth\/realm\/[^/]+$/);
    realmId = decodeURIComponent(/\/realm\/([^/?]+)$/.exec(page.url())![1]);
    await visible(page.getByRole('heading', { name: REALM }));
    await page.getByRole('button', { name: '开服', exact: true }).click();
    await visible(toast(`已开服「${REALM}」`));
    await visible(page.locator('.ant-tag', { hasText: '开放' }));
    // The realm's page lists its users; none has signed in yet.
    await visible(page.getByTestId('children-users').getByText('还没有用户'));
    await shot('realm-open');
  });

  it('creates a leaderboard', async () => {
    await openMenu('社交与排行', '排行榜');
    await page.waitForURL(/\/passport\/leaderboards$/);
    await page.getByRole('button', { name: '新建排行榜' }).first().click();
    const name = drawer().getByLabel('名称', { exact: true });
    await visible(name);
    await name.fill(BOARD);
    await drawer().getByLabel('标识', { exact: true }).fill(SLUG);
    await shot('leaderboard-form');
    await drawer().getByRole('button', { name: '新建', exact: true }).click();
    await visible(toast('排行榜已创建'));
    await gone(drawer());
    await visible(row(BOARD).getByText(SLUG));
    await shot('leaderboards');
  });

  it('takes scores from the game through the player API', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths[`${B}/login/external`]?.post).toBeDefined();
    expect(doc.paths[`${B}/sdk/leaderboards/{id}/scores`]?.post).toBeDefined();

    // The game's server signs each player in (it vouches for its own player ids), then each player submits.
    const submissions: [string, number][] = [
      ['e2e-ada', 300],
      ['e2e-bo', 500],
      ['e2e-cy', 400],
      // KeepBest: a lower score later does not replace Ada's best.
      ['e2e-ada', 200],
    ];
    for (const [player, score] of submissions) {
      const login = await call('POST', '/login/external', { method: 'ServerSide', platform: 'Android', realmId, externalId: player, nickname: player }, credential);
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      users[player] = login.body.user.id;
      const submit = await call('POST', `/sdk/leaderboards/${SLUG}/scores`, { score }, `Bearer ${login.body.token}`);
      expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    }
    // A player token is no app credential: it cannot reset the board.
    const login = await call('POST', '/login/external', { method: 'ServerSide', platform: 'Android', realmId, externalId: 'e2e-ada' }, credential);
    expect((await call('POST', `/leaderboards/${SLUG}/reset`, {}, `Bearer ${login.body.token}`)).status).toBe(401);
  });

  it('shows the ranking on the leaderboard page', async () => {
    await row(BOARD).getByText(BOARD).click();
    await page.waitForURL(new RegExp(`/passport/leaderboards/${SLUG}$`));
    await visible(page.getByRole('heading', { name: BOARD }));
    const panel = page.getByTestId('leaderboard-panel');
    await visible(panel);
    const expected: [number, string, string][] = [
      [1, 'e2e-bo', '500'],
      [2, 'e2e-cy', '400'],
      [3, 'e2e-ada', '300'],
    ];
    for (const [rank, player, score] of expected) {
      const line = panel.getByTestId(`ranking-row-${rank}`);
      await visible(line.getByText(users[player]));
      await visible(line.getByText(score, { exact: true }));
    }
    await expect.poll(() => panel.locator('[data-testid^="ranking-row-"]').count()).toBe(3);
    await shot('ranking');
  });

  it('resets the leaderboard and shows the archived version', async () => {
    const panel = page.getByTestId('leaderboard-panel');
    await panel.getByTestId('leaderboard-reset').click();
    await visible(page.locator('.ant-modal-confirm').getByText('第 1 版（3 名成员）将归档'));
    await shot('reset-confirm');
    await page.getByTestId('leaderboard-reset-confirm').click();
    await visible(toast(/已重置：第 1 版已归档/));
    // The current version (2) starts empty.
    await visible(panel.getByText('还没有分数。'));
    await expect.poll(() => panel.locator('[data-testid^="ranking-row-"]').count()).toBe(0);

    await panel.getByTestId('leaderboard-version').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: /^第 1 版 · / }).click();
    await visible(panel.getByText(/第 1 版已于 .* 归档/));
    await visible(panel.getByTestId('ranking-row-1').getByText(users['e2e-bo']));
    await visible(panel.getByTestId('ranking-row-3').getByText(users['e2e-ada']));
    await shot('archived-version');
  });

  it('saves settings with the version read and refuses to overwrite a newer change', async () => {
    // Opened by its address: whether the menu's sub-menu is open depends on the steps before, not on settings.
    await page.goto(`${server.url}/services/${appId}/passport/account/friend`);
    const form = page.getByTestId('settings-friendConfig');
    const limit = form.getByLabel('好友上限');
    await visible(limit);
    await limit.fill('150');
    await form.getByRole('button', { name: '保存' }).click();
    await visible(toast('好友设置已保存'));
    await visible(form.getByText(/第 1 版/));

    // Someone else saves meanwhile (the game's server, with the version it read).
    const current = await call('GET', '/friend-config', undefined, credential);
    const other = await call('PUT', '/friend-config', { ...stripped(current.body), maxFriends: 180, version: current.body.version }, credential);
    expect(other.status, JSON.stringify(other.body)).toBe(200);

    await limit.fill('160');
    await form.getByRole('button', { name: '保存' }).click();
    await visible(form.getByText('数据已被他人修改，请刷新后重试'));
    // What was typed stays until the user chooses to load the newer settings.
    expect(await limit.inputValue()).toBe('160');
    await shot('settings-conflict');
    await form.getByRole('button', { name: '加载最新设置' }).click();
    await expect.poll(() => limit.inputValue()).toBe('180');
    await visible(form.getByText(/第 2 版/));
  });

  it('says what a coming feature will do and leads back to the settings', async () => {
    await page.goto(`${server.url}/services/${appId}/passport/coming/analysis`);
    const card = page.getByTestId('coming-soon');
    await visible(card.getByRole('heading', { name: '玩家分析' }));
    await visible(card.getByText('即将推出'));
    await visible(card.getByText('次日、7 日、30 日留存和按注册日期的同期群'));
    // Not a menu entry: it is reached by its address only.
    expect(await page.getByRole('menuitem', { name: '玩家分析' }).count()).toBe(0);
    await shot('coming-soon');
    await page.getByTestId('coming-back').click();
    await page.waitForURL(/\/passport\/settings$/);
  });
});

