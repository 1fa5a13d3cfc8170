import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openDemoGame, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { SAFE_ROUTES } from '../../resources/safe/resources';
import { RISK_CODES } from '../../resources/safe/risk-labels';
import { buildPackage, signingIdentity } from '../../server/packages/build/index';

/**
 * A developer checks a build with Safe, on the real server with its demo data: uploads an APK on the packages page,
 * follows its protection on the package's page until it succeeds, and finds it on the detect board with its signer's
 * fingerprint and its risks named.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;
let dir = '';

const FILE = 'e2e-sky-2.4.0-debug.apk';
const signer = signingIdentity('E2E Studio release');
// The fingerprint as a certificate reader computes it, not as the server reports it.
const fingerprint = new X509Certificate(signer.certificateDer).fingerprint;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'safe-e2e-'));
  const apk = buildPackage(
    { package: 'com.example.e2esky', versionName: '2.4.0', versionCode: 240, minSdk: 24, targetSdk: 34, permissions: ['android.permission.INTERNET'], debuggable: true, allowBackup: false, components: [] },
    { kind: 'apk', signer, files: { 'classes.dex': Buffer.from('dex\n035\0 e2e build') } },
  );
  writeFileSync(join(dir, FILE), apk);
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  shot = screenshots(page, 'safe');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Safe on the console', () => {
  it('uploads an APK, follows its protection to success, and finds it on the detect board', async () => {
    const { appId } = await openDemoGame(page, server.url);
    await page.goto(`${server.url}/services/${appId}/${SAFE_ROUTES.packages}`);
    await visible(page.locator('.ant-table-row').first());
    await shot('packages');

    await page.getByRole('button', { name: '上传安装包' }).click();
    await page.locator('.ant-modal input[type=file]').setInputFiles(join(dir, FILE));
    await page.waitForURL(/\/safe\/packages\/[^/]+$/, { timeout: 15_000 });
    await visible(page.getByText('签名未登记').first());
    // The page reads the package again while its protection processes, until it succeeds.
    await visible(page.getByText('成功', { exact: true }).first(), 20_000);
    await visible(page.getByText(fingerprint).first());
    // Its protection status and log lines are read under the app's Safe record, as the page's own.
    await visible(page.locator('.ant-card', { hasText: '加固日志' }).locator('.ant-table-row').first());
    expect(await page.getByText('加载失败').count()).toBe(0);
    await shot('package');

    await page.goto(`${server.url}/services/${appId}/${SAFE_ROUTES.detect}`);
    const row = page.locator('.ant-table-row', { hasText: FILE });
    await visible(row);
    const text = await row.innerText();
    expect(text).toContain(fingerprint);
    expect(text).toContain(RISK_CODES.debuggable['zh-CN']);
    expect(text).toContain(RISK_CODES['signer-unregistered']['zh-CN']);
    await shot('detect');

    // The SHA-1 list has its own page: deleting entries asks first.
    await page.goto(`${server.url}/services/${appId}/${SAFE_ROUTES.sha1}`);
    await page.locator('.ant-table-row').first().locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: /批量删除/ }).click();
    await visible(page.locator('.ant-modal-confirm').getByText(/确定删除选中的 1 项/));
    await shot('sha1-delete-asks');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /取\s*消/ }).click();
  }, 60_000);
});
