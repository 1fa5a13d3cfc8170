/**
 * Delivery remembers buckets, badges and releases in memory (no database read per delivery): every change to them
 * is seen by the next delivery after the change's answer — a badge moved, set, removed, `latest` moved by a release
 * or a promote, a bucket made private or deleted. Each case serves first, so that what it served is remembered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentUrl } from '../../resources/cdn/delivery';
import { B, CDN, newBucket, putEntry, startCdn, type CdnHarness } from './cdn-fixtures';

let h: CdnHarness;

const get = (url: string) => h.req({ method: 'GET', url });
const release = async (bucketId: string): Promise<string> => (await h.cdn('POST', `${B}/${bucketId}/releases/`)).json().id;

/** A bucket holding `text` at `a.txt`, released. */
async function released(name: string, text: string, extra: Record<string, unknown> = {}) {
  const bucket = await newBucket(h, name, extra);
  await putEntry(h, bucket.id, 'a.txt', text);
  return { ...bucket, releaseId: await release(bucket.id) };
}

beforeAll(async () => {
  h = await startCdn('delivery-changes');
});
afterAll(() => h.close());

describe('delivery sees a change to a bucket from the change’s answer on', () => {
  it('a new release moves latest; a badge set after a 404 for its name serves; a removed badge answers 404', async () => {
    const b = await released('moves', 'one');
    const latest = contentUrl(CDN, b.id, { badge: 'latest' }, 'a.txt');
    const beta = contentUrl(CDN, b.id, { badge: 'beta' }, 'a.txt');
    expect((await get(latest)).body).toBe('one');
    expect((await get(beta)).statusCode).toBe(404);
    const entries = (await h.cdn('GET', `${B}/${b.id}/entries/`)).json() as { id: string }[];
    await h.cdn('DELETE', `${B}/${b.id}/entries/${entries[0].id}/`);
    await putEntry(h, b.id, 'a.txt', 'two');
    const second = await release(b.id);
    expect([(await get(latest)).body, (await get(latest)).headers['x-release-id']]).toEqual(['two', second]);
    expect((await h.cdn('PUT', `${B}/${b.id}/badges/`, { name: 'beta', releaseId: b.releaseId })).statusCode).toBe(200);
    expect((await get(beta)).body).toBe('one');
    expect((await h.cdn('DELETE', `${B}/${b.id}/badges/beta/`)).statusCode).toBe(204);
    expect((await get(beta)).statusCode).toBe(404);
  });

  it('a promote moves the target bucket’s latest', async () => {
    const from = await released('staging', 'staged');
    const to = await released('production', 'live');
    const latest = contentUrl(CDN, to.id, { badge: 'latest' }, 'a.txt');
    expect((await get(latest)).body).toBe('live');
    expect((await h.cdn('POST', `${B}/${from.id}/promote/`, { releaseId: from.releaseId, toBucketId: to.id })).statusCode).toBe(201);
    expect((await get(latest)).body).toBe('staged');
  });

  it('a bucket made private needs a token at once, and public again serves without one', async () => {
    const b = await released('turns-private', 'open');
    const url = contentUrl(CDN, b.id, { badge: 'latest' }, 'a.txt');
    const pinned = contentUrl(CDN, b.id, { releaseId: b.releaseId }, 'a.txt');
    expect([(await get(url)).statusCode, (await get(pinned)).statusCode]).toEqual([200, 200]);
    // Releasing counted the release on the bucket: the version to carry is the bucket's now.
    const { version } = (await h.cdn('GET', `${B}/${b.id}/`)).json();
    const closed = await h.cdn('PUT', `${B}/${b.id}/`, { name: 'turns-private', private: true, version });
    expect(closed.statusCode).toBe(200);
    expect([(await get(url)).statusCode, (await get(pinned)).statusCode]).toEqual([403, 403]);
    expect((await h.cdn('PUT', `${B}/${b.id}/`, { name: 'turns-private', private: false, version: closed.json().version })).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
  });

  it('a deleted bucket serves nothing, by badge or by release', async () => {
    const b = await released('deleted', 'gone soon');
    const url = contentUrl(CDN, b.id, { badge: 'latest' }, 'a.txt');
    const pinned = contentUrl(CDN, b.id, { releaseId: b.releaseId }, 'a.txt');
    expect([(await get(url)).statusCode, (await get(pinned)).statusCode]).toEqual([200, 200]);
    expect((await h.cdn('DELETE', `${B}/${b.id}/?force=true`)).statusCode).toBe(204);
    expect([(await get(url)).statusCode, (await get(pinned)).statusCode]).toEqual([404, 404]);
  });
});
