import { describe, expect, it, vi } from 'vitest';

// The console's HTTP client sets the page's language when it loads: give it the one element it touches.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { assetStreaming } from '../../resources/asset-streaming';
import { contentUrl } from '../../resources/cdn/delivery';
import type { CallDecl } from '../../resources/call-types';
import { checkCall } from '../../server/engine/declared-calls';
import { contentRange } from '../../server/engine/list-routes';
import { buildModel } from '../../server/engine/model';
import { Params, whereSql } from '../../server/engine/where';
import { derivedFields } from '../../server/engine/write';
import type { Ctx } from '../../server/context';
import { directoryPrefix, pathProblem } from '../../server/services/cdn/paths';
import { listenForClears, PROXY_CACHE_CHANNEL, ProxyCache, proxyCacheOf } from '../../server/services/cdn/proxy-cache';
import { parseRange } from '../../server/services/cdn/ranges';
import { totalOf } from '../../providers/cdn';

const BASE = assetStreaming.base;
const entries = buildModel(assetStreaming, assetStreaming.resources.find((r) => r.name === 'entries')!);

describe('the cdn list convention', () => {
  it('gives the page and the total in Content-Range, and the console reads the total back', () => {
    expect(contentRange(0, 20, 123)).toBe('items 0-19/123');
    expect(contentRange(40, 3, 43)).toBe('items 40-42/43');
    expect(contentRange(50, 0, 43)).toBe('items */43');
    expect(totalOf('items 40-42/43', 3, 40)).toBe(43);
    expect(totalOf('items */0', 0, 0)).toBe(0);
    expect(totalOf(null, 7, 20)).toBe(27);
  });
});

describe('entry paths', () => {
  it('take relative paths inside the bucket only', () => {
    for (const ok of ['a.txt', 'bundles/levels/1.bundle', 'read me (1).txt', 'a..b/c.d']) expect(pathProblem(ok), ok).toBeUndefined();
    expect(pathProblem('../a')).toBe('path may not contain . or .. segments');
    expect(pathProblem('a/./b')).toBe('path may not contain . or .. segments');
    expect(pathProblem('/a')).toBe('path must be relative to the bucket (no leading /)');
    expect(pathProblem('a\\..\\b')).toBe('path may not contain a backslash');
    expect(pathProblem('a\u0000b')).toBe('path may not contain control characters');
    expect(pathProblem('a//b')).toBe('path may not have empty segments');
    expect(pathProblem('a/')).toBe('path may not have empty segments');
  });

  it('read a directory as the prefix of its paths', () => {
    expect(directoryPrefix(undefined)).toBe('');
    expect(directoryPrefix('/levels/1/')).toBe('levels/1/');
    expect(directoryPrefix('levels')).toBe('levels/');
  });

  it('are encoded segment by segment in content addresses', () => {
    expect(contentUrl(BASE, 'b1', { badge: 'latest' }, 'dir/read me.txt')).toBe(`${BASE}/content/b1/badges/latest/dir/read%20me.txt`);
    expect(contentUrl(BASE, 'b1', { releaseId: 'r/1' }, 'a#b')).toBe(`${BASE}/content/b1/releases/r%2F1/a%23b`);
  });
});

describe('byte ranges', () => {
  it('reads one range within the content, and refuses one past its end', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseRange('bytes=7-', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-12', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=4-2', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
  });
});

describe('the proxy cache', () => {
  it('holds at most its bytes, dropping the least recently served first, and clears by bucket', () => {
    const cache = new ProxyCache(10);
    cache.put('h1', 'b1', 'one', Buffer.from('1234'));
    cache.put('h2', 'b1', 'two', Buffer.from('5678'));
    expect(cache.get('h1', 'b1', 'one')?.toString()).toBe('1234');
    cache.put('h3', 'b2', 'three', Buffer.from('abcd'));
    expect(cache.bytes).toBeLessThanOrEqual(10);
    expect(cache.get('h2', 'b1', 'two')).toBeUndefined();
    expect(cache.ofBucket('b1').map((i) => i.path)).toEqual(['one']);
    expect(cache.clear('b2')).toBe(1);
    expect(cache.ofBucket('b1').map((i) => i.path)).toEqual(['one']);
    expect(cache.clear()).toBe(1);
    expect(cache.bytes).toBe(0);
  });
});

describe("another instance's clear", () => {
  it("drops the bucket's content from this instance's cache, and everything after a reconnect", async () => {
    let heard: ((payload: string) => void) | undefined;
    let reconnected: (() => void) | undefined;
    const ctx = {
      db: {
        listen: async (channel: string, onNotice: (p: string) => void, onReconnect: () => void) => {
          expect(channel).toBe(PROXY_CACHE_CHANNEL);
          [heard, reconnected] = [onNotice, onReconnect];
          return async () => undefined;
        },
      },
    } as unknown as Ctx;
    await listenForClears(ctx);
    const cache = proxyCacheOf(ctx);
    cache.put('h1', 'b1', 'one', Buffer.from('1'));
    cache.put('h2', 'b2', 'two', Buffer.from('2'));
    heard!('b1');
    expect([cache.ofBucket('b1').length, cache.ofBucket('b2').length]).toEqual([0, 1]);
    reconnected!();
    expect(cache.bytes).toBe(0);
  });
});

describe('format additions', () => {
  it('a prefix condition matches % and _ as themselves', () => {
    const p = new Params();
    const sql = whereSql(entries, { path: { $startsWith: 'a_b%/' } }, p);
    expect(sql).toContain('LIKE $1');
    expect(p.values).toEqual(['a\\_b\\%/%']);
  });

  it('a DELETE call may take a query; other writes may not', () => {
    const base: Omit<CallDecl, 'method'> = { path: '/buckets/:id/x', caller: 'service', summary: 's', answer: { description: 'ok' }, errors: [] };
    expect(() => checkCall(assetStreaming, 'x', { ...base, method: 'DELETE', query: { type: 'object' } })).not.toThrow();
    expect(() => checkCall(assetStreaming, 'x', { ...base, method: 'POST', query: { type: 'object' } })).toThrow('only a GET or a DELETE takes a query');
  });

  it("a resource's derive hook sets only its server-managed fields", async () => {
    const hooks = new Map([['asset-streaming/entries', { derive: () => ({ contentSize: 4, contentMd5: 'x', path: 'forged' }) }]]);
    expect(await derivedFields({} as Ctx, hooks, entries, 'app', {})).toEqual({ contentSize: 4, contentMd5: 'x' });
    expect(await derivedFields({} as Ctx, new Map(), entries, 'app', {})).toEqual({});
  });
});
