import { afterEach, describe, expect, it, vi } from 'vitest';

// The HTTP client sets the page's language when it loads: give it the one element it touches.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { listQuery, type ListCall } from '../../providers/crud';
import { HELPER_PAGE, listKeyOf, passportDataProvider, searchAll, searchBody } from '../../providers/passport';
import { passport } from '../../resources/passport';
import { remoteConfig } from '../../resources/config';

const B = passport.base;

/** A passport-like resource with a text, an integer and a boolean filter. */
const decl: ResourceDecl = {
  name: 'leaderboards',
  label: { 'zh-CN': '排行榜', en: 'Leaderboards' },
  singular: { 'zh-CN': '排行榜', en: 'leaderboard' },
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      sortOrder: { type: 'string', enum: ['Asc', 'Desc'] },
      seasonNumber: { type: 'integer' },
      archived: { type: 'boolean' },
      realmId: { type: 'string' },
    },
  },
  path: '/leaderboards',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: { columns: ['name'], filters: ['sortOrder', 'seasonNumber', 'archived', 'realmId'], sorters: ['name'], search: ['name'] },
  access: { read: ['app'], write: ['app'] },
};

const service = { name: 'passport', base: B, convention: 'passport' } as ServiceDecl;

function call(query: ListCall['query'] = {}, over: Partial<ResourceDecl> = {}): ListCall {
  const d = { ...decl, ...over };
  return { service, decl: d, url: `${service.base}${d.path}`, options: { throwResponse: true }, query };
}

/** A search endpoint over `total` numbered records that answers under `key`, recording each body it got. */
function fakeSearch(total: number, key: string) {
  const bodies: Record<string, number>[] = [];
  const urls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    urls.push(url);
    const body = JSON.parse(String(init.body)) as Record<string, number>;
    bodies.push(body);
    const items = Array.from({ length: Math.max(0, Math.min(body.count, total - body.start)) }, (_, i) => ({ id: `r${body.start + i}` }));
    return new Response(JSON.stringify({ total, [key]: items }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { bodies, urls, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('passport search body', () => {
  it('carries the sort, the search text and each declared filter as its field type, then count and start', () => {
    const query = listQuery(
      decl,
      [{ field: 'name', order: 'desc' }],
      [
        { field: 'q', operator: 'contains', value: '  spring  ' },
        { field: 'sortOrder', operator: 'eq', value: 'Desc' },
        { field: 'seasonNumber', operator: 'eq', value: '3' },
        { field: 'archived', operator: 'eq', value: 'false' },
        { field: 'realmId', operator: 'eq', value: '' },
        { field: 'notAFilter', operator: 'eq', value: 'x' },
      ],
    );
    expect(searchBody(decl, query, 20, 40)).toEqual({ sort: 'name', order: 'desc', q: 'spring', sortOrder: 'Desc', seasonNumber: 3, archived: false, count: 20, start: 40 });
  });

  it('leaves a value that is not of its field type as sent, for the server to refuse', () => {
    expect(searchBody(decl, { seasonNumber: 'three', archived: 'maybe' }, 50, 0)).toEqual({ seasonNumber: 'three', archived: 'maybe', count: 50, start: 0 });
  });

  it('sorts only on declared sorters and the timestamps', () => {
    expect(listQuery(decl, [{ field: 'realmId', order: 'asc' }])).toEqual({});
    expect(listQuery(decl, [{ field: 'createdAt', order: 'asc' }])).toEqual({ sort: 'createdAt', order: 'asc' });
  });

  it('reads the array under the declared list key, else the resource name', () => {
    expect(listKeyOf(decl)).toBe('leaderboards');
    expect(listKeyOf({ ...decl, listKey: 'achievementMeta' })).toBe('achievementMeta');
  });
});

describe('passport list helpers', () => {
  it('page by 50 until the total is reached', async () => {
    const { bodies, urls } = fakeSearch(120, 'leaderboards');
    const all = await searchAll<{ id: string }>(call({ q: 'a' }));
    expect(HELPER_PAGE).toBe(50);
    expect(all.map((r) => r.id)).toEqual(Array.from({ length: 120 }, (_, i) => `r${i}`));
    expect(urls).toEqual(Array(3).fill(`${B}/leaderboards/search`));
    expect(bodies).toEqual([
      { q: 'a', count: 50, start: 0 },
      { q: 'a', count: 50, start: 50 },
      { q: 'a', count: 50, start: 100 },
    ]);
  });

  it('stop at an exact multiple of the page without asking for an empty page', async () => {
    const { bodies } = fakeSearch(100, 'realms');
    const all = await searchAll(call({}, { name: 'realms', path: '/realms' }));
    expect(all).toHaveLength(100);
    expect(bodies.map((b) => b.start)).toEqual([0, 50]);
  });

  it('stop when a page comes back short even if the total says more', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ total: 500, leaderboards: [{ id: 'only' }] }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await searchAll(call())).toEqual([{ id: 'only' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('passport data provider', () => {
  it('turns a page of Refine into count and start with the app credential, and answers the total', async () => {
    const { bodies, urls, fetchMock } = fakeSearch(73, 'configs');
    const search = fetchMock.getMockImplementation()!;
    let authorization = '';
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/app/')) {
        const app = { AppId: 'app-1', AppServiceSecret: 's3cret', Role: 'owner', Services: {} };
        return new Response(JSON.stringify(app), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      authorization = (init.headers as Record<string, string>).Authorization;
      return search(url, init);
    });
    // Any declared resource will do: the provider takes its path and list key from the declaration.
    const answer = await passportDataProvider.getList({
      resource: 'remote-config.configs',
      pagination: { currentPage: 3, pageSize: 20, mode: 'server' },
      sorters: [{ field: 'key', order: 'asc' }],
      filters: [{ field: 'type', operator: 'eq', value: 'INT' }],
      meta: { service: 'remote-config', resource: 'configs', appId: 'app-1' },
    });
    expect(urls).toEqual([`${remoteConfig.base}/configs/search`]);
    expect(bodies).toEqual([{ sort: 'key', order: 'asc', type: 'INT', count: 20, start: 40 }]);
    expect(authorization).toBe(`Basic ${btoa('app-1:s3cret')}`);
    expect(answer.total).toBe(73);
    expect(answer.data.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => `r${40 + i}`));
  });
});
