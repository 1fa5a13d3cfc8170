import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { stacktrace } from '../../resources/stacktrace';
import { symbols } from '../../resources/stacktrace/resources';
import { gone, launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * An administrator looks at every app's symbol files on the back office's `symbols` page (spec 000 §2): the files
 * and the storage per app and in all, the engine's table with the app and organisation, and deletes one.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;

// A Breakpad file as dump_syms writes it.
const SYM = ['MODULE Linux arm64 0123456789ABCDEF0123456789ABCDEF0 libgame-e2e.so', 'FILE 0 src/game.c', 'FUNC 1000 40 0 game_tick', '1000 20 12 0', ''].join('\n');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'Asia/Shanghai' })).newPage();
  shot = screenshots(page, 'stacktrace-symbols');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the back office's symbol files", () => {
  it('lists every app’s files with the storage they use, and an administrator deletes one', async () => {
    const { credential } = await openDemoGame(page, server.url);
    const uploaded = await fetch(`${server.url}${stacktrace.base}/stacktrace/symbols?fileName=libgame-e2e.so.sym&version=3.1.0`, {
      method: 'POST',
      headers: { authorization: credential, 'content-type': 'application/octet-stream' },
      body: SYM,
    });
    expect(uploaded.status).toBe(201);

    const signIn = await page.request.post(`${server.url}/auth/admin-login`, { data: { email: 'admin@example.com', password: 'lodestar-admin' } });
    expect(signIn.ok()).toBe(true);
    await page.goto(`${server.url}/admin/login`);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    await page.goto(`${server.url}/admin/${symbols.acrossApps!.route}`);
    await visible(page.getByRole('menuitem', { name: 'Symbol files' }));
    const totals = page.getByTestId('across-apps-totals-symbols');
    await visible(totals.getByText('Storage in use'));
    await visible(totals.locator('.ant-table-row', { hasText: 'Demo Game' }));
    const table = page.getByTestId('across-apps-symbols');
    const row = table.locator('.ant-table-row', { hasText: 'libgame-e2e.so.sym' });
    await visible(row);
    await visible(row.getByText('Demo Game'));
    await visible(row.getByText(String(Buffer.byteLength(SYM))));
    await shot('symbols');

    // One app's files: chosen in the totals, back to every app's.
    await totals.locator('.ant-table-row', { hasText: 'Demo Game' }).getByRole('button', { name: 'Only this app' }).click();
    await visible(table.getByText('The symbol files of Demo Game'));
    await visible(row);
    await shot('symbols-one-app');
    await table.getByRole('button', { name: 'All apps' }).click();
    await visible(table.getByText('All symbol files'));

    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await visible(confirm.getByText('libgame-e2e.so.sym'));
    await shot('symbols-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(row);
    const left = await fetch(`${server.url}${stacktrace.base}/stacktrace/symbols?q=libgame-e2e`, { headers: { authorization: credential } });
    expect((await left.json()).total).toBe(0);
  });
});
