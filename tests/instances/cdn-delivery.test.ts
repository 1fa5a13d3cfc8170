/**
 * Delivery remembers buckets and badges in each instance's memory. A badge moved or a bucket made private through
 * one instance is announced to the other, which forgets the bucket: it serves the new release (or asks for a token)
 * within the notice's delivery, while the instance that made the change does so from the change's answer on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentUrl } from '../../resources/cdn/delivery';
import { B, CDN, putEntry, type CdnRequests } from '../api/cdn-fixtures';
import { serviceRequest } from '../api/harness';
import { eventually, startTwoInstances, type Instance, type TwoInstances } from './two-instances';

let two: TwoInstances;
const through = (i: Instance): CdnRequests => ({ req: i.req, cdn: serviceRequest(i.req, two.basic) });

beforeAll(async () => {
  two = await startTwoInstances();
});

afterAll(async () => {
  await two?.close();
});

/** A bucket made through A with two releases of `a.txt`: 'one', then 'two'. */
async function twoReleases(name: string) {
  const a = through(two.a);
  const bucket = (await a.cdn('POST', `${B}/`, { name })).json() as { id: string };
  const first = await putEntry(a, bucket.id, 'a.txt', 'one');
  const r1 = (await a.cdn('POST', `${B}/${bucket.id}/releases/`)).json().id as string;
  await a.cdn('DELETE', `${B}/${bucket.id}/entries/${first.id}/`);
  await putEntry(a, bucket.id, 'a.txt', 'two');
  const r2 = (await a.cdn('POST', `${B}/${bucket.id}/releases/`)).json().id as string;
  return { bucketId: bucket.id, r1, r2 };
}

const fetchOn = (i: Instance, url: string) => i.req({ method: 'GET', url });

describe('delivery by badge on two instances', () => {
  it('a badge moved through A: A serves the new release at once, B within the notice', async () => {
    const { bucketId, r1, r2 } = await twoReleases('moved-badge');
    const a = through(two.a);
    expect((await a.cdn('PUT', `${B}/${bucketId}/badges/`, { name: 'live', releaseId: r1 })).statusCode).toBe(200);
    const url = contentUrl(CDN, bucketId, { badge: 'live' }, 'a.txt');
    // Both read the badge into memory first: without the notice B would keep serving release one.
    expect([(await fetchOn(two.a, url)).body, (await fetchOn(two.b, url)).body]).toEqual(['one', 'one']);
    expect((await a.cdn('PUT', `${B}/${bucketId}/badges/`, { name: 'live', releaseId: r2 })).statusCode).toBe(200);
    expect((await fetchOn(two.a, url)).body).toBe('two');
    expect(await eventually(async () => (await fetchOn(two.b, url)).body === 'two')).toBe(true);
    expect((await fetchOn(two.b, url)).headers['x-release-id']).toBe(r2);
  });

  it('a bucket made private through A asks B for a token within the notice', async () => {
    const { bucketId } = await twoReleases('made-private');
    const url = contentUrl(CDN, bucketId, { badge: 'latest' }, 'a.txt');
    expect((await fetchOn(two.b, url)).statusCode).toBe(200);
    const a = through(two.a);
    const { version } = (await a.cdn('GET', `${B}/${bucketId}/`)).json();
    expect((await a.cdn('PUT', `${B}/${bucketId}/`, { name: 'made-private', private: true, version })).statusCode).toBe(200);
    expect((await fetchOn(two.a, url)).statusCode).toBe(403);
    expect(await eventually(async () => (await fetchOn(two.b, url)).statusCode === 403)).toBe(true);
  });
});
