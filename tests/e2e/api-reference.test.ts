import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { DEMO_USER } from '../../server/demo';

/**
 * A developer finds the API reference from the console, searches it, and runs the app's quick-start command: the
 * reference is Lodestar's, warns of nothing, loads nothing from elsewhere; the command shown works as pasted.
 */

const run = promisify(execFile);
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shot: (label: string) => Promise<void>;
/** Requests the pages made to any other site. */
const elsewhere: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('lodestar.locale', 'en'));
  context.on('request', (req) => {
    if (!req.url().startsWith(server.url) && !/^(data|blob):/.test(req.url())) elsewhere.push(req.url());
  });
  page = await context.newPage();
  shot = screenshots(page, 'api-reference');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the API reference', () => {
  let reference: Page;
  let referenceShot: (label: string) => Promise<void>;

  it('opens from the console header, branded, folded by service, without a warning', async () => {
    const signIn = await page.request.post(`${server.url}/auth/auth-login`, { data: { email: DEMO_USER.email, password: DEMO_USER.password } });
    expect(signIn.status()).toBe(200);
    await page.goto(`${server.url}/apps`);
    const [opened] = await Promise.all([context.waitForEvent('page'), (await visible(page.getByTestId('api-reference-link'))).click()]);
    reference = opened;
    referenceShot = screenshots(reference, 'api-reference-page');
    // Swagger UI reads the whole document (400-odd operations) before it shows anything: slow on a busy machine.
    await visible(reference.locator('.opblock-tag-section'), 90_000);
    expect(await reference.title()).toBe('Lodestar API reference');
    await visible(reference.locator('.topbar img[src^="data:image/svg+xml"]'));
    await visible(reference.locator('#operations-tag-passport'));
    await visible(reference.locator('#operations-tag-remote-config'));
    // Folded: groups only, no operation until one is opened or searched for.
    expect(await reference.locator('.opblock').count()).toBe(0);
    expect(await reference.locator('.errors-wrapper').count()).toBe(0);
    await referenceShot('folded');
  });

  it('finds operations by words of their summary and opens the groups that hold them', async () => {
    await reference.locator('.operation-filter-input').fill('ban persona');
    await visible(reference.locator('.opblock'));
    const found = (await reference.locator('.opblock-summary').allInnerTexts()).map((s) => s.replace(/\s+/g, ' '));
    expect(found.length).toBeGreaterThan(0);
    for (const op of found) expect(op.toLowerCase()).toMatch(/ban[\s\S]*persona|persona[\s\S]*ban/);
    expect(await reference.locator('.opblock-tag-section').count()).toBe(1);
    await referenceShot('search');
    expect(elsewhere).toEqual([]);
  });
});

describe("the app settings' quick start", () => {
  it('shows a curl command, secret masked until shown, that lists records when pasted into a shell', async () => {
    const appId = await page.evaluate(async () => ((await (await fetch('/api/apps')).json()) as { Items: { AppId: string }[] }).Items[0].AppId);
    await page.goto(`${server.url}/services/${appId}/settings`);
    const curl = await visible(page.getByTestId('quick-start-curl'));
    const app = (await (await page.request.get(`${server.url}/api/app/${appId}`)).json()) as { AppServiceSecret: string };
    expect(await curl.innerText()).not.toContain(app.AppServiceSecret);
    await shot('settings');

    await page.getByTestId('quick-start-reveal').click();
    const command = (await curl.innerText()).trim();
    expect(command).toContain(`${appId}:${app.AppServiceSecret}`);
    const { stdout } = await run('sh', ['-c', command], { timeout: 20_000 });
    const answer = JSON.parse(stdout) as Record<string, unknown>;
    expect(typeof answer.total, stdout).toBe('number');
    expect(Object.values(answer).filter(Array.isArray)).toHaveLength(1);

    const href = await page.getByTestId('quick-start-reference').getAttribute('href');
    expect(href).toMatch(/^\/api-docs\/#\/[a-z-]+$/);
    expect(elsewhere).toEqual([]);
  });
});
