import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * Accessibility of the console's main kinds of screen (issue 6), checked with axe against WCAG 2.1 A and AA on the
 * real server: the sign-in page, generated lists (remote config and a passport list), a record's page and a
 * create form with its drawer open. Serious and critical violations fail the test.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;
let appId = '';

const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical violations on the page as it is now, each with the elements it names. */
async function violations(): Promise<string[]> {
  // Let entry animations finish: axe reads colours mid-fade as low contrast.
  await page.waitForTimeout(600);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
}

const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
const drawer = () => page.locator('.ant-drawer-content-wrapper:visible');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // axe runs its checks in every frame of a context of its own making: it needs a page from a context.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  page = await context.newPage();
  shot = screenshots(page, 'a11y');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('console accessibility', () => {
  it('sign-in page', async () => {
    await page.goto(`${server.url}/login-authorize`);
    await visible(page.getByText('登录控制台'));
    await shot('sign-in');
    expect(await violations()).toEqual([]);

    await page.getByLabel('邮箱').fill('demo@example.com');
    await page.getByLabel('密码').fill('lodestar-demo');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/apps$/);
    await page.getByText('Demo Game').click();
    await page.waitForURL(/\/services\/[^/]+\/dashboard$/);
    appId = /\/services\/([^/]+)\//.exec(page.url())![1];
  });

  it('a generated list: remote config', async () => {
    await page.goto(`${server.url}/services/${appId}/config`);
    await visible(row('welcome_message'));
    await shot('configs');
    expect(await violations()).toEqual([]);
  });

  it('a generated list: passport realms', async () => {
    await page.goto(`${server.url}/services/${appId}/passport/auth/realm`);
    await visible(page.locator('.ant-table-row').first());
    await shot('realms');
    expect(await violations()).toEqual([]);
  });

  it("a record's page", async () => {
    await page.locator('.ant-table-row').first().locator('td a').first().click();
    await page.waitForURL(/\/passport\/auth\/realm\/[^/]+$/);
    await visible(page.getByRole('heading', { level: 3 }));
    await visible(page.locator('.ant-descriptions').first());
    await shot('realm');
    expect(await violations()).toEqual([]);
  });

  it('a create form in its drawer', async () => {
    await page.goto(`${server.url}/services/${appId}/config`);
    await visible(row('welcome_message'));
    await page.getByRole('button', { name: '新建配置项' }).click();
    await visible(drawer().getByLabel('键'));
    await shot('config-create');
    expect(await violations()).toEqual([]);
  });

  it('a passport create form in its drawer', async () => {
    await page.goto(`${server.url}/services/${appId}/passport/auth/realm`);
    await visible(page.locator('.ant-table-row').first());
    await page.getByRole('button', { name: '新建区服' }).first().click();
    await visible(drawer().locator('form'));
    await shot('realm-create');
    expect(await violations()).toEqual([]);
  });
});
