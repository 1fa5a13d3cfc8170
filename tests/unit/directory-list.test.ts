import { describe, expect, it, vi } from 'vitest';

// The HTTP client sets the page's language when it loads: give it the one element it touches.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});
import { services } from '../../resources';
import { assetStreaming } from '../../resources/asset-streaming';
import { entries, releases } from '../../resources/cdn/resources';
import { directoryListCall, directoryName, directorySteps, isDirectoryRow } from '../../resources/directory-list';
import { collectionPath } from '../../resources/relations';
import { declaredDataProvider, type ListCall } from '../../providers/crud';

describe('a list browsed by directory', () => {
  it("lists a bucket's directory through the declared directory call, the directory in its query", () => {
    expect(directoryListCall(assetStreaming, entries, 'b 1', 'bundles/levels')).toEqual({
      url: `${assetStreaming.base}/buckets/b%201/entries_by_directory/`,
      query: { dir: 'bundles/levels' },
    });
    expect(directoryListCall(assetStreaming, entries, 'b1', '').query).toEqual({});
  });

  it('refuses a resource that declares no directory listing', () => {
    expect(() => directoryListCall(assetStreaming, releases, 'b1', '')).toThrow(/no directory listing/);
  });

  it('goes back up step by step, each step its own directory', () => {
    expect(directorySteps('bundles/levels/')).toEqual([
      { name: 'bundles', dir: 'bundles/' },
      { name: 'levels', dir: 'bundles/levels/' },
    ]);
    expect(directorySteps('')).toEqual([]);
    expect(directoryName('bundles/levels/')).toBe('levels');
  });

  it('tells a sub-directory row from a record', () => {
    expect(isDirectoryRow({ directory: true, path: 'a/' })).toBe(true);
    expect(isDirectoryRow({ id: 'e1', path: 'a/b.txt' })).toBe(false);
  });

  it("is declared, in every service, with a GET call on the parent record that takes the directory and the list's field", () => {
    const wrong = services.flatMap((s) =>
      s.resources.flatMap((r) => {
        const browse = r.list.directories;
        if (!browse) return [];
        const call = s.calls?.[browse.call];
        const query = (call?.query?.properties ?? {}) as Record<string, unknown>;
        const fields = (r.schema.properties ?? {}) as Record<string, unknown>;
        const ok = call?.method === 'GET' && call.record?.resource === r.parent?.resource && browse.param in query && browse.field in fields;
        return ok ? [] : [`${s.name}/${r.name}`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('is read through the directory call only while the list is neither searched nor filtered', async () => {
    const asked: ListCall[] = [];
    const provider = declaredDataProvider({
      page: async (call) => (asked.push(call), { data: [], total: 0 }),
      all: async () => [],
    });
    const listCall = directoryListCall(assetStreaming, entries, 'b1', 'bundles');
    const meta = { service: assetStreaming.name, resource: entries.name, parentId: 'b1', appId: 'app-1', listCall };
    const list = (filters: { field: string; operator: 'contains'; value: string }[]) =>
      provider.getList({ resource: 'entries', pagination: { currentPage: 1, pageSize: 20 }, sorters: [{ field: 'path', order: 'asc' }], filters, meta });
    await list([]);
    await list([{ field: 'q', operator: 'contains', value: 'hud' }]);
    expect(asked.map((c) => c.url)).toEqual([listCall.url, collectionPath(assetStreaming, entries, 'b1')]);
    expect(asked[0].query).toEqual(listCall.query);
    expect(asked[1].query).toMatchObject({ q: 'hud' });
  });
});
