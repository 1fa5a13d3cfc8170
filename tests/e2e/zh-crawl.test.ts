import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { findResource, findService, services } from '../../resources';
import type { AuthCheckAnswer } from '../../resources/account-api';
import type { AppRecord } from '../../resources/platform';
import type { DeclaredResource } from '../../providers/declarations';
import { routePattern } from '../../src/engine/routes';
import { launchBrowser, visible } from './browser';
import { backOfficePages, consolePages, listPages, type CrawlPage, type Params } from './crawl-targets';
import { englishIn } from './english-text';
import { startServer, type RunningServer } from './server';
import { newSyncApp } from './sync-app';
import { usync } from '../../resources/usync';

/**
 * English inside the Chinese console: in zh-CN, every screen the demo user and the demo administrators can reach —
 * the pages of the route tables, every declared list with its create drawer open and a record's page per resource
 * with demo records (each of its tabs), the playgrounds, both back offices — is read, and any visible text that
 * reads as English (english-text.ts) outside code, inputs and user data (`data-user-text`) fails the test with its
 * page. The screens are opened as the console's links open them (no reload), one after the other.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let app: AppRecord;
const params: Params = {};

/** Everything a person reads on the page now, without code, inputs' values and user data: each text with where it is. */
function readVisibleText(): [string, string][] {
  // Besides code and user data: what is marked as written in another language (a language's own name).
  const SKIP = 'code, pre, kbd, samp, textarea, input, select, script, style, noscript, svg, [data-user-text], [contenteditable="true"], [lang]:not([lang^="zh"])';
  const seen = new Map<string, string>();
  const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true });
  // The element's place, for the failure message: its tag and class, and the nearest test id or engine block.
  const where = (el: Element) => {
    const named = el.closest('[data-testid], .ant-drawer, .ant-modal, .ant-table, .ant-form-item, .ant-descriptions, .ant-card');
    const label = (e: Element) => `${e.tagName.toLowerCase()}${typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/)[0]}` : ''}`;
    return named && named !== el ? `${label(el)} in ${named.getAttribute('data-testid') ?? label(named)}` : label(el);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    const el = node.parentElement;
    if (text && el && !el.closest(SKIP) && shown(el) && !seen.has(text)) seen.set(text, where(el));
  }
  // What an empty field says it wants.
  for (const el of document.querySelectorAll('[placeholder]')) {
    const value = el.getAttribute('placeholder')?.trim();
    if (value && !el.closest('[data-user-text]') && shown(el) && !seen.has(value)) seen.set(value, `placeholder of ${where(el)}`);
  }
  return [...seen];
}

/** Texts read as English (with where on the screen), each with the screens it was seen on. */
type Findings = Map<string, Set<string>>;

/** Whether the screen has loaded: no page or list spinner, no skeleton shown. */
function settled(): boolean {
  return ![...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some((el) => el.checkVisibility());
}

/**
 * Proper names besides english-text.ts's own: the product names in the services' Chinese catalogue names (Sync in
 * "Sync 房间同步"), and the demo account's own names (its user's, organisation's and app's: user data the console
 * puts into its sentences).
 */
const names: string[] = [];

/** Requests under way: a page's code being loaded, its data being fetched. */
const pending = new Set<unknown>();

/** Waits until no request has been under way for a moment (at most a few seconds: a slow call is not waited out). */
async function quiet() {
  const deadline = Date.now() + 8000;
  let calm = 0;
  while (Date.now() < deadline && calm < 3) {
    await page.waitForTimeout(50);
    calm = pending.size === 0 ? calm + 1 : 0;
  }
}

/**
 * Waits for the screen to settle — the page's code and data loaded (the old page stays shown while the new one's
 * code loads), spinners gone — then adds its English to `found`.
 */
async function read(name: string, found: Findings): Promise<void> {
  const settle = async () => {
    await quiet();
    await page.waitForFunction(settled, undefined, { timeout: 8000, polling: 100 }).catch(() => undefined);
    await quiet();
  };
  const english = async () => (await page.evaluate(readVisibleText)).filter(([text]) => englishIn(text, names) !== undefined);
  await settle();
  let flagged = await english();
  // A list keeps the rows it showed until the new ones arrive: what is flagged must still be there a moment later.
  if (flagged.length > 0) {
    await page.waitForTimeout(300);
    await settle();
    flagged = await english();
  }
  // A screen that failed to load says little: its failure is a finding too (the crawl would pass on it unread).
  const failed = page.locator('.ant-result-error:visible, .ant-result-404:visible, .ant-result-403:visible, .ant-notification-notice-error:visible');
  if ((await failed.count()) > 0) found.set(`failed to load: ${(await failed.first().innerText()).replace(/\s+/g, ' ')}`, new Set([name]));
  for (const [text, where] of flagged) {
    const key = `${JSON.stringify(text)} (${where})`;
    found.set(key, (found.get(key) ?? new Set()).add(name));
  }
}

const report = (found: Findings) => [...found].map(([text, pages]) => `${text} on ${[...pages].slice(0, 3).join(', ')}`);

/** Opens a console address as a link in the console would (no reload: the console is loaded once). */
async function open(path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function visit(target: CrawlPage, found: Findings) {
  const started = Date.now();
  await open(target.path);
  await read(target.name, found);
  // A page that sends elsewhere (to a sign-in page, say) was not read.
  const shown = new URL(page.url()).pathname;
  if (decodeURI(shown) !== decodeURI(target.path.split('?')[0])) found.set(`went to ${shown} instead`, new Set([target.name]));
  if (process.env.CRAWL_TIMES) console.log(`${Date.now() - started} ms ${target.name}`);
}

/** The show route of a resource as a pattern over hrefs, the app filled in. */
const showPattern = (r: DeclaredResource, appId: string) =>
  new RegExp(`^${routePattern(r.decl.routes!.show!).replace(':appId', appId).replace(/:\w+\??/g, '[^/?#]+')}$`);

/** The active tab's content on a list page of several resources, else the page. */
const shownList = async () => ((await page.locator('.ant-tabs-tabpane-active').count()) > 0 ? page.locator('.ant-tabs-tabpane-active').first() : page.locator('body'));

/** Whether the list shown has loaded: its rows, or its empty state. */
async function listLoaded(): Promise<boolean> {
  return (await shownList())
    .locator('.ant-table-row, .ant-table-placeholder .ant-empty')
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
}

/** Opens the first record of the list shown, as its title link does: 'none' when the list has no record. */
async function openFirstRecord(r: DeclaredResource, appId: string): Promise<'opened' | 'none' | 'failed'> {
  const link = (await shownList()).locator('.ant-table-row td a').first();
  if ((await link.count()) === 0) return 'none';
  await link.click();
  const pattern = showPattern(r, appId);
  return page
    .waitForURL((url) => pattern.test(decodeURI(url.pathname)), { timeout: 5000 })
    .then(() => 'opened' as const)
    .catch(() => 'failed' as const);
}

/** Reads the page, then each of its other tabs opened in turn (a record's views and panels). */
async function readTabs(name: string, found: Findings) {
  await read(name, found);
  const tabs = page.locator('.ant-tabs-tab:not(.ant-tabs-tab-active):visible');
  const labels = await tabs.allInnerTexts();
  if (process.env.CRAWL_TIMES) console.log(`${name}: tabs ${labels.join(' | ') || 'none'}`);
  for (const label of labels) {
    await page.locator('.ant-tabs-tab:visible', { hasText: label }).first().click();
    await read(`${name} tab ${label}`, found);
  }
}

async function signIn(path: string, email: string, password: string, landing: RegExp) {
  await page.goto(`${server.url}${path}`);
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(landing);
}

async function api<T>(path: string): Promise<T> {
  const res = await page.request.get(`${server.url}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** A service's first record, read with the app's credential as the game's server would (the passport convention). */
/** The first record of a REST list (a stateful function, whose autoscaler has a page of its own). */
async function firstRestRecord(serviceName: string, resourceName: string): Promise<Record<string, string> | undefined> {
  const url = `${server.url}${findService(serviceName)!.base}${findResource(serviceName, resourceName)!.path}?pageSize=1`;
  const res = await fetch(url, { headers: { Authorization: `Basic ${Buffer.from(`${app.AppId}:${app.AppServiceSecret}`).toString('base64')}` } });
  return ((await res.json()) as { items?: Record<string, string>[] }).items?.[0];
}

async function firstRecord(serviceName: string, resourceName: string): Promise<Record<string, string> | undefined> {
  const service = findService(serviceName)!;
  const decl = findResource(serviceName, resourceName)!;
  const res = await fetch(`${server.url}${service.base}${decl.path}/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${app.AppId}:${app.AppServiceSecret}`).toString('base64')}` },
    body: JSON.stringify({ count: 1, start: 0 }),
  });
  expect(res.status, `${serviceName} ${resourceName}`).toBe(200);
  return ((await res.json()) as Record<string, Record<string, string>[]>)[decl.listKey ?? decl.name]?.[0];
}

/**
 * A deposit of the organisation (a bank transfer the back office records), for the pages of one transaction. The
 * administrator signs in for it, beside the demo user: the app's administrator-only pages show from then on too.
 */
async function depositOf(orgId: string): Promise<string> {
  const signIn = await page.request.post(`${server.url}/auth/admin-login`, { data: { email: 'admin@example.com', password: 'lodestar-admin' } });
  expect(signIn.status()).toBe(200);
  const res = await page.request.post(`${server.url}/api/transactions`, { data: { OrgId: orgId, Type: 'Deposit', Amount: '100.00', Note: '银行转账到账' } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { Id: string }).Id;
}

/**
 * Reads every declared list of the app's enabled services, its create drawer open, and the first record of each
 * resource (each of its tabs) into `found`; answers the resources whose lists had no record to open.
 */
async function readLists(of: AppRecord, found: Findings): Promise<string[]> {
  const withoutRecords: string[] = [];
  for (const list of listPages(of)) {
    for (const r of list.resources) {
      const name = `${list.name} (${r.decl.name})`;
      await visit({ name, path: `${list.path}?tab=${encodeURIComponent(r.decl.name)}` }, found);
      // A list that never shows its rows (nor that it has none) would pass unread.
      if (!r.decl.singleton && !(await listLoaded())) found.set('the list did not load', new Set([name]));
      const create = (await shownList()).locator('button.ant-btn-primary:has(.anticon-plus):visible').first();
      if (r.decl.operations.includes('create') && (await create.count()) > 0) {
        await create.click();
        await visible(page.locator('.ant-drawer-content-wrapper:visible, .ant-modal-wrap:visible'));
        await read(`${name} create`, found);
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer-content-wrapper:visible').first().waitFor({ state: 'hidden' }).catch(() => undefined);
      }
      if (!r.decl.routes?.show) continue;
      const opened = await openFirstRecord(r, of.AppId);
      if (opened === 'opened') await readTabs(`record ${r.key}`, found);
      else if (opened === 'none') withoutRecords.push(r.key);
      else found.set("a record's page did not open", new Set([name]));
    }
  }
  return withoutRecords;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  await signIn('/login-authorize', 'demo@example.com', 'lodestar-demo', /\/apps$/);
  await page.getByText('Demo Game').click();
  await page.waitForURL(/\/services\/[^/]+\/dashboard$/);
  const appId = /\/services\/([^/]+)\//.exec(page.url())![1];
  app = await api<AppRecord>(`/api/app/${appId}`);
  const { user } = await api<AuthCheckAnswer>('/auth/auth-check');
  const productNames = services.flatMap((s) => s.catalogue.displayName['zh-CN'].match(/[A-Za-z][\w-]*/g) ?? []);
  names.push(...productNames, app.ProjectName, app.OrganizationName, user?.name ?? '');
  const projects = await api<{ Items: { Id?: string; id?: string }[] }>(`/api/organizations/${app.OrganizationId}/projects`);
  Object.assign(params, {
    appId,
    orgId: app.OrganizationId,
    projectId: projects.Items[0]?.Id ?? projects.Items[0]?.id,
    transactionId: await depositOf(app.OrganizationId),
    personaId: (await firstRecord('passport', 'personas'))?.id,
    slugName: (await firstRecord('passport', 'battlePasses'))?.slugName,
    funcId: (await firstRestRecord('func', 'functions'))?.id,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the zh-CN console says everything in Chinese', () => {
  it('flags a planted English label, and not code or user data', async () => {
    await page.goto(`${server.url}/apps`);
    await visible(page.getByText('Demo Game'));
    await page.evaluate(() => {
      const planted = document.createElement('div');
      planted.id = 'planted';
      planted.innerHTML =
        '<button>Save changes</button><input placeholder="Search records"><code>Some code here</code>' +
        '<h3 data-user-text>Spring event A/B</h3><span>欢迎 welcome_message</span><span lang="en">Plain English</span>';
      document.body.prepend(planted);
    });
    const found: Findings = new Map();
    await read('planted', found);
    await page.evaluate(() => document.getElementById('planted')?.remove());
    const flagged = report(found).join('\n');
    for (const loud of ['Save changes', 'Search records']) expect(flagged).toContain(loud);
    for (const quiet of ['Some code here', 'Spring event A/B', 'welcome_message', 'Plain English']) expect(flagged).not.toContain(quiet);
  });

  it("the signed-in user's and the app's pages", async () => {
    const found: Findings = new Map();
    const skipped: string[] = [];
    for (const target of consolePages(app, params, skipped)) await visit(target, found);
    expect(report(found)).toEqual([]);
    expect(skipped).toEqual([]);
  });

  it('every declared list with its create drawer, and a record of each resource', { timeout: 240_000 }, async () => {
    const found: Findings = new Map();
    const withoutRecords = await readLists(app, found);
    console.log(`lists without demo records: ${withoutRecords.join(', ') || 'none'}`);
    expect(report(found)).toEqual([]);
  });

  it("a Sync app's screens (the demo app runs Multiverse, which excludes Sync)", { timeout: 180_000 }, async () => {
    const sync = await newSyncApp(page.request, server.url, '同步测试');
    await sync.call('POST', `${usync.base}/service/rooms`, { profileId: sync.profileId, name: 'harbour' });
    const syncApp = await api<AppRecord>(`/api/app/${sync.appId}`);
    names.push(syncApp.ProjectName);
    const found: Findings = new Map();
    const skipped: string[] = [];
    // Its own service's pages only: the user's and app's pages were read on the demo app.
    const ownPages = consolePages(syncApp, { ...params, appId: sync.appId }, skipped).filter((p) => p.name.startsWith('view ') || p.name.startsWith('dashboard ') || p.name.startsWith('page '));
    for (const target of ownPages) await visit(target, found);
    const withoutRecords = await readLists(syncApp, found);
    expect(listPages(syncApp).some((l) => l.resources.some((r) => r.service.name === 'usync'))).toBe(true);
    expect(withoutRecords).not.toContain('usync.rooms');
    expect(report(found)).toEqual([]);
    expect(skipped).toEqual([]);
  });

  it("the administrator's back office", async () => {
    const { admin } = await api<AuthCheckAnswer>('/auth/auth-check');
    names.push(admin?.name ?? '');
    const found: Findings = new Map();
    const skipped: string[] = [];
    for (const target of backOfficePages('admin', params, skipped)) {
      await visit(target, found);
      // A page of several tabs (Sync management's rooms, profiles, perf sessions and usage) is read in each.
      if ((await page.locator('.ant-tabs-tab:visible').count()) > 0) await readTabs(target.name, found);
    }
    expect(report(found)).toEqual([]);
    expect(skipped).toEqual([]);
  });

  it("the finance administrator's back office", async () => {
    const signIn = await page.request.post(`${server.url}/auth/bc-admin-login`, { data: { email: 'finance@example.com', password: 'lodestar-finance' } });
    expect(signIn.status()).toBe(200);
    const { financeAdmin } = await api<AuthCheckAnswer>('/auth/auth-check');
    names.push(financeAdmin?.name ?? '');
    // The console reads who is signed in as it loads: loaded again, it knows the finance session.
    await page.goto(`${server.url}/bc-admin`);
    const found: Findings = new Map();
    const skipped: string[] = [];
    for (const target of backOfficePages('finance', params, skipped)) await visit(target, found);
    expect(report(found)).toEqual([]);
    expect(skipped).toEqual([]);
  });
});
