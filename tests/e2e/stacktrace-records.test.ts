import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STACKTRACE_ROUTES } from '../../resources/stacktrace/resources';
import { buildGameLibrary, tombstone, type GameLibrary } from '../api/stacktrace-fixtures';
import { launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * A developer uploads a `cc -g` library on the symbol files page, pastes a tombstone of a crash in it on the crash
 * records page, and reads the crash's frames with their function names, source file and line (issue 18's
 * end-to-end). The library is compiled here; its functions sit on lines 2 to 4 of its source.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;
let dir: string;
let lib: GameLibrary;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stacktrace-e2e-'));
  lib = buildGameLibrary(7);
  writeFileSync(join(dir, 'libgame.so'), lib.bytes);
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'Asia/Shanghai' });
  shot = screenshots(page, 'stacktrace-records');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('crash records on the console', () => {
  it('a symbol file and a crash log uploaded there show the frames with function, file and line', async () => {
    const { appId } = await openDemoGame(page, server.url);
    await page.evaluate(() => localStorage.setItem('lodestar.locale', 'en'));
    await page.goto(`${server.url}/services/${appId}/${STACKTRACE_ROUTES.symbols}`);
    await page.getByRole('button', { name: 'Upload a symbol file' }).click();
    await page.locator('.ant-modal input[type=file]').setInputFiles(join(dir, 'libgame.so'));
    await page.waitForURL(/\/stacktrace\/management\/[^/]+$/, { timeout: 15_000 });
    await visible(page.getByText(lib.buildId).first());
    await visible(page.locator('.ant-descriptions-row', { hasText: 'Line information' }).getByText('Yes', { exact: true }));
    await shot('symbol-file');

    await page.goto(`${server.url}/services/${appId}/${STACKTRACE_ROUTES.records}`);
    await page.getByRole('button', { name: 'Parse a log' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByLabel('Crash log').fill(tombstone(lib));
    await shot('parse-dialog');
    await dialog.getByRole('button', { name: /Parse a log|OK|Submit/ }).last().click();
    await page.waitForURL(/\/stacktrace\/record\/(?!parseLogs)[^/]+$/, { timeout: 15_000 });
    await visible(page.getByText('SIGSEGV in crash_here').first());

    // Each frame's row: its function, the source file the library was compiled from, and the line.
    const frames = page.locator('.ant-table-row');
    for (const [fn, line] of [['crash_here', '2'], ['level_update', '3'], ['game_tick', '4']] as const) {
      const row = frames.filter({ has: page.getByText(fn, { exact: true }) });
      await visible(row.getByText(/\/game\.c$/));
      await visible(row.locator('td').getByText(line, { exact: true }));
      expect(await row.count()).toBe(1);
      // The frames take the page's width: a function name is read on one line, not broken inside the word.
      const name = (await row.getByText(fn, { exact: true }).boundingBox())!;
      const oneLine = (await row.locator('td').first().locator('span').boundingBox())!;
      expect(name.height, `${fn} wraps`).toBeLessThan(oneLine.height * 1.5);
    }
    // libc has no symbol file: its frame stays an address.
    await visible(frames.filter({ hasText: 'libc.so' }).getByText('No', { exact: true }));
    await shot('record');
  }, 90_000);
});
