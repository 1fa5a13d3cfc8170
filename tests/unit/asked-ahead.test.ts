/**
 * A deep link to an app's list asks for the list's first page while the page's code loads, and the table's own read
 * of that page takes the answer instead of asking again. The tab the address names is the one asked; another page,
 * or an answer that failed, is asked anew.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { controlledFetch, settle } from './controlled-fetch';

vi.hoisted(() => {
  (globalThis as { document?: unknown }).document = { documentElement: {}, cookie: '' };
});
vi.mock('../../src/routes/shell', () => {
  const page = { preload: () => Promise.resolve() };
  return { ResourceListPage: page, ResourceShowPage: page, PageViewPage: page, DashboardPage: page };
});

const APP = 'a1b2c3';
const RECORD = { AppId: APP, AppServiceSecret: 's', Role: 'owner', Services: {} };
const PAGE = { items: [{ key: 'level', type: 'string', value: '1' }], total: 1 };

let net: ReturnType<typeof controlledFetch>;

beforeAll(() => import('../../src/engine/preloadPage'), 60_000);
beforeEach(() => {
  vi.resetModules();
  net = controlledFetch({ [`/api/app/${APP}`]: RECORD });
  vi.stubGlobal('fetch', net.fetch);
});
afterEach(() => vi.unstubAllGlobals());

/** The read the list's table makes for a page of the named resource of the remote-config service. */
async function tableRead(resource: string, page = 1) {
  const { dataProviders } = await import('../../providers/data-providers');
  const { requireDeclared } = await import('../../providers/declarations');
  const { firstPage } = await import('../../src/engine/first-page');
  const declared = requireDeclared('', { service: 'remote-config', resource });
  const { pagination, sorters } = firstPage(declared.decl);
  return dataProviders[declared.service.convention].getList({
    resource: declared.key,
    pagination: { ...pagination, currentPage: page },
    sorters,
    filters: [],
    meta: { service: 'remote-config', resource, appId: APP },
  });
}

it("asks for a deep-linked list's first page at once, and the table's read takes that answer", async () => {
  const { preloadAppPage } = await import('../../src/engine/preloadPage');
  preloadAppPage(`/services/${APP}/config`);
  await settle();
  expect(net.asked).toHaveLength(1);
  expect(net.asked[0]).toMatch(/^\/uconfig\/v1\/configs\?/);
  expect(net.asked[0]).toContain('sort=key');
  const read = tableRead('configs');
  await settle();
  net.answer(net.asked[0], 200, PAGE);
  expect((await read).data).toEqual(PAGE.items);
  expect(net.asked).toHaveLength(1);
  // Taken once: the next read of the same page asks again.
  const again = tableRead('configs');
  await settle();
  expect(net.asked).toHaveLength(2);
  net.answer(net.asked[1], 200, PAGE);
  await again;
});

it('asks for the tab the address names, and another page of it anew', async () => {
  const { preloadAppPage } = await import('../../src/engine/preloadPage');
  preloadAppPage(`/services/${APP}/config`, '?tab=overrides');
  await settle();
  expect(net.asked).toHaveLength(1);
  expect(net.asked[0]).toMatch(/^\/uconfig\/v1\/overrides/);
  const second = tableRead('overrides', 2);
  await settle();
  expect(net.asked).toHaveLength(2);
  net.answer(net.asked[0], 200, { items: [], total: 0 });
  net.answer(net.asked[1], 200, { items: [], total: 0 });
  await second;
});

it('asks again when the answer asked ahead failed, so the table reports its own failure', async () => {
  const { preloadAppPage } = await import('../../src/engine/preloadPage');
  preloadAppPage(`/services/${APP}/config`);
  await settle();
  net.answer(net.asked[0], 500, { message: 'Internal Server Error' });
  await settle();
  const read = tableRead('configs');
  await settle();
  expect(net.asked).toHaveLength(2);
  net.answer(net.asked[1], 200, PAGE);
  expect((await read).data).toEqual(PAGE.items);
});
