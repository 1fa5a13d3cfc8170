import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshots, visible } from './browser';
import { startServer, type RunningServer } from './server';
import { remoteConfig } from '../../resources/config';

/**
 * Layout with long values, measured in the browser at 1366 pixels wide (the narrowest screen the console is laid out
 * for) in both languages: an App ID on one line, date-times whole and said to be Beijing time, a table's actions
 * never lying over its last columns, a 50-character organisation name kept to one line of the header bar, the back
 * office's active-apps line drawn in its full colour, and the passport playground claiming no sign-in before one.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let appId = '';
let orgId = '';

/** The widest name an organisation may have: 50 characters with no place to break. */
const WIDE_NAME = 'W'.repeat(50);
const LOCALES = ['zh-CN', 'en'] as const;

async function ok<T>(response: { ok(): boolean; status(): number; url(): string; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function open(path: string, locale: (typeof LOCALES)[number], ready: string) {
  await page.evaluate((l) => localStorage.setItem('lodestar.locale', l), locale);
  await page.goto(`${server.url}${path}`);
  await visible(page.locator(ready));
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  page = await context.newPage();
  const api = context.request;
  await ok(await api.post(`${server.url}/auth/auth-login`, { data: { email: 'demo@example.com', password: 'lodestar-demo' } }));
  await ok(await api.post(`${server.url}/auth/admin-login`, { data: { email: 'admin@example.com', password: 'lodestar-admin' } }));
  orgId = (await ok<{ Id: string }>(await api.post(`${server.url}/api/organizations`, { data: { Name: WIDE_NAME } }))).Id;
  const apps = await ok<{ Items: { AppId: string; ProjectName: string }[] }>(await api.get(`${server.url}/api/apps`));
  appId = apps.Items.find((a) => a.ProjectName === 'Demo Game')!.AppId;
  const { AppServiceSecret } = await ok<{ AppServiceSecret: string }>(await api.get(`${server.url}/api/app/${appId}`));
  const basic = `Basic ${Buffer.from(`${appId}:${AppServiceSecret}`).toString('base64')}`;
  // An override with both times set: the last two columns of its list before the actions.
  await ok(
    await api.post(`${server.url}${remoteConfig.base}/overrides`, {
      headers: { authorization: basic },
      data: {
        name: 'Lunar New Year limited-time login rewards for returning players in mainland China',
        rule: 'user.country == "CN" && semver(app.version) >= semver("2.14.0") && user.level >= 30',
        startTime: '2026-01-28T16:00:00.000Z',
        endTime: '2026-02-12T15:59:59.000Z',
      },
    }),
  );
  await page.goto(`${server.url}/apps`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('layout at 1366 pixels with long values', () => {
  it("keeps an app card's App ID on one line", async () => {
    for (const locale of LOCALES) {
      await open('/apps', locale, '[data-testid^=app-] code');
      const ids = await page.locator('[data-testid^=app-] code').evaluateAll((els) =>
        els.map((el) => ({ height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight), cut: el.scrollWidth > el.clientWidth })),
      );
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        expect(id.height, `${locale}: the App ID takes more than one line`).toBeLessThan(id.line * 1.5);
        expect(id.cut, `${locale}: the App ID is cut`).toBe(false);
      }
    }
  });

  /** The headings of a generated list's table, left to right, and its sideways scroller. */
  const headings = () =>
    page.locator('.ant-table-thead > tr > th:not(.ant-table-selection-column):not(.ant-table-cell-scrollbar)').evaluateAll((ths) =>
      ths.map((th) => {
        const r = th.getBoundingClientRect();
        return { text: th.textContent ?? '', left: r.left, right: r.right };
      }),
    );
  const scrollTo = (where: 'start' | 'end') =>
    page.evaluate((end) => {
      const scroller = document.querySelector('.ant-table-content, .ant-table-body')!;
      scroller.scrollLeft = end ? scroller.scrollWidth : 0;
    }, where === 'end');

  const lists = [
    { name: 'overrides', path: () => `/services/${appId}/config?tab=overrides`, lastColumn: { 'zh-CN': '结束时间', en: 'End time' } },
    { name: 'users', path: () => `/services/${appId}/passport/account/user?tab=users`, lastColumn: { 'zh-CN': '最近登录', en: 'Last sign-in' } },
  ];

  it('never lays the actions column over the last columns, scrolled to either end', async () => {
    const shot = screenshots(page, 'layout');
    for (const list of lists) {
      for (const locale of LOCALES) {
        await open(list.path(), locale, '.ant-table-row');
        for (const end of ['start', 'end'] as const) {
          await scrollTo(end);
          const ths = await headings();
          const actions = ths.at(-1)!;
          const last = ths.at(-2)!;
          expect(last.text).toContain(list.lastColumn[locale]);
          // A heading's box and the actions' box share no pixel (the actions may lie beyond the scroller's edge).
          expect(Math.min(last.right, actions.right) - Math.max(last.left, actions.left), `${list.name} ${locale} ${end}: the actions lie over "${last.text}"`).toBeLessThanOrEqual(0.5);
        }
        if (locale === 'zh-CN') await shot(`${list.name}-end`);
      }
    }
  });

  it('shows every date-time whole when scrolled into view, and says once which zone it is in', async () => {
    // The override made above has both of its times set.
    for (const list of lists.filter((l) => l.name === 'overrides')) {
      for (const locale of LOCALES) {
        await open(list.path(), locale, '.ant-table-row');
        await scrollTo('start');
        const cells = page.locator('.ant-table-tbody td', { hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ });
        await cells.first().waitFor({ state: 'attached' });
        const count = await cells.count();
        for (let i = 0; i < count; i += 1) {
          const cell = cells.nth(i);
          const seen = await cell.evaluate((td) => {
            td.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            const r = td.getBoundingClientRect();
            const y = r.top + r.height / 2;
            const inside = (x: number) => td.contains(document.elementFromPoint(x, y));
            return { text: td.textContent, cut: td.scrollWidth > td.clientWidth, covered: !inside(r.left + 4) || !inside(r.right - 4) };
          });
          expect(seen.cut, `${list.name} ${locale}: ${seen.text} is cut`).toBe(false);
          expect(seen.covered, `${list.name} ${locale}: ${seen.text} lies under another column`).toBe(false);
        }
        // The zone is said in the heading of each time column, not after every time.
        const notes = await page.locator('.ant-table-thead [data-testid=time-zone-note]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
        expect(notes.length).toBeGreaterThan(0);
        for (const note of notes) expect(note).toContain('UTC+8');
      }
    }
  });

  it("keeps a 50-character organisation name and its app's name on one line of the console's header bar", async () => {
    // The organisation's app in the console's header bar: one line, within the bar.
    const created = await ok<{ AppId: string }>(
      await context.request.post(`${server.url}/api/app`, { data: { ProjectName: 'Chronicles of the Endless Northern Frontier Online', OrganizationId: orgId } }),
    );
    await open(`/services/${created.AppId}/dashboard`, 'zh-CN', '[data-testid=current-app]');
    const current = await page.getByTestId('current-app').evaluate((el) => ({ height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) || 22 }));
    expect(current.height, 'the app and organisation names take more than one line of the header').toBeLessThan(current.line * 1.5);
  });

  it("draws the back office's active-apps line in its full colour all along", async () => {
    await open('/admin/stats', 'en', '[data-testid=stats-active] canvas');
    await page.waitForTimeout(800);
    // The pixel columns of the chart that hold a pixel of the series' colour at full strength, from the first to the
    // last: a line too thin is drawn faded between its points (anti-aliased), and only the points count.
    const line = await page.locator('[data-testid=stats-active] canvas').evaluate((canvas: HTMLCanvasElement) => {
      const { width, height } = canvas;
      const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
      const strong = (i: number) => data[i + 3] > 200 && Math.abs(data[i] - 0x16) < 48 && Math.abs(data[i + 1] - 0x77) < 48 && data[i + 2] > 200;
      const columns: number[] = [];
      for (let x = 0; x < width; x += 1) {
        for (let y = 0; y < height; y += 1) {
          if (strong((y * width + x) * 4)) {
            columns.push(x);
            break;
          }
        }
      }
      return { drawn: columns.length, span: columns.length ? columns[columns.length - 1] - columns[0] + 1 : 0 };
    });
    expect(line.span, 'no line drawn').toBeGreaterThan(100);
    expect(line.drawn / line.span, 'the line fades between its points').toBeGreaterThan(0.9);
  });

  it('claims no sign-in on the passport playground before one', async () => {
    for (const locale of LOCALES) {
      await open(`/playground/passport/${appId}`, locale, '[data-testid=playground-result]');
      const title = await page.locator('[data-testid=playground-result] .ant-card-head-title').textContent();
      expect(title).not.toBe(locale === 'zh-CN' ? '登录成功' : 'Signed in');
    }
    // Signing in names the card so.
    await page.getByTestId('playground-realm').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.getByTestId('playground-sign-in').click();
    await visible(page.getByTestId('playground-token'));
    expect(await page.locator('[data-testid=playground-result] .ant-card-head-title').textContent()).toBe('Signed in');
  });
});
