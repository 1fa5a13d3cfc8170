import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gone, launchBrowser, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * The knowledge assistant's panel, on the built console and the real server: opened from the header of a console
 * page with no app, a question typed on two lines (Shift+Enter) and sent with Enter, answered with numbered links to
 * the documentation pages it cites, kept across a reload, and cleared after a confirmation.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const signIn = await context.request.post(`${server.url}/auth/auth-login`, { data: { email: 'demo@example.com', password: 'lodestar-demo' } });
  expect(signIn.ok()).toBe(true);
  page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('lodestar.locale', 'en'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the knowledge assistant panel', () => {
  it('answers a question with linked sources, keeps the conversation, and clears it after confirming', async () => {
    const shot = screenshots(page, 'assistant');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/apps`);
    await (await visible(page.getByTestId('assistant-open'))).click();
    const box = await visible(page.getByTestId('assistant-question'));

    await box.fill('How do I create an app?');
    await box.press('Shift+Enter');
    await box.pressSequentially('In which organisation?');
    expect(await box.inputValue()).toBe('How do I create an app?\nIn which organisation?');
    await box.press('Enter');
    const entry = await visible(page.getByTestId('assistant-entry').first(), 30_000);
    expect(await box.inputValue()).toBe('');
    await shot('answered');
    expect(await entry.innerText()).toContain('How do I create an app?');
    const links = await entry.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((href) => href.startsWith('/doc/') || href.startsWith('/policy/'))).toBe(true);

    await page.reload();
    await (await visible(page.getByTestId('assistant-open'))).click();
    await visible(page.getByTestId('assistant-entry').first(), 30_000);

    await page.getByTestId('assistant-clear').click();
    await (await visible(page.locator('.ant-popconfirm .ant-btn-primary'))).click();
    await gone(page.getByTestId('assistant-entry').first());
    await shot('cleared');
    expect(errors).toEqual([]);
  });
});
