import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B, newBucket, putEntry, startCdn, type CdnHarness } from './cdn-fixtures';

let h: CdnHarness;

beforeAll(async () => {
  h = await startCdn();
});
afterAll(() => h.close());

describe('cdn buckets', () => {
  it('creates, lists with the total in Content-Range, and answers at the spec paths with their trailing slash', async () => {
    for (const name of ['alpha', 'beta', 'gamma']) expect((await h.cdn('POST', `${B}/`, { name })).statusCode).toBe(201);
    const page = await h.cdn('GET', `${B}/?offset=1&limit=1&sort=name&order=asc`);
    expect(page.statusCode).toBe(200);
    expect(page.json().map((b: { name: string }) => b.name)).toEqual(['beta']);
    expect(page.headers['content-range']).toBe('items 1-1/3');
    const empty = await h.cdn('GET', `${B}/?offset=5&limit=2`);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['content-range']).toBe('items */3');
    const one = page.json()[0] as { id: string; version: number };
    expect((await h.cdn('GET', `${B}/${one.id}/`)).json().name).toBe('beta');
    const put = await h.cdn('PUT', `${B}/${one.id}/`, { name: 'beta', private: true, version: one.version });
    expect(put.json().private).toBe(true);
  });

  it("keeps another app's buckets out", async () => {
    const mine = (await h.cdn('GET', `${B}/`)).json() as { id: string }[];
    const other = await h.svc('GET', `${B}/${mine[0].id}/`);
    expect([403, 404]).toContain(other.statusCode);
  });

  it('refuses to delete a bucket badges point into unless forced, and then deletes its entries, releases and badges', async () => {
    const bucket = (await newBucket(h, 'doomed')).id;
    await putEntry(h, bucket, 'a.txt', 'a');
    expect((await h.cdn('POST', `${B}/${bucket}/releases/`)).statusCode).toBe(201);
    const refused = await h.cdn('DELETE', `${B}/${bucket}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('IN_USE');
    expect((await h.cdn('GET', `${B}/${bucket}/entries/`)).headers['content-range']).toBe('items 0-0/1');
    expect((await h.cdn('DELETE', `${B}/${bucket}/?force=true`)).statusCode).toBe(204);
    expect((await h.cdn('GET', `${B}/${bucket}/`)).statusCode).toBe(404);
    const left = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${h.tableOf('asset-streaming', 'entries')} WHERE service = 'asset-streaming' AND parent_id = $1`, [bucket]);
    expect(left.rows[0].n).toBe(0);
  });

  it('deletes a bucket without badges straight away', async () => {
    const bucket = (await newBucket(h, 'plain')).id;
    await putEntry(h, bucket, 'a.txt', 'a');
    expect((await h.cdn('DELETE', `${B}/${bucket}/`)).statusCode).toBe(204);
  });
});
