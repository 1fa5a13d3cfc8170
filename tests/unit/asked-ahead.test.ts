/**
 * A deep link to an app's list asks for the list's first page as the entry runs (the read the build's route manifest
 * recorded from the data provider), and the table's own read of that page takes the answer instead of asking again.
 * The tab the address names is the one asked; another page, or an answer that failed, is asked anew. Once the page's
 * declarations are in, that answer becomes the table's first page read ahead (providers/lists-ahead.ts): the table's
 * first render takes its rows once it has come, without a read of its own.
 */
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { controlledFetch, settle } from './controlled-fetch';
import { remoteConfig } from '../../resources/config';

vi.hoisted(() => {
  // Signed in: the session marker is there, so the entry asks at once.
  (globalThis as { document?: unknown }).document = { documentElement: {}, cookie: 'userId=u1' };
});
vi.mock('../../src/routes/shell', () => {
  const page = { preload: () => Promise.resolve() };
  return { ConsoleShell: page, PolicyPrompt: page, AppLayout: page, ResourceListPage: page, ResourceShowPage: page, PageViewPage: page, DashboardPage: page };
});
// The manifest the build writes (scripts/route-manifest.ts), read from the declarations here.
vi.mock('virtual:route-manifest', async () => ({ default: await (await import('../../src/engine/route-reads')).routeManifest() }));

const APP = 'a1b2c3';
const RECORD = { AppId: APP, AppServiceSecret: 's', Role: 'owner', Services: {} };
const SIGNED_IN = { user: { id: 'u1', email: 'demo@example.com' }, admin: null, financeAdmin: null };
const PAGE = { items: [{ key: 'level', type: 'string', value: '1' }], total: 1 };

let net: ReturnType<typeof controlledFetch>;

beforeAll(() => import('../../src/preload'), 60_000);
beforeEach(() => {
  vi.resetModules();
  net = controlledFetch({ [`/api/app/${APP}`]: RECORD, '/auth/auth-check': SIGNED_IN });
  vi.stubGlobal('fetch', net.fetch);
});
afterEach(() => vi.unstubAllGlobals());

/** What the list's table asks for a page of the named resource of the remote-config service. */
async function tableParams(resource: string, page = 1) {
  const { requireDeclared } = await import('../../providers/declarations');
  const { firstPage } = await import('../../src/engine/first-page');
  const declared = requireDeclared('', { service: 'remote-config', resource });
  const { pagination, sorters } = firstPage(declared.decl);
  return { declared, params: { resource: declared.key, pagination: { ...pagination, currentPage: page }, sorters, filters: [], meta: { service: 'remote-config', resource, appId: APP } } };
}

/** The read the list's table makes for a page of the named resource of the remote-config service. */
async function tableRead(resource: string, page = 1) {
  const { dataProviders } = await import('../../providers/data-providers');
  const { declared, params } = await tableParams(resource, page);
  return dataProviders[declared.service.convention].getList(params);
}

/** The rows the table's first render takes (its query's initial data), as the table asks for them. */
async function firstRender(resource: string, page = 1) {
  const { listAnswered } = await import('../../providers/crud');
  return listAnswered((await tableParams(resource, page)).params);
}

it("asks for a deep-linked list's first page at once, and the table's read takes that answer", async () => {
  const { preloadConsole } = await import('../../src/preload');
  preloadConsole(`/services/${APP}/config`);
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
  const { preloadConsole } = await import('../../src/preload');
  preloadConsole(`/services/${APP}/config`, '?tab=overrides');
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
  const { preloadConsole } = await import('../../src/preload');
  preloadConsole(`/services/${APP}/config`);
  await settle();
  net.answer(net.asked[0], 500, { message: 'Internal Server Error' });
  await settle();
  const read = tableRead('configs');
  await settle();
  expect(net.asked).toHaveLength(2);
  net.answer(net.asked[1], 200, PAGE);
  expect((await read).data).toEqual(PAGE.items);
});

it("gives the table's first render the first page once its answer has come, once", async () => {
  const { preloadConsole } = await import('../../src/preload');
  preloadConsole(`/services/${APP}/config`);
  await settle();
  expect(await firstRender('configs')).toBeUndefined();
  net.answer(net.asked[0], 200, PAGE);
  // Once the declarations are in (a liveness bound: they load as the entry runs).
  await vi.waitFor(async () => expect(await firstRender('configs')).toEqual({ data: PAGE.items, total: 1 }), { timeout: 15_000 });
  // Taken: a second table, or a read of the page, has nothing of it, and the read asks.
  expect(await firstRender('configs')).toBeUndefined();
  expect(net.asked).toHaveLength(1);
  const read = tableRead('configs');
  await settle();
  expect(net.asked).toHaveLength(2);
  net.answer(net.asked[1], 200, PAGE);
  await read;
}, 20_000);

it('asks nothing for the page read ahead when the table has taken the answer asked ahead itself', async () => {
  const { NOT_ASKED_AHEAD, request } = await import('../../providers/http');
  const path = `${remoteConfig.base}/configs`;
  const ahead = request(path, { appId: APP, ahead: true });
  await settle();
  // The table's own read came first: it takes the answer.
  const table = request(path, { appId: APP });
  net.answer(path, 200, PAGE);
  expect(await table).toEqual(PAGE);
  await ahead;
  // The page read ahead of the table afterwards has nothing to take, and asks nothing.
  await expect(request(path, { appId: APP, fromAhead: true })).rejects.toThrow(NOT_ASKED_AHEAD);
  expect(net.asked).toEqual([path]);
});

it('makes a read of the answer asked ahead fail, asking nothing, when there is none', async () => {
  const { NOT_ASKED_AHEAD, request } = await import('../../providers/http');
  await expect(request(`${remoteConfig.base}/configs`, { appId: APP, fromAhead: true })).rejects.toThrow(NOT_ASKED_AHEAD);
  expect(net.asked).toEqual([]);
});

it("never fails a table's first render: a list whose read cannot be made has no page read ahead", async () => {
  const { preloadConsole } = await import('../../src/preload');
  const { anyListAhead } = await import('../../providers/lists-ahead');
  const { listAnswered } = await import('../../providers/crud');
  preloadConsole(`/services/${APP}/config`);
  await settle();
  net.answer(net.asked[0], 200, PAGE);
  await vi.waitFor(() => expect(anyListAhead()).toBe(true), { timeout: 15_000 });
  // An app's list asked for with no app: its read would fail (the table's query reports it), its first render has no rows.
  const { params } = await tableParams('configs');
  expect(listAnswered({ ...params, meta: { service: 'remote-config', resource: 'configs' } })).toBeUndefined();
  expect(listAnswered(params)).toEqual({ data: PAGE.items, total: 1 });
}, 20_000);
