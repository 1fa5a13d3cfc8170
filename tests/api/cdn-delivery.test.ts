import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentUrl } from '../../resources/cdn/delivery';
import { B, CDN, newBucket, putEntry, sha256, startCdn, type CdnHarness } from './cdn-fixtures';

let h: CdnHarness;
let bucket: string;
let r1: string;
let r2: string;

const get = (url: string, headers: Record<string, string> = {}) => h.req({ method: 'GET', url, headers });
const byBadge = (badge: string, path: string) => contentUrl(CDN, bucket, { badge }, path);
const byRelease = (releaseId: string, path: string) => contentUrl(CDN, bucket, { releaseId }, path);

beforeAll(async () => {
  h = await startCdn('delivery');
  bucket = (await newBucket(h, 'live')).id;
  const e = await putEntry(h, bucket, 'cfg/settings.json', 'old settings');
  r1 = (await h.cdn('POST', `${B}/${bucket}/releases/`)).json().id;
  await h.cdn('DELETE', `${B}/${bucket}/entries/${e.id}/`);
  await putEntry(h, bucket, 'cfg/settings.json', 'new settings, longer');
  r2 = (await h.cdn('POST', `${B}/${bucket}/releases/`)).json().id;
});
afterAll(() => h.close());

describe('delivery', () => {
  it('serves by badge with a short max-age and the release it came from, and follows the badge when it moves', async () => {
    const now = await get(byBadge('latest', 'cfg/settings.json'));
    expect(now.statusCode).toBe(200);
    expect(now.body).toBe('new settings, longer');
    expect(now.headers).toMatchObject({ 'cache-control': 'public, max-age=60', 'x-release-id': r2, etag: `"${sha256(Buffer.from('new settings, longer'))}"`, 'content-type': 'text/plain' });
    await h.cdn('PUT', `${B}/${bucket}/badges/`, { name: 'live', releaseId: r1 });
    expect((await get(byBadge('live', 'cfg/settings.json'))).body).toBe('old settings');
    await h.cdn('PUT', `${B}/${bucket}/badges/`, { name: 'live', releaseId: r2 });
    const moved = await get(byBadge('live', 'cfg/settings.json'));
    expect([moved.body, moved.headers['x-release-id']]).toEqual(['new settings, longer', r2]);
  });

  it('serves a path with spaces and other characters that addresses encode', async () => {
    await putEntry(h, bucket, 'docs/read me (1).txt', 'spaced');
    const r = (await h.cdn('POST', `${B}/${bucket}/releases/`)).json().id;
    expect((await get(byRelease(r, 'docs/read me (1).txt'))).body).toBe('spaced');
  });

  it('serves a pinned release as immutable, whatever the badges do since', async () => {
    const pinned = await get(byRelease(r1, 'cfg/settings.json'));
    expect(pinned.body).toBe('old settings');
    expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers ranges with 206, If-None-Match with 304, and past the end with 416', async () => {
    const url = byRelease(r2, 'cfg/settings.json');
    const part = await get(url, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('settings');
    expect(part.headers['content-range']).toBe('bytes 4-11/20');
    const tail = await get(url, { range: 'bytes=-6' });
    expect(tail.body).toBe('longer');
    const etag = String((await get(url)).headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    expect((await get(url, { range: 'bytes=50-60' })).statusCode).toBe(416);
  });

  it('answers 404 for an unknown bucket, badge, release or path, and 400 for a path that climbs out', async () => {
    expect((await get(contentUrl(CDN, 'nope', { badge: 'latest' }, 'a'))).statusCode).toBe(404);
    expect((await get(byBadge('nope', 'cfg/settings.json'))).statusCode).toBe(404);
    expect((await get(byRelease('nope', 'cfg/settings.json'))).statusCode).toBe(404);
    expect((await get(byRelease(r2, 'cfg/missing.json'))).statusCode).toBe(404);
    expect((await get(`${byRelease(r2, 'cfg/')}%00x`)).statusCode).toBe(400);
    expect((await get(`${byRelease(r2, 'cfg/')}..%2Fx`)).statusCode).toBe(400);
  });

  it('serves a private bucket only with a valid access token', async () => {
    const secret = (await newBucket(h, 'secret', { private: true })).id;
    await putEntry(h, secret, 'key.txt', 'hidden');
    await h.cdn('POST', `${B}/${secret}/releases/`);
    const url = contentUrl(CDN, secret, { badge: 'latest' }, 'key.txt');
    expect((await get(url)).statusCode).toBe(403);
    expect((await get(`${url}?token=${encodeURIComponent('9999999999.forged')}`)).statusCode).toBe(403);
    const { token } = (await h.cdn('GET', `${B}/${secret}/access-token`)).json();
    const ok = await get(`${url}?token=${encodeURIComponent(token)}`);
    expect([ok.statusCode, ok.body]).toEqual([200, 'hidden']);
    const otherBucket = (await newBucket(h, 'other-secret', { private: true })).id;
    const { token: otherToken } = (await h.cdn('GET', `${B}/${otherBucket}/access-token`)).json();
    expect((await get(`${url}?token=${encodeURIComponent(otherToken)}`)).statusCode).toBe(403);
  });
});

describe('statistics, usage and the proxy cache', () => {
  it('counts every delivery by day and entry, reports usage, and keeps served content in the proxy cache until cleared', async () => {
    const stats = await h.cdn('GET', `${B}/${bucket}/statistics`);
    expect(stats.statusCode).toBe(200);
    const s = stats.json();
    const served = s.entries.find((e: { path: string }) => e.path === 'cfg/settings.json');
    // Three by badge, one pinned, five of the ranges and conditions (the 416 sends nothing and is not counted).
    expect(served.requests).toBe(9);
    expect(s.requests).toBe(s.days.reduce((t: number, d: { requests: number }) => t + d.requests, 0));
    expect(s.bytes).toBe(s.entries.reduce((t: number, e: { bytes: number }) => t + e.bytes, 0));
    const before = (await h.cdn('GET', `${B}/${bucket}/statistics`)).json();
    await get(byRelease(r2, 'cfg/settings.json'));
    const after = (await h.cdn('GET', `${B}/${bucket}/statistics`)).json();
    expect([after.requests - before.requests, after.bytes - before.bytes]).toEqual([1, 20]);
    expect((await h.cdn('GET', `/api/cdn/${bucket}/statistics`)).json().requests).toBe(after.requests);
    const usage = (await h.cdn('GET', '/api/cdn/usage')).json();
    // The app's usage holds its other buckets' too: the private bucket's one delivery of 'hidden'.
    const appBytes = after.bytes + 'hidden'.length;
    expect(usage.items.reduce((t: number, d: { bytes: number }) => t + d.bytes, 0)).toBe(appBytes);
    const top = (await h.cdn('GET', '/api/cdn/usage/top-k?k=1')).json();
    expect(top.items).toEqual([{ bucketId: bucket, path: 'cfg/settings.json', requests: served.requests + 1, bytes: served.bytes + 20 }]);
    const metered = await h.db.query<{ q: string }>(`SELECT sum(quantity)::text AS q FROM usage_events WHERE app_id = $1 AND service = 'asset-streaming' AND meter = 'traffic'`, [h.cdnAppId]);
    expect(Number(metered.rows[0].q)).toBe(appBytes);

    const cache = (await h.cdn('GET', `${B}/${bucket}/proxycache/`)).json();
    expect(cache.items.map((i: { path: string; bytes: number }) => [i.path, i.bytes])).toEqual(expect.arrayContaining([['cfg/settings.json', 20]]));
    expect((await h.cdn('GET', `/api/cdn/${bucket}/clear-proxy-cache`)).json().cleared).toBeGreaterThanOrEqual(1);
    expect((await h.cdn('GET', `${B}/${bucket}/proxycache/`)).json().items).toEqual([]);
  });
});
