import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { services } from '../../resources';
import { catalogueOf } from '../../server/site/catalogue';
import type { CatalogueService } from '../../resources/site-api';
import { productAddresses } from '../../src/pages/site/products';
import { zhCN } from '../../src/locales/zh-CN';
import inventory from '../inventory/routes.json';
import { launchBrowser } from './browser';
import { sitePages, type CrawlPage } from './crawl-targets';
import { ROOT, startServer, type RunningServer } from './server';

/**
 * The public site in both languages, signed out: every public, product, documentation and policy page
 * (crawl-targets.ts `sitePages`) is opened as the site's links open them, and fails the test with its address when
 * the browser logs an error, a text shows as its key (a text missing from the loaded sections), the page is the
 * not-found page or sends elsewhere, or axe finds a serious or critical WCAG 2.1 A/AA violation. Every internal link
 * found on them is then opened too and must not be the not-found page.
 */

let server: RunningServer;
let browser: Browser;

const LANGUAGES = ['zh-CN', 'en'] as const;
const BLOCKING = new Set(['serious', 'critical']);
/** Tabs crawling at once: most of a page's time is waiting for its calls and for quiet, which other tabs fill. */
const TABS = 3;
const targets: CrawlPage[] = sitePages(inventory, productAddresses(catalogueOf(services, new Set()).services));

/** The names texts are looked up under (the base texts' groups and every section): a shown `name.key…` is a raw key. */
const TEXT_GROUPS = [
  ...Object.keys(zhCN),
  ...readdirSync(join(ROOT, 'src/locales/sections')).flatMap((file) =>
    [...readFileSync(join(ROOT, 'src/locales/sections', file), 'utf8').matchAll(/^export const (\w+)\s*=/gm)].map((m) => m[1]),
  ),
];

/** Requests under way, per page. */
const pending = new WeakMap<Page, Set<unknown>>();

async function quiet(page: Page) {
  const open = pending.get(page)!;
  const deadline = Date.now() + 8000;
  let calm = 0;
  while (Date.now() < deadline && calm < 3) {
    await page.waitForTimeout(50);
    calm = open.size === 0 ? calm + 1 : 0;
  }
}

/** Waits for the page's code and data, and for spinners and skeletons to go. */
async function settle(page: Page) {
  await quiet(page);
  await page
    .waitForFunction(() => ![...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some((el) => el.checkVisibility()), undefined, { timeout: 8000, polling: 100 })
    .catch(() => undefined);
  await quiet(page);
}

/** Opens a site address as a link of the site would (no reload). */
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
}

/** A page in a language, signed out, with what the browser logs as errors collected in `errors`. */
async function sitePage(lang: string, errors: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang, timezoneId: 'Asia/Shanghai' });
  await context.addInitScript((l) => localStorage.setItem('lodestar.locale', l), lang);
  const page = await context.newPage();
  const open = new Set<unknown>();
  pending.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  page.on('pageerror', (e) => errors.push(`${new URL(page.url()).pathname}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Signed out, the sign-in check answers 401: the browser logs it, and it is what the site expects.
    if (/\/auth\/auth-check$/.test(m.location().url) && /401/.test(m.text())) return;
    errors.push(`${new URL(page.url()).pathname}: ${m.text().slice(0, 300)}`);
  });
  return { context, page };
}

/** Visible texts that are a text's key rather than the text. */
function rawKeys(groups: string[]): string[] {
  const pattern = new RegExp(`^(${groups.join('|')})\\.[\\w.-]+$`);
  const found = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').trim();
    // Code (an API field's path such as `usage.buckets`) is not a text of the site's.
    if (pattern.test(text) && node.parentElement?.checkVisibility() && !node.parentElement.closest('code, pre')) found.add(text);
  }
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
    for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
      const value = el.getAttribute(attr)?.trim();
      if (value && pattern.test(value)) found.add(`${attr}=${value}`);
    }
  }
  return [...found];
}

/** The addresses of the site's own links on the page (no anchor, no query). */
const linksOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .map((a) => new URL((a as HTMLAnchorElement).href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  );

/** Past this many elements axe runs for many minutes (the generated API reference of passport has some 60,000). */
const AXE_ELEMENT_LIMIT = 15_000;

/**
 * axe's serious and critical findings on the page. A page past the limit is not given to axe (even a part of it takes
 * minutes, as axe reads the whole tree first): it is named in the output instead, for it to be made lighter.
 */
async function violations(page: Page): Promise<string[]> {
  const elements = await page.evaluate(() => document.querySelectorAll('*').length);
  if (elements > AXE_ELEMENT_LIMIT) {
    console.log(`axe not run on ${new URL(page.url()).pathname}: ${elements} elements`);
    return [];
  }
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await axe.analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/**
 * The page's build without its words: every element's tag and classes in document order, the docs menu left out (it
 * differs only in which entry is selected). Pages built alike (the pages of the services not built, which say so) are
 * given to axe once per language: its findings depend on the structure and the styles, which such pages share.
 * A document's text (`.doc-markdown`: written pages and the generated API, SDK and error pages alike) comes from one
 * renderer: what counts there is the kinds of element it holds (tag and classes, hence styles), not how they are
 * arranged or how often they repeat (axe takes a minute and more on a large reference).
 */
async function shapeOf(page: Page): Promise<Shape> {
  const { order, kinds, elements } = await page.evaluate(() => {
    const found = new Set<string>();
    const frame: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('[data-testid="doc-menu"]')) continue;
      const kind = `${el.tagName}.${el.getAttribute('class') ?? ''}`;
      if (el.parentElement?.closest('.doc-markdown')) found.add(kind);
      else frame.push(kind);
    }
    return { order: frame.join('|'), kinds: [...found], elements: document.querySelectorAll('*').length };
  });
  return { frame: createHash('sha1').update(order).digest('hex'), kinds, elements };
}

interface Shape {
  frame: string;
  kinds: string[];
  elements: number;
}

/**
 * The pages axe is to check: the fewest and smallest that show it every frame and every kind of reference element the
 * crawl met (the pages taken smallest first, each kept when it shows something the ones kept before did not).
 */
function pagesForAxe(shapes: Map<string, Shape>): string[] {
  const frames = new Set<string>();
  const kinds = new Set<string>();
  const chosen: string[] = [];
  for (const [path, shape] of [...shapes].sort((a, b) => a[1].elements - b[1].elements)) {
    if (frames.has(shape.frame) && shape.kinds.every((k) => kinds.has(k))) continue;
    frames.add(shape.frame);
    for (const k of shape.kinds) kinds.add(k);
    chosen.push(path);
  }
  return chosen;
}

/** Each tab takes the next item as soon as it is done with its own. */
async function shareOut<T>(tabs: { page: Page }[], items: T[], work: (page: Page, item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    tabs.map(async ({ page }) => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(page, item);
    }),
  );
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the public site, signed out', () => {
  it('covers the spec’s public pages, the documentation and the products', () => {
    const paths = targets.map((t) => t.path);
    for (const path of ['/', '/product/cdn', '/product/wind/publish', '/partner/pal-world', '/showcase', '/doc/bill/pricing', '/doc/bill/hk-pricing', '/policy/libraries-agora', '/doc/passport/tutorial', '/langyage']) {
      expect(paths).toContain(path);
    }
  });

  it('shows the declared prices, says no service is unavailable, and lets a signed-in user stay on the home page', async () => {
    const errors: string[] = [];
    const { context, page } = await sitePage('en', errors);
    try {
      // Spec 001 §9: CDN usage 0.15 per GB; passport (spec 002 §9) 0.06 per DAU-day.
      await page.goto(`${server.url}/doc/bill/pricing`);
      await expect.poll(() => page.getByTestId('price-asset-streaming-traffic').innerText()).toBe('¥0.15');
      expect(await page.getByTestId('price-passport-dau').innerText()).toBe('¥0.06');
      // Every service is served, as the server's catalogue says: no product page says otherwise, the last one built
      // (stateful functions) included.
      const catalogue = (await (await page.request.get(`${server.url}/base/catalogue`)).json()) as { services: CatalogueService[] };
      expect(catalogue.services.filter((s) => !s.available).map((s) => s.name)).toEqual([]);
      for (const product of ['/product/func', '/product/passport']) {
        await open(page, product);
        expect(await page.getByTestId('product-unavailable').count()).toBe(0);
      }
      // The screenshots shown are pictures the server has.
      const shots = page.getByTestId('product-shot');
      expect(await shots.count()).toBeGreaterThan(0);
      for (const shot of await shots.all()) expect(await shot.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
      // Signed in, `/` stays the home page, offering the console.
      expect((await page.request.post(`${server.url}/auth/auth-login`, { data: { email: 'demo@example.com', password: 'lodestar-demo' } })).status()).toBe(200);
      await page.goto(`${server.url}/`);
      await page.getByTestId('home-console').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByTestId('site-console').click();
      await page.waitForURL(/\/apps$/);
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it.each(LANGUAGES)('%s: every page loads without an error, a raw text key, the not-found page or a serious violation, and its links answer', { timeout: 900_000 }, async (lang) => {
    const errors: string[] = [];
    const problems: string[] = [];
    const links = new Map<string, string>();
    const shapes = new Map<string, Shape>();
    const visited = new Set(targets.map((t) => t.path));
    const tabs = await Promise.all(Array.from({ length: TABS }, () => sitePage(lang, errors)));
    try {
      await Promise.all(tabs.map(({ page }) => page.goto(`${server.url}/`)));
      await shareOut(tabs, targets, async (page, target) => {
        const started = Date.now();
        await open(page, target.path);
        const shown = new URL(page.url()).pathname;
        if (shown !== target.path) problems.push(`${target.path}: went to ${shown}`);
        if ((await page.locator('.ant-result-404:visible').count()) > 0) problems.push(`${target.path}: the not-found page`);
        for (const key of await page.evaluate(rawKeys, TEXT_GROUPS)) problems.push(`${target.path}: shows the key ${key}`);
        shapes.set(target.path, await shapeOf(page));
        for (const link of await linksOf(page)) if (!links.has(link)) links.set(link, target.path);
        if (process.env.CRAWL_TIMES) console.log(`${lang} ${Date.now() - started} ms ${target.path}`);
      });
      await shareOut(tabs, pagesForAxe(shapes), async (page, path) => {
        await open(page, path);
        if (process.env.CRAWL_TIMES) console.log(`${lang} axe ${path}`);
        for (const v of await violations(page)) problems.push(`${path}: ${v}`);
      });
      const unvisited = [...links].filter(([link]) => !visited.has(link));
      await shareOut(tabs, unvisited, async (page, [link, from]) => {
        // A file the server serves (the API reference, a picture) is asked for as it is.
        if (/^\/(api-docs|openapi\.json)|\.[a-z0-9]+$/i.test(link)) {
          const res = await page.request.get(`${server.url}${link}`);
          if (res.status() >= 400) problems.push(`${link} (linked from ${from}): ${res.status()}`);
          return;
        }
        await open(page, link);
        if ((await page.locator('.ant-result-404:visible').count()) > 0) problems.push(`${link} (linked from ${from}): the not-found page`);
      });
    } finally {
      await Promise.all(tabs.map(({ context }) => context.close()));
    }
    expect([...problems, ...errors]).toEqual([]);
  });
});
