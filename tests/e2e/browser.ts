import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { ROOT } from './server';

/** The system Chromium, headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    headless: true,
  });
}

/** Saves numbered full-page screenshots of one test under `test-results/<name>/`. */
export function screenshots(page: Page, name: string) {
  const dir = join(ROOT, 'test-results', name);
  mkdirSync(dir, { recursive: true });
  let step = 0;
  return async (label: string) => {
    step += 1;
    // From the top, as a person first sees the page (sticky bars otherwise land mid-picture).
    const height = await page.evaluate(() => {
      window.scrollTo(0, 0);
      return document.documentElement.scrollHeight;
    });
    // The whole page, by making the window as tall as the page. Playwright's fullPage option shrinks the window for a
    // moment, which folds the menu at its breakpoint and leaves it unfolding while the test goes on.
    const viewport = page.viewportSize();
    const taller = viewport && height > viewport.height;
    if (taller) await page.setViewportSize({ width: viewport.width, height });
    await page.screenshot({ path: join(dir, `${String(step).padStart(2, '0')}-${label}.png`) });
    if (taller) await page.setViewportSize(viewport);
  };
}

/** Waits until the locator is visible (the assertion of these tests: what the screen shows). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until the locator is gone from the screen. */
export async function gone(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Signs in as the demo user and opens the demo game's home; answers its app id and its service credential. */
export async function openDemoGame(page: Page, serverUrl: string): Promise<{ appId: string; credential: string }> {
  await page.goto(`${serverUrl}/login-authorize`);
  await page.getByLabel('邮箱').fill('demo@example.com');
  await page.getByLabel('密码').fill('lodestar-demo');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/apps$/);
  await page.getByText('Demo Game').click();
  await page.waitForURL(/\/services\/[^/]+\/dashboard$/);
  const appId = /\/services\/([^/]+)\//.exec(page.url())![1];
  const app = (await (await page.request.get(`${serverUrl}/api/app/${appId}`)).json()) as { AppId: string; AppServiceSecret: string };
  return { appId, credential: `Basic ${Buffer.from(`${app.AppId}:${app.AppServiceSecret}`).toString('base64')}` };
}

/** Picks an option of an antd select (the first whose text starts with `option`). */
export async function choose(select: Locator, option: string): Promise<void> {
  const item = select.page().locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: new RegExp(`^${option}`) }).first();
  // A dropdown opened while its drawer is still sliding in can close again under load: open it once more then.
  for (let attempt = 1; ; attempt++) {
    await select.click({ force: true });
    try {
      await item.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
