/**
 * A bucket's proxy cache as its page shows it: the view's declared call lists what deliveries left in the cache,
 * and the view's clear (a declared command served by `buckets.clearProxyCache`) empties it, as the platform's
 * `GET /api/cdn/{id}/clear-proxy-cache` does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetStreaming } from '../../resources/asset-streaming';
import { contentUrl } from '../../resources/cdn/delivery';
import { clearProxyCacheCommand, proxyCacheView } from '../../resources/cdn/proxy-cache';
import { buckets } from '../../resources/cdn/resources';
import { viewRequest } from '../../resources/view-call';
import { startHarness, type Harness } from './harness';

const CDN = assetStreaming.base;
let h: Harness;
let bucketId = '';
beforeAll(async () => {
  h = await startHarness();
  const all = (await h.svc('GET', `${CDN}/buckets/`)).json() as { id: string; name: string }[];
  bucketId = all.find((b) => b.name === 'game-assets')!.id;
});
afterAll(() => h.close());

const cached = async () => {
  const { url } = viewRequest(assetStreaming, buckets, proxyCacheView, bucketId);
  const res = await h.svc('GET', `${CDN}${url}`);
  expect(res.statusCode).toBe(200);
  return res.json()[proxyCacheView.listKey] as { path: string; bytes: number; contentHash: string }[];
};

const deliver = async (path: string) => {
  const res = await h.req({ method: 'GET', url: contentUrl(CDN, bucketId, { badge: 'latest' }, path) });
  expect(res.statusCode).toBe(200);
  return res;
};

describe("a bucket's proxy cache", () => {
  it('lists the content its deliveries left in the cache, by path', async () => {
    const catalog = await deliver('catalog.json');
    await deliver('config/settings.json');
    const rows = await cached();
    expect(rows.map((r) => r.path)).toEqual(['catalog.json', 'config/settings.json']);
    expect(rows[0].bytes).toBe(catalog.rawPayload.length);
    expect(`"${rows[0].contentHash}"`).toBe(catalog.headers.etag);
  });

  it("is emptied by the view's clear, at the command's own address", async () => {
    expect((await cached()).length).toBeGreaterThan(0);
    const res = await h.svc(clearProxyCacheCommand.method, `${CDN}/buckets/${bucketId}${clearProxyCacheCommand.path}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cleared: 2 });
    expect(await cached()).toEqual([]);
  });

  it("is another app's bucket for nobody else: 404", async () => {
    const other = await h.req({ method: 'POST', url: `${CDN}/buckets/${bucketId}${clearProxyCacheCommand.path}`, headers: { authorization: h.otherBasic } });
    expect([403, 404]).toContain(other.statusCode);
  });
});
