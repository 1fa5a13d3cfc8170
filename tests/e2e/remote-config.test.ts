import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, gone, launchBrowser, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { remoteConfig } from '../../resources/config';

const RC = remoteConfig.base;

/**
 * A developer's first session with remote config, on the real server with its demo data: sign in, open the demo
 * game, add and change a config, add an override, disable it, turn it back on, and ask the playground what a
 * player gets.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;

const toast = (text: string) => page.locator('.ant-notification-notice', { hasText: text });
const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
const drawer = () => page.locator('.ant-drawer-content-wrapper:visible');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  shot = screenshots(page, 'remote-config');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('remote config console', () => {
  it('signs in and opens the demo game', async () => {
    await page.goto(`${server.url}/apps`);
    await page.waitForURL(/\/login-authorize/);
    await visible(page.getByText('登录控制台'));
    await shot('sign-in');

    await page.getByLabel('邮箱').fill('demo@example.com');
    await page.getByLabel('密码').fill('wrong password');
    await page.keyboard.press('Enter');
    await visible(page.locator('.ant-notification-notice', { hasText: '邮箱或密码错误' }));
    await shot('sign-in-refused');

    await page.getByLabel('密码').fill('lodestar-demo');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/apps$/);
    await visible(page.getByText('Demo Game'));
    await visible(page.getByText('Demo Studio'));
    await shot('apps');

    await page.getByText('Demo Game').click();
    await page.waitForURL(/\/services\/[^/]+\/dashboard$/);
    await visible(page.getByRole('heading', { name: 'Demo Game' }));
    await visible(page.getByTestId('service-remote-config').getByText('已开通'));
    await shot('app-home');
  });

  it('closes an untouched create form with Escape, and asks first once something was typed', async () => {
    await page.getByRole('menuitem', { name: '配置管理' }).click();
    await visible(row('welcome_message'));
    await page.getByRole('button', { name: '新建配置项' }).click();
    const key = drawer().getByLabel('键');
    await visible(key);
    await key.click();
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);

    await page.getByRole('button', { name: '新建配置项' }).click();
    await visible(key);
    await key.fill('half_typed');
    await page.keyboard.press('Escape');
    const ask = page.locator('.ant-modal-confirm');
    await visible(ask.locator('.ant-modal-confirm-title', { hasText: '有未保存的修改' }));
    await ask.getByRole('button', { name: '取消' }).click();
    // That question gone before the next is asked (on a loaded machine its closing outlasts the next click).
    await ask.waitFor({ state: 'detached' });
    expect(await key.inputValue()).toBe('half_typed');
    await drawer().getByRole('button', { name: '取消' }).click();
    await ask.getByRole('button', { name: '关闭' }).click();
    await drawer().waitFor({ state: 'hidden' });
  });

  it('creates a config and edits it', async () => {
    await page.getByRole('menuitem', { name: '配置管理' }).click();
    await visible(row('welcome_message'));
    await visible(page.getByRole('tab', { name: '覆盖规则' }));
    await shot('configs');

    await page.getByRole('button', { name: '新建配置项' }).click();
    const key = drawer().getByLabel('键');
    await visible(key);
    await expect.poll(() => key.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('max level');
    await choose(drawer().getByLabel('值类型'), 'INT');
    const value = drawer().getByLabel('值', { exact: true });
    await value.fill('sixty');
    await page.keyboard.press('Enter');
    await visible(drawer().getByText('必须是 32 位整数'));
    expect(await key.inputValue()).toBe('max_level');
    await shot('config-form-invalid');

    await value.fill('60');
    await drawer().getByLabel('描述').fill('Highest level a player can reach');
    await shot('config-form');
    // Enter in a one-line field submits (in the description it starts a new line).
    await value.press('Enter');
    await visible(toast('配置项已创建'));
    await gone(drawer());
    await visible(row('max_level').getByText('60', { exact: true }));
    await shot('config-created');

    await row('max_level').getByRole('button', { name: '编辑' }).click();
    await visible(drawer().getByText('编辑配置项'));
    expect(await drawer().getByLabel('值', { exact: true }).inputValue()).toBe('60');
    await drawer().getByLabel('值', { exact: true }).fill('70');
    await shot('config-edit');
    await drawer().getByRole('button', { name: '保存' }).click();
    await visible(toast('配置项已保存'));
    await gone(drawer());
    await visible(row('max_level').getByText('70', { exact: true }));
    await shot('config-edited');

    // A key that exists already: the server refuses it (409) and its message lands on the key field.
    await page.getByRole('button', { name: '新建配置项' }).click();
    const dupKey = drawer().getByLabel('键');
    await visible(dupKey);
    await dupKey.fill('drop_rate');
    await drawer().getByLabel('值', { exact: true }).fill('boss');
    await drawer().getByLabel('值', { exact: true }).press('Enter');
    await visible(drawer().getByText('该值已存在'));
    // The field's own message, under the key field (the banner above only says which fields to fix).
    await visible(drawer().getByText('已存在', { exact: true }));
    await page.waitForTimeout(500); // let the message's entry animation finish before the screenshot
    await shot('config-duplicate-key');
    // Leaving asks first: what was typed would be lost.
    await drawer().getByRole('button', { name: '取消' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '关闭' }).click();
    await gone(drawer());
  });

  it('creates an override and disables it', async () => {
    await page.getByRole('tab', { name: '覆盖规则' }).click();
    await visible(row('Mainland China reward boost'));
    await page.getByRole('button', { name: '新建覆盖规则' }).click();
    const name = drawer().getByLabel('名称');
    await visible(name);
    await name.fill('Max level for testers');

    const rule = drawer().getByLabel('目标规则');
    await rule.fill('user.country == "JP" &&');
    await visible(drawer().getByText(/规则有误（第 1 行第 \d+ 列）/));
    await shot('override-rule-error');
    await rule.fill('user.country == "JP"');
    await visible(drawer().getByText('规则有效'));

    await drawer().getByRole('button', { name: '添加覆盖值' }).click();
    await choose(drawer().locator('.ant-select').last(), 'max_level');
    await visible(drawer().getByText('默认值：70'));
    await drawer().getByPlaceholder('值').last().fill('99');
    await shot('override-form');
    await drawer().getByRole('button', { name: '新建' }).click();
    await visible(toast('覆盖规则已创建'));
    await gone(drawer());
    await visible(row('Max level for testers').getByText('已启用'));
    await shot('override-created');

    await row('Max level for testers').getByRole('button', { name: '停用' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await visible(confirm.getByText('停用后匹配的玩家将恢复默认配置'));
    await shot('override-disable-confirm');
    await confirm.getByRole('button', { name: '停用' }).click();
    await visible(toast('已停用「Max level for testers」'));
    await visible(row('Max level for testers').getByText('已停用'));
    expect(await row('Max level for testers').getByRole('button', { name: '停用' }).isDisabled()).toBe(true);
    await shot('override-disabled');
  });

  it('shows the override with its variants and turns it back on', async () => {
    await row('Max level for testers').getByText('Max level for testers').click();
    await page.waitForURL(/\/config\/override\/[^/]+$/);
    await visible(page.getByRole('heading', { name: 'Max level for testers' }));
    await visible(page.getByText('已停用'));
    await visible(page.getByText('user.country == "JP"'));
    await visible(page.getByText('变体', { exact: true }));
    await visible(page.getByText('max_level', { exact: true }));
    await shot('override-page');

    // Editing the override edits all of it: its variants and their values are in the drawer too.
    await page.getByRole('button', { name: /编辑/ }).first().click();
    await visible(drawer().getByText('变体名'));
    expect(await drawer().getByPlaceholder('值').last().inputValue()).toBe('99');
    await shot('override-edit-drawer');
    await drawer().getByRole('button', { name: '取消' }).click();
    await gone(drawer());

    await page.getByRole('button', { name: '启用' }).click();
    await visible(toast('已启用「Max level for testers」'));
    await visible(page.locator('.ant-tag', { hasText: '已启用' }));
    await shot('override-enabled');
  });

  it('runs the playground for a player in Japan', async () => {
    await page.getByRole('menuitem', { name: '调试台' }).click();
    await page.waitForURL(/\/playground\/remote-config\//);
    await visible(page.getByText('填写玩家上下文后点击「运行」。'));
    await page.getByLabel('玩家 ID').fill('player-1001');
    await page.getByLabel('国家/地区').fill('JP');
    await page.getByLabel('应用版本').fill('1.3.0');
    await page.getByRole('button', { name: '运行' }).click();

    const maxLevel = row('max_level');
    await visible(maxLevel.getByText('99', { exact: true }));
    await visible(maxLevel.getByText('Max level for testers'));
    await visible(row('welcome_message').getByText('默认值'));
    const verdict = page.locator('.ant-table-row', { hasText: 'Max level for testers' }).filter({ hasText: '生效' });
    await visible(verdict);
    await visible(row('Mainland China reward boost').getByText('规则不匹配'));
    await visible(page.getByTestId('simulation-summary'));
    await visible(page.getByTestId('usage-panel').getByText('调试台模拟'));
    await shot('playground');
  });

  it('names the overrides using a config before deleting it, and the playground then says their value is ignored', async () => {
    await page.getByRole('menuitem', { name: '配置管理' }).click();
    await page.waitForURL(/\/config$/);
    await row('max_level').getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await visible(confirm.getByTestId('used-by').getByText(/覆盖规则.*“Max level for testers”/));
    await visible(confirm.getByText('删除后，它们中指向它的值将不再生效。'));
    await shot('config-delete-used-by');
    await confirm.getByRole('button', { name: '删除' }).click();
    await gone(row('max_level'));

    await page.getByRole('menuitem', { name: '调试台' }).click();
    await page.waitForURL(/\/playground\/remote-config\//);
    await page.getByLabel('玩家 ID').fill('player-1001');
    await page.getByLabel('国家/地区').fill('JP');
    await page.getByRole('button', { name: '运行' }).click();
    const unused = page.locator('.ant-table-row', { hasText: 'Max level for testers' }).getByTestId('unused-value');
    await visible(unused.getByText('没有这个键的配置项（已删除或改名），此值被忽略'));
    await shot('playground-dangling-key');
  });

  it('switches to English and back', async () => {
    await page.getByRole('button', { name: '简体中文' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    // The whole console renders again in the other language: on a machine busy with another browser, it took over 15 s once.
    await visible(page.getByRole('heading', { name: 'Remote config playground' }), 30_000);
    await visible(page.getByRole('menuitem', { name: 'Configs' }));
    await shot('english');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Remote config playground' }));
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    // The same whole-console render back, as slow on a busy machine.
    await visible(page.getByRole('heading', { name: '远程配置调试台' }), 30_000);
  });

  it('answers an unknown address with a 404 page', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await visible(page.getByText('页面不存在'));
    await shot('not-found');
    await page.getByRole('button', { name: '回到首页' }).click();
    await page.waitForURL(/\/apps$/);
    await gone(page.getByText('页面不存在'));
  });

  it("answers an app's address it cannot open with the app console's refusal, leading back to every app", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    // The refusal the app's own call gives (a missing app, or one of another organisation) is the one shown.
    const refused = await page.request.get(`${server.url}/api/app/${unknown}`);
    expect([403, 404]).toContain(refused.status());
    await page.goto(`${server.url}/services/${unknown}/config`);
    const result = page.locator(`.ant-result-${refused.status()}`);
    await visible(result);
    expect(await page.locator('.ant-table').count()).toBe(0);
    await result.getByRole('button').click();
    await page.waitForURL(/\/apps$/);
    await gone(result);
  });

  it('serves console routes as the page and refuses missing files', async () => {
    const route = await fetch(`${server.url}/services/any/config`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toContain('text/html');
    const asset = await fetch(`${server.url}/assets/missing-chunk.js`);
    expect(asset.status).toBe(404);
    const api = await fetch(`${server.url}${RC}/nothing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'not found', code: 'NOT_FOUND' });
  });

  it('signs out', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/logout-callback$/);
    await page.getByTestId('logout-sign-in').click();
    await page.waitForURL(/\/login-authorize/);
    await visible(page.getByText('登录控制台'));
    await page.goto(`${server.url}/apps`);
    await page.waitForURL(/\/login-authorize\?to=/);
    await shot('signed-out');
  });
});
