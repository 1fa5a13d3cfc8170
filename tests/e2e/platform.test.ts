import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { remoteConfig } from '../../resources/config';

const RC = remoteConfig.base;

/**
 * A new developer's first day, on the real server: sign up with an e-mail code, create an organisation and an
 * app, enable passport and then multiverse and see the statuses spec 000 §4 prescribes, rotate the service
 * secret (the old one stops working at once), and an administrator finds the new app in the back office.
 */

const EMAIL = 'nova@example.com';
const ORG = 'Nebula Works';
const APP = 'Star Raiders';

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;
let appId = '';

const confirmModal = () => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary');

/**
 * Enables a service from its dashboard card: confirms the dialog that names it, and waits for the dialog to leave, so
 * the next confirmation cannot land on this one while it closes.
 */
async function enable(service: string): Promise<void> {
  const card = page.getByTestId(`service-${service}`);
  const name = ((await card.locator('strong').first().textContent()) ?? '').trim();
  expect(name, service).not.toBe('');
  await card.getByTestId(`enable-${service}`).click();
  const dialog = page.locator('.ant-modal-confirm', { has: page.locator('.ant-modal-confirm-title', { hasText: `开通「${name}」？` }) });
  await dialog.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
}
const status = (service: string) => page.getByTestId(`status-${service}`);

/** The verification code the server wrote to its log for this e-mail (no SMTP server is configured). */
async function codeFor(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const mails = server.output().split('[mail] to ').filter((m) => m.startsWith(email));
      code = mails.at(-1)?.match(/\b(\d{6})\b/)?.[1];
      return code;
    }, { timeout: 15_000 })
    .toBeDefined();
  return code!;
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  shot = screenshots(page, 'platform');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('platform shell', () => {
  it('signs a new developer up with an e-mail code, accepting the terms in the form, and does not ask again', async () => {
    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel('邮箱', { exact: true }).fill(EMAIL);
    await page.getByTestId('send-code').click();
    const code = await codeFor(EMAIL);
    await page.getByLabel('邮箱验证码').fill(code);
    await page.getByLabel('昵称').fill('Nova');
    await page.getByLabel('密码', { exact: true }).fill('correct horse battery');
    await page.getByLabel('确认密码').fill('correct horse battery');
    await page.getByTestId('sign-up-submit').click();
    // The terms must be accepted in the form itself.
    await visible(page.getByText('请先阅读并同意服务条款'));
    await page.getByTestId('sign-up-terms').check();
    await shot('sign-up');
    await page.getByTestId('sign-up-submit').click();
    await page.waitForURL(/\/apps$/);
    const me = await page.evaluate(async () => (await (await fetch('/auth/auth-check')).json()).user);
    expect(me).toMatchObject({ policyAccepted: true });
    // A brand-new account is not told the terms changed (looked at once the page has made all its calls).
    await visible(page.getByTestId('apps-no-org'));
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('policy-prompt').count()).toBe(0);
  });

  it('creates an organisation and an app in it', async () => {
    // Without an organisation, the apps page offers to create one, and that opens the creation form.
    await page.getByTestId('apps-no-org').getByRole('button').click();
    await page.waitForURL(/\/orgs\?create=1$/);
    await page.getByTestId('org-name').fill(ORG);
    await page.getByTestId('org-form-submit').click();
    // The new organisation opens on its members page, with its creator as the owner.
    await page.waitForURL(/\/orgs\/[^/]+\/members$/);
    await visible(page.getByRole('heading', { name: ORG }));
    await visible(page.locator('.ant-table-row', { hasText: EMAIL }).getByText('拥有者'));
    await shot('organisation');

    // A new app starts in the organisation the user is working in.
    await page.goto(`${server.url}/apps/create`);
    await visible(page.getByTestId('create-app-org').getByText(ORG));
    await page.getByTestId('create-app-name').fill(APP);
    await shot('create-app');
    await page.getByTestId('create-app-submit').click();
    await page.waitForURL(/\/services\/[^/]+\/dashboard$/);
    appId = new URL(page.url()).pathname.split('/')[2];
    await visible(page.getByRole('heading', { name: APP }));
  });

  it('enables passport and then multiverse, and shows the statuses of spec 000 §4', async () => {
    await expect.poll(() => status('passport').textContent(), { timeout: 15_000 }).toBe('未开通');
    await enable('passport');
    await expect.poll(() => status('passport').textContent(), { timeout: 15_000 }).toBe('已开通');

    await enable('multiverse');
    await expect.poll(() => status('multiverse').textContent(), { timeout: 15_000 }).toBe('已开通');
    // The app supports several services: multiverse and sync exclude each other, func / push / baking do not.
    await expect.poll(() => status('usync').textContent(), { timeout: 15_000 }).toBe('已占用');
    for (const free of ['func', 'push', 'baking']) expect(await status(free).textContent(), free).toBe('未开通');
    expect(await status('passport').textContent()).toBe('已开通');
    await page.getByTestId('service-usync').scrollIntoViewIfNeeded();
    await shot('dashboard');
  });

  it('rotates the service secret, and the old one is refused at once', async () => {
    await page.goto(`${server.url}/services/${appId}/settings`);
    await page.getByTestId('reveal-AppServiceSecret').click();
    const secret = page.getByTestId('secret-AppServiceSecret');
    const old = ((await secret.textContent()) ?? '').trim();
    expect(old).toMatch(/^[0-9a-f]{16,}$/);
    const call = (s: string) => fetch(`${server.url}${RC}/configs`, { headers: { authorization: basic(appId, s) } });
    // Before: the credential is accepted (remote config is not enabled, so the answer is 403, not 401).
    expect((await call(old)).status).toBe(403);

    await page.getByTestId('regenerate-AppServiceSecret').click();
    await confirmModal().click();
    await expect.poll(async () => ((await secret.textContent()) ?? '').trim(), { timeout: 15_000 }).not.toBe(old);
    const fresh = ((await secret.textContent()) ?? '').trim();
    await shot('secret-rotated');
    expect((await call(old)).status).toBe(401);
    expect((await call(fresh)).status).toBe(403);
  });

  it('lets an administrator sign in and find the new app', async () => {
    const admin = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const adminShot = screenshots(admin, 'platform-admin');
    await admin.goto(`${server.url}/admin`);
    await admin.waitForURL(/\/admin\/login/);
    await admin.getByLabel('邮箱').fill('admin@example.com');
    await admin.getByLabel('密码').fill('lodestar-admin');
    await admin.keyboard.press('Enter');
    await admin.waitForURL(new RegExp(`${server.url}/admin$`));
    const search = admin.getByTestId('admin-apps-search');
    await search.locator('input').first().fill(APP);
    await admin.keyboard.press('Enter');
    const found = admin.getByTestId(`admin-app-${appId}`);
    await visible(found);
    expect(await found.textContent()).toContain(ORG);
    await adminShot('admin-finds-app');
    await admin.close();
  });
});
