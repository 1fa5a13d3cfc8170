import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gone, launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { assetStreaming } from '../../resources/asset-streaming';
import { CDN_ROUTES } from '../../resources/cdn/resources';
import { contentUrl } from '../../resources/cdn/delivery';
import { DEMO_BUCKET_ID } from '../../resources/cdn/demo-ids';
import { fillCommandPath } from '../../resources/command-call';

/**
 * A developer ships content with asset streaming, on the real server with its demo data: creates a bucket in the
 * console, uploads a folder into it (its node_modules skipped), releases it, ships a second version by moving a
 * badge, sees clients fetching by badge get the new content, and rolls back by moving the badge back.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;
let appId = '';
let credential = '';
let bucketId = '';
let folder = '';
/** The releases made in the test's bucket, newest first. */
const bucketReleases: { releaseNum: number; notes: string }[] = [];

const BUCKET = 'e2e-levels';
const drawer = () => page.locator('.ant-drawer-content-wrapper:visible');
const row = (text: string) => page.locator('.ant-table-row', { hasText: text });

/** Writes the game's build folder: its files, and a node_modules the upload must leave out. */
function writeFolder(catalog: string) {
  for (const [path, text] of Object.entries({ 'catalog.json': catalog, 'bundles/level1.bundle': 'level one bytes', 'node_modules/tool/index.js': 'not content' })) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
}

/** A declared asset streaming call as the game's server makes it: the address from the declaration, the app credential. */
async function call<T>(name: string, params: Record<string, unknown>, body?: unknown): Promise<T> {
  const decl = assetStreaming.calls![name];
  const res = await fetch(`${server.url}${assetStreaming.base}${fillCommandPath(decl.path, params).path}`, {
    method: decl.method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Authorization: credential },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return (await res.json()) as T;
}

/** A client fetching by badge, with a plain HTTP client. */
async function fetchByBadge(badge: string, path: string): Promise<string> {
  const res = await fetch(`${server.url}${contentUrl(assetStreaming.base, bucketId, { badge }, path)}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** Makes a release with the releases list's button on the bucket's page; answers it (the release latest points at). */
async function releaseInConsole(notes: string): Promise<{ id: string; releaseNum: number; notes: string }> {
  await page.getByRole('tab', { name: '版本', exact: true }).first().click();
  // The bucket's page lists its releases under the bucket's own address (the last list; see the report).
  await page.getByRole('button', { name: '发布版本' }).last().click();
  await visible(page.getByText('用存储桶当前的文件发布一个新版本？latest 标签会指向它。'));
  await page.getByLabel('说明').fill(notes);
  await shot(`release-${notes}`);
  await page.getByTestId('fields-dialog-ok').click();
  await visible(row(notes));
  const release = await call<{ id: string; releaseNum: number; notes: string }>('releases.byBadge', { id: bucketId, badge: 'latest' });
  bucketReleases.unshift(release);
  return release;
}

/**
 * Points a badge at a release with the badges list's button, as a person moving it would: the release chosen by
 * keyboard from the bucket's releases, listed by number and notes (newest first).
 */
async function setBadgeInConsole(name: string, release: { id: string; releaseNum: number; notes: string }) {
  await page.getByRole('tab', { name: '标签', exact: true }).first().click();
  await page.getByRole('button', { name: '设置标签' }).last().click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByLabel('标签名').fill(name);
  await dialog.getByRole('combobox', { name: '版本' }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await visible(options.filter({ hasText: `#${release.releaseNum} · ${release.notes}` }));
  // Only this bucket's releases are offered (read again until the opening dropdown has settled).
  await expect.poll(() => options.allInnerTexts()).toEqual(bucketReleases.map((r) => `#${r.releaseNum} · ${r.notes}`));
  await shot(`badge-release-picker-${release.releaseNum}`);
  await dialog.getByRole('combobox', { name: '版本' }).fill(release.notes);
  // Searched on the server as one types: Enter takes the one release left.
  await expect.poll(() => options.allInnerTexts()).toEqual([`#${release.releaseNum} · ${release.notes}`]);
  await page.keyboard.press('Enter');
  await page.getByTestId('fields-dialog-ok').click();
  await visible(row(name).filter({ hasText: release.id }));
}

/** Uploads the folder on the bucket's page and waits until every file is done. */
async function uploadFolder(label: string, expected: { done: number; count: number }) {
  await page.getByTestId('cdn-upload').locator('input[type=file]').setInputFiles(join(folder));
  await visible(page.getByTestId('cdn-upload-summary').getByText(`已完成 ${expected.done}/${expected.count} 个文件`), 30_000);
  await shot(label);
}

beforeAll(async () => {
  folder = join(mkdtempSync(join(tmpdir(), 'cdn-e2e-')), 'game');
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  shot = screenshots(page, 'cdn');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) rmSync(dirname(folder), { recursive: true, force: true });
});

describe('asset streaming console and delivery', () => {
  it('signs in and creates a bucket', async () => {
    ({ appId, credential } = await openDemoGame(page, server.url));

    await page.goto(`${server.url}/services/${appId}/${CDN_ROUTES.buckets}`);
    await page.getByRole('button', { name: '新建存储桶' }).first().click();
    await visible(drawer().getByLabel('名称'));
    await drawer().getByLabel('名称').fill(BUCKET);
    await drawer().getByRole('button', { name: '新建', exact: true }).click();
    await visible(row(BUCKET));
    await row(BUCKET).getByText(BUCKET).click();
    await page.waitForURL(/\/asset\/bucket\/[^/]+$/);
    bucketId = decodeURIComponent(/\/asset\/bucket\/([^/?]+)$/.exec(page.url())![1]);
    await visible(page.getByTestId('cdn-upload'));
    await shot('bucket-page');
  });

  it('uploads a folder with progress, leaving node_modules out', async () => {
    writeFolder('{"version":1}');
    await uploadFolder('uploaded', { done: 2, count: 2 });
    await visible(page.getByTestId('cdn-upload-summary').getByText('跳过 1 个'));
    expect(await page.getByTestId('cdn-upload-total').getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByTestId('cdn-upload-file').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')))).toEqual(['done', 'done']);
    await visible(page.getByTestId('cdn-upload').getByText('bundles/level1.bundle'));
    expect(await page.getByTestId('cdn-upload').getByText('node_modules/tool/index.js').count()).toBe(0);
  });

  it('releases, ships a new version by moving a badge, and rolls back', async () => {
    const first = await releaseInConsole('first');
    expect(await fetchByBadge('latest', 'catalog.json')).toBe('{"version":1}');
    await setBadgeInConsole('live', first);
    await shot('badge-set');

    // The second version changes one file: the same folder uploaded again sends only that one.
    writeFolder('{"version":2}');
    await page.reload();
    await uploadFolder('uploaded-again', { done: 2, count: 2 });
    expect(await page.getByTestId('cdn-upload-file').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')))).toEqual(['unchanged', 'done']);
    const second = await releaseInConsole('second');
    expect(second.id).not.toBe(first.id);
    expect(await fetchByBadge('live', 'catalog.json')).toBe('{"version":1}');

    await setBadgeInConsole('live', second);
    expect(await fetchByBadge('live', 'catalog.json')).toBe('{"version":2}');
    await setBadgeInConsole('live', first);
    expect(await fetchByBadge('live', 'catalog.json')).toBe('{"version":1}');
    expect(await fetchByBadge('live', 'bundles/level1.bundle')).toBe('level one bytes');
    await shot('rolled-back');

    // The five fetches above: four of catalog.json (13 bytes each) and one of the 15-byte bundle.
    await page.reload();
    const figures = page.getByTestId('cdn-statistics').locator('.ant-statistic-content-value');
    await visible(figures.filter({ hasText: /^5$/ }));
    await visible(figures.filter({ hasText: /^67 B$/ }));
    await shot('statistics');
  });

  it("shows the tutorial with the user's bucket and a fetch example that works", async () => {
    await page.goto(`${server.url}/services/${appId}/${CDN_ROUTES.tutorial}`);
    await visible(page.getByTestId('cdn-tutorial'));
    // The newest bucket of the app may not be this one: choose it.
    await page.getByTestId('cdn-tutorial-bucket').click();
    await page.locator('.ant-select-item-option', { hasText: bucketId }).click();
    await visible(page.getByTestId('cdn-tutorial-bucket-id').getByText(bucketId));
    const curl = await page.getByTestId('cdn-tutorial-curl').locator('pre').innerText();
    const url = /"([^"]+)"/.exec(curl)![1];
    expect(url).toContain(bucketId);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    await shot('tutorial');
  });

  it("browses the demo bucket's entries by directory, with breadcrumbs back up", async () => {
    await page.goto(`${server.url}/services/${appId}/asset/bucket/${DEMO_BUCKET_ID}`);
    const entries = page.getByTestId('children-entries');
    await page.getByRole('tab', { name: '文件', exact: true }).first().click();
    const crumbs = entries.getByTestId('directory-breadcrumb');
    await visible(crumbs.getByText('根目录'));
    const folders = () => entries.getByTestId('directory-row');
    const folderTexts = async () => (await folders().allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    await visible(folders().filter({ hasText: 'bundles/' }));
    expect(await folderTexts()).toEqual(['bundles/ 含 3 项', 'config/ 含 1 项', 'textures/ 含 1 项']);
    await visible(entries.locator('.ant-table-row', { hasText: 'catalog.json' }));
    await shot('directories-root');

    // Into bundles, then levels, by keyboard and by mouse.
    await folders().filter({ hasText: 'bundles/' }).focus();
    await page.keyboard.press('Enter');
    await visible(folders().filter({ hasText: 'levels/' }));
    expect(await folderTexts()).toEqual(['levels/ 含 2 项', 'ui/ 含 1 项']);
    await folders().filter({ hasText: 'levels/' }).click();
    // Entries by their names within the directory.
    await visible(entries.locator('.ant-table-row', { hasText: 'desert.bundle' }));
    expect(await entries.locator('.ant-table-row td:first-child').allInnerTexts()).toEqual(['desert.bundle', 'forest.bundle']);
    await visible(crumbs.getByText('levels'));
    await shot('directories-levels');

    // Back up one step by keyboard, then to the root.
    await crumbs.getByRole('button', { name: 'bundles', exact: true }).focus();
    await page.keyboard.press('Enter');
    await visible(folders().filter({ hasText: 'ui/' }));
    await crumbs.getByRole('button', { name: '根目录' }).click();
    await visible(entries.locator('.ant-table-row', { hasText: 'RELEASE-NOTES.txt' }));
    // A search lists every directory's entries.
    await entries.locator('.ant-input-search input').first().fill('hud');
    await page.keyboard.press('Enter');
    await visible(entries.locator('.ant-table-row', { hasText: 'bundles/ui/hud.bundle' }));
    await gone(crumbs);
  });

  it("shows what the proxy cache keeps of the demo bucket, and clears it after asking", async () => {
    const fetched = await fetch(`${server.url}${contentUrl(assetStreaming.base, DEMO_BUCKET_ID, { badge: 'latest' }, 'config/settings.json')}`);
    expect(fetched.status).toBe(200);
    await page.goto(`${server.url}/services/${appId}/asset/bucket/${DEMO_BUCKET_ID}`);
    const cache = page.getByTestId('view-proxyCache');
    await visible(cache.locator('.ant-table-row', { hasText: 'config/settings.json' }));
    await cache.scrollIntoViewIfNeeded();
    await shot('proxy-cache');
    await cache.getByRole('button', { name: '清空缓存' }).click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await visible(confirm.getByText('从每台服务器的代理缓存中清除此存储桶的内容？之后的下载会先从存储中读取。'));
    await shot('proxy-cache-confirm');
    await confirm.getByRole('button', { name: '清空缓存' }).click();
    await visible(cache.getByText('代理缓存中还没有此存储桶的内容：内容被下载后会保留在这里'));
    expect(await cache.locator('.ant-table-row').count()).toBe(0);
    await shot('proxy-cache-cleared');
  });
});
