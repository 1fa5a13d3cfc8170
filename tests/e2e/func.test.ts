import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { zipSync } from 'fflate';
import { launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { FUNC_ROUTES } from '../../resources/func/resources';

/**
 * A developer runs a stateful function from the console, on the real server with its demo data: the demo function
 * `battle-room` is given the example players server's code through its page's upload (a start command naming no
 * file of the archive refused first), a server is started from its page and appears running in its servers list
 * by itself, a player is sent to it, and its autoscaler is closed.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;

/** Generous: the machine running the tests may be busy, and a server's process has to start. */
const SLOW = 60_000;

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
  it('uploads the code, starts a server and sees it running, sends a player to it and closes the autoscaler', async () => {
    const { appId } = await openDemoGame(page, server.url);
    const code = zipSync({ 'players.mjs': new Uint8Array(readFileSync(new URL('../../examples/func-players/server.mjs', import.meta.url))) });

    await page.goto(`${server.url}/services/${appId}/${FUNC_ROUTES.profiles}`);
    await page.locator('.ant-table-row', { hasText: 'battle-room' }).getByText('battle-room').first().click();
    await page.waitForURL(/\/func\/profiles\/[^/]+$/);
    const autoscaler = page.locator('[data-testid="detail-autoscaler"]');
    await visible(autoscaler.getByText('运行中'));

    // The code, through the page's upload: the archive picked, the start command asked beside it.
    await page.getByRole('button', { name: '上传代码' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '上传代码' });
    await visible(dialog.getByText('.tar.gz'));
    await shot('upload-code-empty');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'players.zip', mimeType: 'application/zip', buffer: Buffer.from(code) });
    await visible(dialog.getByText('players.zip'));
    await dialog.getByLabel('启动命令').fill('node missing.mjs');
    await dialog.getByTestId('file-dialog-ok').click();
    // Refused in the console's language, on the field it names; the dialog kept open with the file picked.
    const startField = dialog.locator('.ant-form-item').filter({ has: page.getByLabel('启动命令') }).last();
    await visible(startField.locator('.ant-form-item-explain-error', { hasText: '启动命令中的文件不在压缩包中' }), SLOW);
    await visible(dialog.getByTestId('upload-refused').getByText('请修正标出的字段'));
    await visible(dialog.getByText('players.zip'));
    await shot('upload-code-refused');
    await dialog.getByLabel('启动命令').fill('node players.mjs');
    // Changed, the field no longer shows the refusal that described it.
    await startField.locator('.ant-form-item-explain-error', { hasText: '启动命令中的文件不在压缩包中' }).waitFor({ state: 'detached' });
    await shot('upload-code-dialog');
    await dialog.getByTestId('file-dialog-ok').click();
    await dialog.waitFor({ state: 'hidden', timeout: SLOW });
    await visible(page.getByText('node players.mjs'), SLOW);
    // Its port as written (it names something), not grouped as a quantity.
    await visible(page.locator('.ant-descriptions-row', { hasText: '端口（TCP）' }).getByText('8899', { exact: true }));
    await shot('function');

    // The function's autoscaler page, from the button its page declares: the function's own settings there.
    const functionUrl = page.url();
    const functionId = functionUrl.split('/').pop()!;
    await page.getByRole('link', { name: '自动扩缩容页' }).click();
    await page.waitForURL(new RegExp(`/func/${functionId}/autoscaler$`));
    await visible(page.locator('.ant-card', { hasText: '最多服务器数' }).getByText('运行中'));
    await page.goBack();
    await page.waitForURL(functionUrl);

    // A server started from the page appears in its servers list by itself, then runs.
    await page.getByRole('button', { name: '启动服务器' }).click();
    await page.getByTestId('fields-dialog-ok').click();
    const servers = page.locator('[data-testid="children-servers"]');
    await visible(servers.locator('.ant-table-row').first(), SLOW);
    await visible(servers.locator('.ant-table-row', { hasText: '运行中' }), SLOW);
    await shot('server-running');

    await page.getByRole('button', { name: '为玩家选择服务器' }).click();
    await visible(page.getByText('LEAST').first(), SLOW);
    await shot('endpoint');
    await page.keyboard.press('Escape');

    // Closing the autoscaler asks first, in the danger style; its panel then says it is closed.
    await page.getByRole('button', { name: '关闭自动扩缩容' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await visible(confirm.getByText('它启动的服务器继续运行'));
    await shot('close-autoscaler-confirm');
    await confirm.getByRole('button', { name: '关闭自动扩缩容' }).click();
    await visible(autoscaler.getByText('已关闭'), SLOW);
    await shot('autoscaler-closed');
    expect(await page.getByText('加载失败').count()).toBe(0);
  }, 240_000);
});
