import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentUrl } from '../../resources/cdn/delivery';
import { assetStreaming } from '../../resources/asset-streaming';
import { B, newBucket, putEntry, startCdn, type CdnHarness } from './cdn-fixtures';
import { basicOf, serviceRequest } from './harness';
import { createApp, createOrganization, createAccount } from '../../server/platform/accounts';

const ME = `${assetStreaming.base}/users/me`;
let h: CdnHarness;
/** A second app with the service enabled, in another organisation. */
let other: CdnHarness['cdn'];

beforeAll(async () => {
  h = await startCdn('me');
  const owner = await createAccount(h.db, { email: 'me-other@example.com', password: 'other-password', name: 'Other' });
  const appId = await createApp(h.db, await createOrganization(h.db, 'cdn me second studio', owner), 'cdn me second game', ['asset-streaming']);
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0].app_service_secret;
  other = serviceRequest(h.req, basicOf(appId, secret));
});
afterAll(() => h.close());

const sequence = async (call = h.cdn) => (await call('GET', `${ME}/sequence/`)).json() as { sequence: number; changedAt: string | null };

describe('cdn users/me', () => {
  it("counts the app's changes one by one, not its reads nor another app's changes", async () => {
    expect(await sequence()).toEqual({ sequence: 0, changedAt: null });
    const bucket = await newBucket(h, 'seq');
    const afterBucket = await sequence();
    expect(afterBucket.sequence).toBe(1);
    expect(afterBucket.changedAt).toEqual(expect.any(String));
    await putEntry(h, bucket.id, 'a.txt', 'aaa');
    await putEntry(h, bucket.id, 'b.txt', 'bb');
    expect((await sequence()).sequence).toBe(3);
    await h.cdn('GET', `${B}/${bucket.id}/entries/`);
    await newBucket({ ...h, cdn: other }, 'elsewhere');
    expect((await sequence()).sequence).toBe(3);
    expect((await sequence(other)).sequence).toBe(1);
  });

  it('maps the releases to the numbers of the changes that made them, latest first, paged with the total in Content-Range', async () => {
    const bucket = await newBucket(h, 'gen');
    await putEntry(h, bucket.id, 'x.txt', 'x1');
    const before = (await sequence()).sequence;
    const r1 = (await h.cdn('POST', `${B}/${bucket.id}/releases/`, { notes: 'one' })).json();
    const between = (await sequence()).sequence;
    await putEntry(h, bucket.id, 'y.txt', 'y1');
    const r2 = (await h.cdn('POST', `${B}/${bucket.id}/releases/`, { notes: 'two' })).json();

    const page = await h.cdn('GET', `${ME}/sequence/genmapping/`);
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json() as { sequence: number; releaseId: string; bucketId: string; releaseNum: number }[];
    expect(rows.map((r) => r.releaseId)).toEqual([r2.id, r1.id]);
    expect(rows[1]).toMatchObject({ bucketId: bucket.id, releaseNum: r1.releaseNum });
    // The release is the first change after `before`; the next entry comes after everything the release did.
    expect(rows[1].sequence).toBe(before + 1);
    expect(rows[1].sequence).toBeLessThanOrEqual(between);
    expect(rows[0].sequence).toBeGreaterThan(between + 1);
    expect(page.headers['content-range']).toBe('items 0-1/2');

    const second = await h.cdn('GET', `${ME}/sequence/genmapping/?offset=1&limit=1`);
    expect(second.json().map((r: { releaseId: string }) => r.releaseId)).toEqual([r1.id]);
    expect(second.headers['content-range']).toBe('items 1-1/2');
    const past = await h.cdn('GET', `${ME}/sequence/genmapping/?offset=5&limit=1`);
    expect([past.json(), past.headers['content-range']]).toEqual([[], 'items */2']);
    expect((await other('GET', `${ME}/sequence/genmapping/`)).json()).toEqual([]);
    expect((await h.cdn('GET', `${ME}/sequence/genmapping/?limit=0`)).statusCode).toBe(400);
  });

  it("tells who calls, the app's limits, what it holds and what it delivered", async () => {
    const before = (await h.cdn('GET', `${ME}/info/`)).json();
    expect(before).toMatchObject({ appId: h.cdnAppId, caller: `app:${h.cdnAppId}` });
    expect(before.limits.uploadBytes).toBe(h.ctx.config.uploadLimitBytes);
    const bucket = await newBucket(h, 'info');
    await putEntry(h, bucket.id, 'cfg/a.json', '{"a":1}');
    await putEntry(h, bucket.id, 'cfg/b.json', '{"bb":22}');
    await h.cdn('POST', `${B}/${bucket.id}/releases/`);
    for (let i = 0; i < 3; i++) expect((await h.req({ method: 'GET', url: contentUrl(assetStreaming.base, bucket.id, { badge: 'latest' }, 'cfg/b.json') })).statusCode).toBe(200);

    const after = (await h.cdn('GET', `${ME}/info/`)).json();
    expect(after.usage.buckets - before.usage.buckets).toBe(1);
    expect(after.usage.entries - before.usage.entries).toBe(2);
    expect(after.usage.entryBytes - before.usage.entryBytes).toBe(7 + 9);
    expect(after.usage.releases - before.usage.releases).toBe(1);
    expect(after.traffic.requests - before.traffic.requests).toBe(3);
    expect(after.traffic.bytes - before.traffic.bytes).toBe(27);
    expect((await other('GET', `${ME}/info/`)).json().usage).toMatchObject({ entries: 0, releases: 0 });
  });

  it("shows the app's share of the proxy cache by bucket, and none of it to another app", async () => {
    const bucket = await newBucket(h, 'cached');
    await putEntry(h, bucket.id, 'hot.txt', 'hot content');
    await h.cdn('POST', `${B}/${bucket.id}/releases/`);
    expect((await h.req({ method: 'GET', url: contentUrl(assetStreaming.base, bucket.id, { badge: 'latest' }, 'hot.txt') })).statusCode).toBe(200);
    const cache = (await h.cdn('GET', `${ME}/rcache/`)).json();
    expect(cache.buckets).toContainEqual({ bucketId: bucket.id, name: 'cached', contents: 1, bytes: 11 });
    expect(cache.bytes).toBe(cache.buckets.reduce((s: number, b: { bytes: number }) => s + b.bytes, 0));
    expect((await other('GET', `${ME}/rcache/`)).json()).toMatchObject({ contents: 0, bytes: 0, buckets: [] });
  });

  it('needs the app credential', async () => {
    expect((await h.req({ method: 'GET', url: `${ME}/info/` })).statusCode).toBe(401);
  });
});
