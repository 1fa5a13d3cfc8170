/**
 * A deep link into an app's console on the production build: signing in leaves the session marker scripts can
 * read, an address opened directly shows the page asking for nothing twice (the page carries its first answers and
 * names its code; the console uses what they brought), and signing out removes the marker again. The code
 * of a list page opened directly comes in a few files (scripts/chunk-layers.ts), not one per shared module, and
 * antd's component styles come from the sheets the build wrote (scripts/antd-static-style.ts), the later of which a
 * list page links once its rows are in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchBrowser, visible } from './browser';
import { entryKey, readManifest, staticClosure } from './bundle-manifest';
import { ROOT, startServer, type RunningServer } from './server';

const MARKER = 'userId';
// What a list page opened directly loads: the entry (with the route manifest), the console shell, the list page.
const DEEP_LINK_MODULES = ['src/Console.tsx', 'src/pages/layout/AppLayout.tsx', 'src/pages/account/PolicyPrompt.tsx', 'src/engine/ResourceListPage.tsx'];
// One file per module shared by two screens made it 121 files; layered, it is a dozen.
const DEEP_LINK_FILES = 16;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Adds 'row shown' to `events` when the list's first row comes into the page, in order with what else they note. */
async function noteFirstRow(page: Page, events: string[]): Promise<void> {
  await page.exposeFunction('rowShown', () => events.push('row shown'));
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('.ant-table-row')) return;
      seen.disconnect();
      (window as unknown as { rowShown: () => void }).rowShown();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
}

const marker = async () => (await context.cookies()).find((c) => c.name === MARKER);

it('signs in through the sign-in page and holds the session marker beside the HttpOnly session', async () => {
  const page = await context.newPage();
  await page.goto(`${server.url}/login-authorize`);
  await page.getByLabel('邮箱').fill('demo@example.com');
  await page.getByLabel('密码').fill('lodestar-demo');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/apps$/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'sst')?.httpOnly).toBe(true);
  expect(await marker()).toMatchObject({ httpOnly: false });
  expect(await page.evaluate(() => document.cookie)).toContain(`${MARKER}=`);
  await page.close();
});

it('opens an app\'s config list from its address, asking for each call and file once', async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  const page = await context.newPage();
  const asked: Request[] = [];
  page.on('request', (r) => asked.push(r));
  // The order in which the list's first row came into the page and the form's code was asked.
  const events: string[] = [];
  page.on('request', (r) => /\/assets\/SchemaForm-/.test(r.url()) && events.push('asked form'));
  await noteFirstRow(page, events);
  await page.goto(`${server.url}/services/${appId}/config`);
  await visible(page.locator('.ant-table-row', { hasText: 'welcome_message' }));
  const seen = asked.map((r) => `${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
  const twice = seen.filter((s, i) => seen.indexOf(s) !== i);
  expect(twice).toEqual([]);
  // The calls the console's first screen needs (the app's enabled services' details among them) came with the page (server/console-carried.ts): the browser made
  // none of them, and the list shows the rows they carried.
  expect(seen.filter((s) => /^GET \/(auth\/auth-check|auth\/base-info|api\/app\/[^/]+$|api\/app\/service\/|uconfig\/)/.test(s))).toEqual([]);
  expect(await page.locator('#carried-answers').count()).toBe(1);
  // The create form's code is read once the rows are in the page, not before (it held them back).
  await expect.poll(() => events.includes('asked form')).toBe(true);
  expect(events.indexOf('row shown')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('row shown')).toBeLessThan(events.indexOf('asked form'));
  await page.close();
});

it("draws a deep link's table with its rows the first time, and reads the page no more", async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  const page = await context.newPage();
  const reads: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/uconfig/') && reads.push(r.url()));
  // The table as each change to the page leaves it: with rows, or without (loading, or empty).
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { tableStates: string[] }).tableStates = []);
    new MutationObserver(() => {
      const table = document.querySelector('.ant-table');
      if (!table) return;
      const state = table.querySelector('.ant-table-row') ? 'rows' : 'no rows';
      if (seen[seen.length - 1] !== state) seen.push(state);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${server.url}/services/${appId}/config`);
  await visible(page.locator('.ant-table-row', { hasText: 'welcome_message' }));
  // Until the page has done its first work: its menu is in.
  await visible(page.getByRole('menuitem', { name: '配置管理' }));
  expect(await page.evaluate(() => (window as unknown as { tableStates: string[] }).tableStates)).toEqual(['rows']);
  expect(reads).toEqual([]);
  await page.close();
});

it('takes antd\'s component styles from the sheet the build wrote, computing none of the list page\'s in the browser', async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  const page = await context.newPage();
  await page.goto(`${server.url}/services/${appId}/config`);
  await visible(page.locator('.ant-table-row', { hasText: 'welcome_message' }));
  // The styles antd inserted while the page rendered: none for the components the page shows.
  const inserted = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').filter((css) => /\.ant-(table|btn|pagination|input|select|menu|tabs)\b/.test(css)),
  );
  expect(inserted.map((css) => css.slice(0, 120))).toEqual([]);
  // Styled all the same: the theme's primary colour on the create button, antd's header grey on the table.
  const colours = await page.evaluate(() => ({
    button: getComputedStyle(document.querySelector('.ant-btn-primary')!).backgroundColor,
    header: getComputedStyle(document.querySelector('.ant-table-thead th:not(.ant-table-column-sort)')!).backgroundColor,
  }));
  expect(colours).toEqual({ button: 'rgb(22, 104, 220)', header: 'rgb(250, 250, 250)' });
  await page.close();
});

it("names the console's code in the page sent for an app's address, for the browser to ask beside the entry, and only there", async () => {
  const page = async (path: string) => (await context.request.get(`${server.url}${path}`)).text();
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([A-Za-z]+)-/g)].map((m) => m[1]);
  expect(preloads(await page('/services/any-app/config'))).toEqual(expect.arrayContaining(['Console', 'AppLayout', 'ResourceListPage']));
  // With the declarations of the service the page shows (resources/config.ts), and no other service's.
  expect(preloads(await page('/services/any-app/config'))).toContain('config');
  expect(preloads(await page('/services/any-app/config'))).not.toContain('passport');
  expect(preloads(await page('/login-authorize'))).not.toContain('Console');
});

it('names the page\'s first script before anything else in its head, on a console page and a public one alike', async () => {
  for (const path of ['/services/any-app/config', '/login-authorize']) {
    const html = await (await context.request.get(`${server.url}${path}`)).text();
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    const first = /<(script|link)[^>]*>/.exec(head)?.[0] ?? '';
    expect(first, path).toMatch(/^<script type="module" async crossorigin src="\/assets\/early-[\w-]+\.js">$/);
    const file = await context.request.get(`${server.url}${/src="([^"]+)"/.exec(first)![1]}`);
    expect([file.status(), await file.text()]).toEqual([200, expect.stringContaining('Asia/Shanghai')]);
  }
});

it("links antd's later style sheet once a list's rows are in: the rows show styled by the first sheet alone", async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  const address = `${server.url}/services/${appId}/config`;
  // The page sent for the list names the later sheet in a meta element and links only the first; another page links both.
  const sent = await (await context.request.get(address)).text();
  const later = /<meta name="later-styles" content="([^"]+)">/.exec(sent)?.[1];
  expect(later).toMatch(/^\/assets\/antd-later-[\w-]+\.css$/);
  expect(sent).not.toContain(`href="${later}"`);
  expect(await (await context.request.get(`${server.url}/services/${appId}/dashboard`)).text()).toContain(`href="${later}"`);
  const first = /<link rel="stylesheet" href="(\/assets\/antd-[\w-]+\.css)">/.exec(sent)![1];
  const classes = async (href: string) => new Set((await (await context.request.get(`${server.url}${href}`)).text()).match(/\.ant-[\w-]+/g)!.map((c) => c.slice(1)));
  const [inFirst, inLater] = await Promise.all([classes(first), classes(later!)]);
  // The later sheet is the larger part (the forms, pickers, uploads, trees…), and styles classes the first does not.
  expect([...inLater].filter((c) => !inFirst.has(c)).length).toBeGreaterThan(500);
  const page = await context.newPage();
  // The antd classes in the page, and whether the later sheet was linked, when the first row came into it.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('.ant-table-row')) return;
      seen.disconnect();
      Object.assign(window, {
        atFirstRow: {
          classes: [...new Set([...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList]))].filter((c) => c.startsWith('ant-')),
          laterLinked: document.querySelector('link[href*="antd-later"]') !== null,
        },
      });
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.goto(address);
  await visible(page.locator('.ant-table-row', { hasText: 'welcome_message' }));
  const atFirstRow = (await page.evaluate(() => (window as unknown as { atFirstRow: { classes: string[]; laterLinked: boolean } }).atFirstRow))!;
  expect(atFirstRow.laterLinked).toBe(false);
  // Every class the rows' screen shows that antd styles in the later sheet is styled in the first one too.
  expect(atFirstRow.classes.filter((c) => inLater.has(c) && !inFirst.has(c))).toEqual([]);
  // (The create button may come a moment after the rows: it waits for what the member may do.)
  expect(atFirstRow.classes).toEqual(expect.arrayContaining(['ant-table-row', 'ant-layout-sider', 'ant-btn', 'ant-pagination']));
  // Then the later sheet is linked, right after the first, and its styles apply: a form's item in the create drawer.
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')))).toEqual(expect.arrayContaining([first, later]));
  expect(await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].findIndex((l) => l.getAttribute('href')?.includes('antd-later')))).toBe(1);
  await page.getByRole('button', { name: '新建配置项' }).click();
  await visible(page.locator('.ant-drawer .ant-form-item').first());
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.ant-drawer .ant-form-item')!).marginBottom)).not.toBe('0px');
  await page.close();
});

it("renders an app's menu after the page beside it: the side bar comes without it, then with the page's entry chosen", async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  const page = await context.newPage();
  // Whether the side bar held the menu when it first came into the page.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const sider = document.querySelector('.ant-layout-sider');
      if (!sider) return;
      seen.disconnect();
      (window as unknown as { menuWithSider?: boolean }).menuWithSider = sider.querySelector('.ant-menu') !== null;
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${server.url}/services/${appId}/config`);
  await visible(page.locator('.ant-table-row', { hasText: 'welcome_message' }));
  await visible(page.locator('.ant-menu-item-selected', { hasText: '配置管理' }));
  expect(await page.evaluate(() => (window as unknown as { menuWithSider?: boolean }).menuWithSider)).toBe(false);
  await page.close();
});

it("loads only the declarations of the service a page shows before its first row, and the others after it", async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  const { services } = JSON.parse(readFileSync(join(process.env.STATIC_DIR ?? join(ROOT, 'dist'), '.vite/console-preload.json'), 'utf8')) as { services: Record<string, string[]> };
  // Each service's own chunk (the first file the build names for it).
  const own = (name: string) => `/${services[name][0]}`;
  const page = await context.newPage();
  const events: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === own('remote-config')) events.push('asked remote-config');
    if (path === own('passport') || path === own('multiverse')) events.push('asked another');
  });
  await noteFirstRow(page, events);
  await page.goto(`${server.url}/services/${appId}/config`);
  await visible(page.locator('.ant-table-row', { hasText: 'welcome_message' }));
  // Then the other services come.
  await expect.poll(() => events.includes('asked another'), { timeout: 15_000 }).toBe(true);
  expect(events.indexOf('asked remote-config')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('asked remote-config')).toBeLessThan(events.indexOf('row shown'));
  expect(events.indexOf('asked another')).toBeGreaterThan(events.indexOf('row shown'));
  await page.close();
});

it("draws an app's menu without the other services' declarations: passport's entry shows while its code has not come", async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  const { services } = JSON.parse(readFileSync(join(process.env.STATIC_DIR ?? join(ROOT, 'dist'), '.vite/console-preload.json'), 'utf8')) as { services: Record<string, string[]> };
  const page = await context.newPage();
  // Passport's declarations are asked for and never answered.
  let held = 0;
  await page.route(`**/${services.passport[0]}`, () => void held++);
  await page.goto(`${server.url}/services/${appId}/config`);
  await visible(page.locator('.ant-table-row', { hasText: 'welcome_message' }));
  const passport = page.getByRole('menuitem', { name: 'Passport 玩家账号' });
  await visible(passport);
  // Asked for once the menu is in, and still held.
  await expect.poll(() => held, { timeout: 15_000 }).toBe(1);
  // Its sub-menu, open as a service's starts, holds its declared groups, named from the console's own code.
  await visible(page.getByRole('menuitem', { name: '社交与排行' }));
  await page.close();
});

it("shows a deep link's menu entry in the side bar, however far down the menu it is", async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  const page = await context.newPage();
  await page.goto(`${server.url}/services/${appId}/func/logs`);
  const chosen = page.locator('.ant-menu-item-selected', { hasText: '日志' });
  await visible(chosen);
  // Every service's sub-menu is open: the entry is below the side bar's fold until the side bar scrolls to it.
  const inSide = () =>
    chosen.evaluate((item) => {
      const side = item.closest('aside')!.getBoundingClientRect();
      const box = item.getBoundingClientRect();
      return box.top >= side.top && box.bottom <= side.bottom;
    });
  await expect.poll(inSide, { timeout: 10_000 }).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.close();
});

it('recognises the first content of pages without rows: a list, an app\'s dashboard and a view that waits for its filter', async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  // How the page's later work was started (src/first-content.ts): by its content shown, or by the fallback.
  for (const route of ['config', 'dashboard', 'func/logs']) {
    const page = await context.newPage();
    await page.goto(`${server.url}/services/${appId}/${route}`);
    const how = await page.waitForFunction(() => document.getElementById('root')?.dataset.firstContent).then((h) => h.jsonValue());
    expect(how, route).toBe('shown');
    await page.close();
  }
});

it("reloads for a redeployed console only: not on the first load after it, which is of the new version already", async () => {
  const apps = await (await context.request.get(`${server.url}/api/apps`)).json();
  const appId = apps.Items.find((a: { ProjectName: string }) => a.ProjectName === 'Demo Game').AppId as string;
  const page = await context.newPage();
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.goto(`${server.url}/services/${appId}/config`);
  await visible(page.locator('.ant-table-row').first());
  // This tab last saw an earlier build; the console was redeployed since, and the page is loaded again.
  await page.evaluate(() => sessionStorage.setItem('lodestar.webVersion', 'an earlier build'));
  const served = ((await (await context.request.get(`${server.url}/web-version.json`)).json()) as { version: string }).version;
  const checked = () => page.waitForResponse((r) => r.url().includes('/web-version.json'));
  const firstCheck = checked();
  await page.reload();
  await firstCheck;
  await visible(page.locator('.ant-table-row').first());
  expect(await page.evaluate(() => sessionStorage.getItem('lodestar.webVersion'))).toBe(served);
  // A mark on this load: a reload after the check would take it away (or leave the page mid-navigation).
  await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));
  // Moving on in the console checks again: the same version, no reload.
  const moveCheck = checked();
  await page.getByRole('menuitem', { name: '调试台' }).click();
  await page.waitForURL(/\/playground\/remote-config\//);
  await moveCheck;
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
  expect(loads).toHaveLength(2);
  // A redeploy while the page is open: the next move reloads it.
  await page.route('**/web-version.json*', (route) => route.fulfill({ json: { version: 'a later build' } }));
  await page.getByRole('menuitem', { name: '配置管理' }).click();
  await expect.poll(() => loads.length, { timeout: 15_000 }).toBe(3);
  await page.close();
});

it('removes the session marker on signing out', async () => {
  const page = await context.newPage();
  await page.goto(`${server.url}/apps`);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL(/\/logout-callback$/);
  expect(await marker()).toBeUndefined();
  expect(await page.evaluate(() => document.cookie)).not.toContain(`${MARKER}=`);
  await page.close();
});

it(`loads a list page's code, opened directly, in at most ${DEEP_LINK_FILES} files`, () => {
  const dist = process.env.STATIC_DIR ?? join(ROOT, 'dist');
  const manifest = readManifest(dist);
  const files = [...staticClosure(manifest, [entryKey(manifest), ...DEEP_LINK_MODULES])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  expect(files.length, files.join(', ')).toBeLessThanOrEqual(DEEP_LINK_FILES);
});
