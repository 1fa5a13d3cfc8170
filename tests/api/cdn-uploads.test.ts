import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B, md5, newBucket, putEntry, sha256, startCdn, upload, type CdnHarness } from './cdn-fixtures';
import { blobKeyOf, contentStoreFor } from '../../server/services/cdn/content-store';
import { sweepOrphans, ORPHAN_AGE_MS } from '../../server/services/cdn/sweep';
import { Readable } from 'node:stream';

let h: CdnHarness;
let bucket: string;

beforeAll(async () => {
  h = await startCdn('uploads');
  bucket = (await newBucket(h, 'assets')).id;
});
afterAll(() => h.close());

const grantFor = async (bytes: Buffer, size = bytes.length) => {
  const res = await h.cdn('GET', `${B}/${bucket}/uploadtoken/${sha256(bytes)}/?size=${size}`);
  return res;
};
const putTo = (uploadUrl: string, bytes: Buffer) => {
  const url = new URL(uploadUrl);
  return h.req({ method: 'PUT', url: `${url.pathname}${url.search}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
};

describe('content-addressed uploads', () => {
  it('grants an upload bound to the hash and size, then answers "already stored" from any app or bucket', async () => {
    const bytes = Buffer.from('level one bundle');
    const first = await grantFor(bytes);
    expect(first.json()).toMatchObject({ stored: false, contentHash: sha256(bytes), contentSize: bytes.length });
    expect((await putTo(first.json().uploadUrl, bytes)).json()).toEqual({ contentHash: sha256(bytes), contentMd5: md5(bytes), contentSize: bytes.length });
    const other = (await newBucket(h, 'other')).id;
    const again = await h.cdn('GET', `${B}/${other}/uploadtoken/${sha256(bytes)}/?size=${bytes.length}`);
    expect(again.json()).toMatchObject({ stored: true, contentHash: sha256(bytes) });
  });

  it('refuses bytes that do not match the granted hash, size or MD5, and keeps nothing of them', async () => {
    const meant = Buffer.from('what the grant was for');
    const grant = (await grantFor(meant)).json();
    const wrong = Buffer.from('something else entirely');
    const refused = await putTo(grant.uploadUrl, Buffer.concat([wrong]).subarray(0, meant.length));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].message).toBe('SHA-256 of the content does not match');
    const short = await putTo(grant.uploadUrl, meant.subarray(0, 5));
    expect(short.statusCode).toBe(400);
    expect((await putTo(grant.uploadUrl, Buffer.concat([meant, Buffer.from('!')]))).statusCode).toBe(413);
    const badMd5 = await h.cdn('GET', `${B}/${bucket}/uploadtoken/${sha256(meant)}/?size=${meant.length}&md5=${'0'.repeat(32)}`);
    const md5Refused = await putTo(badMd5.json().uploadUrl, meant);
    expect(md5Refused.json().details[0].message).toBe('MD5 of the content does not match');
    expect((await grantFor(meant)).json().stored).toBe(false);
    const dir = join(h.ctx.config.blobDir, 'cdn', sha256(meant).slice(0, 2));
    expect((await readdir(dir).catch(() => [])).filter((f) => f.startsWith(sha256(meant)))).toEqual([]);
  });

  it('refuses a forged or altered grant, a size over the limit and a malformed hash', async () => {
    const bytes = Buffer.from('forged');
    const url = new URL((await grantFor(bytes)).json().uploadUrl);
    url.searchParams.set('size', String(bytes.length + 1));
    expect((await h.req({ method: 'PUT', url: `${url.pathname}${url.search}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } })).statusCode).toBe(403);
    const huge = await h.cdn('GET', `${B}/${bucket}/uploadtoken/${'a'.repeat(64)}/?size=${h.ctx.config.uploadLimitBytes + 1}`);
    expect(huge.statusCode).toBe(413);
    expect((await h.cdn('GET', `${B}/${bucket}/uploadtoken/not-a-hash/?size=1`)).statusCode).toBe(400);
  });

  it('sweeps blobs that no content row names once they are old enough, and keeps the others', async () => {
    const kept = await upload(h, bucket, Buffer.from('kept'));
    const orphan = Buffer.from('orphan');
    await contentStoreFor(h.ctx.config).put(Readable.from([orphan]), { hash: sha256(orphan), size: orphan.length });
    expect(await sweepOrphans(h.ctx)).toEqual([]);
    const removed = await sweepOrphans(h.ctx, Date.now() + ORPHAN_AGE_MS + 1000);
    expect(removed).toEqual([blobKeyOf(sha256(orphan))]);
    expect((await grantFor(Buffer.from('kept'))).json().stored).toBe(true);
    expect(kept).toBe(sha256(Buffer.from('kept')));
  });
});

describe('entries', () => {
  it('takes a path and uploaded content, answering its size and MD5 from the content', async () => {
    const e = await putEntry(h, bucket, 'bundles/a.bundle', 'AAAA');
    const got = (await h.cdn('GET', `${B}/${bucket}/entries/${e.id}/`)).json();
    expect(got).toMatchObject({ path: 'bundles/a.bundle', bucketId: bucket, contentSize: 4, contentMd5: md5(Buffer.from('AAAA')) });
  });

  it('refuses content never uploaded, a path taken in the bucket, and paths that leave the bucket', async () => {
    const missing = await h.cdn('POST', `${B}/${bucket}/entries/`, { path: 'x.bin', contentHash: 'b'.repeat(64) });
    expect(missing.json().details).toEqual([{ field: '/contentHash', message: 'content not uploaded: ask for an upload token first' }]);
    const hash = await upload(h, bucket, Buffer.from('AAAA'));
    const taken = await h.cdn('POST', `${B}/${bucket}/entries/`, { path: 'bundles/a.bundle', contentHash: hash });
    expect(taken.json().details).toEqual([{ field: '/path', message: 'an entry with this path exists in the bucket' }]);
    for (const [path, message] of [
      ['../secret', 'path may not contain . or .. segments'],
      ['a/../../b', 'path may not contain . or .. segments'],
      ['/etc/passwd', 'path must be relative to the bucket (no leading /)'],
      ['a\u0001b', 'path may not contain control characters'],
      ['a//b', 'path may not have empty segments'],
    ]) {
      const res = await h.cdn('POST', `${B}/${bucket}/entries/`, { path, contentHash: hash });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().details, path).toEqual([{ field: '/path', message }]);
    }
  });
});
