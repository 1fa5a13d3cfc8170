import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B, newBucket, putEntry, startCdn, type CdnHarness } from './cdn-fixtures';

let h: CdnHarness;

beforeAll(async () => {
  h = await startCdn('releases');
});
afterAll(() => h.close());

const release = async (bucket: string, notes?: string) => {
  const res = await h.cdn('POST', `${B}/${bucket}/releases/`, notes ? { notes } : undefined);
  if (res.statusCode !== 201) throw new Error(`release: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; releaseNum: number; entryCount: number; totalSize: number };
};

describe('releases', () => {
  it('refuses to release an empty bucket', async () => {
    const empty = (await newBucket(h, 'empty')).id;
    const res = await h.cdn('POST', `${B}/${empty}/releases/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('the bucket has no entries to release');
  });

  it("freezes the bucket's entries, numbers releases and moves latest to each; the release keeps content its entries lose", async () => {
    const bucket = (await newBucket(h, 'game')).id;
    const a = await putEntry(h, bucket, 'data/a.txt', 'one');
    await putEntry(h, bucket, 'data/b.txt', 'two!');
    const first = await release(bucket, 'first');
    expect(first).toMatchObject({ releaseNum: 1, entryCount: 2, totalSize: 7, notes: 'first' });
    expect((await h.cdn('GET', `${B}/${bucket}/release_by_badge/latest/`)).json().id).toBe(first.id);

    expect((await h.cdn('DELETE', `${B}/${bucket}/entries/${a.id}/`)).statusCode).toBe(204);
    await putEntry(h, bucket, 'data/c.txt', 'three');
    const second = await release(bucket);
    expect(second.releaseNum).toBe(2);
    expect((await h.cdn('GET', `${B}/${bucket}/release_by_badge/latest/`)).json().id).toBe(second.id);

    const kept = await h.cdn('GET', `${B}/${bucket}/releases/${first.id}/entries/`);
    expect(kept.json().map((e: { path: string }) => e.path)).toEqual(['data/a.txt', 'data/b.txt']);
    expect(kept.headers['content-range']).toBe('items 0-1/2');
    const found = await h.cdn('GET', `${B}/${bucket}/releases/${second.id}/entries_by_fuzzy/?q=C.TX`);
    expect(found.json().map((e: { path: string }) => e.path)).toEqual(['data/c.txt']);
    const list = await h.cdn('GET', `${B}/${bucket}/releases/?sort=releaseNum&order=desc`);
    expect(list.json().map((r: { releaseNum: number }) => r.releaseNum)).toEqual([2, 1]);
    expect((await h.cdn('GET', `${B}/${bucket}/releases/${first.id}/`)).json().entryCount).toBe(2);
  });

  it("sets, moves and removes badges, refusing another bucket's release and the removal of latest", async () => {
    const bucket = (await newBucket(h, 'badged')).id;
    await putEntry(h, bucket, 'x.txt', 'x1');
    const r1 = await release(bucket);
    await putEntry(h, bucket, 'y.txt', 'y1');
    const r2 = await release(bucket);
    const set = await h.cdn('PUT', `${B}/${bucket}/badges/`, { name: 'stable', releaseId: r1.id });
    expect(set.json()).toMatchObject({ name: 'stable', releaseId: r1.id, releaseNum: 1 });
    await h.cdn('PUT', `${B}/${bucket}/badges/`, { name: 'stable', releaseId: r2.id });
    const badges = await h.cdn('GET', `${B}/${bucket}/badges/`);
    expect(badges.json().map((b: { name: string; releaseNum: number }) => [b.name, b.releaseNum])).toEqual([
      ['latest', 2],
      ['stable', 2],
    ]);
    const elsewhere = (await newBucket(h, 'elsewhere')).id;
    await putEntry(h, elsewhere, 'z.txt', 'z');
    const foreign = await release(elsewhere);
    const refused = await h.cdn('PUT', `${B}/${bucket}/badges/`, { name: 'stable', releaseId: foreign.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: '/releaseId', message: 'no such release in this bucket' }]);
    expect((await h.cdn('DELETE', `${B}/${bucket}/badges/latest/`)).statusCode).toBe(409);
    expect((await h.cdn('DELETE', `${B}/${bucket}/badges/stable/`)).statusCode).toBe(204);
    expect((await h.cdn('GET', `${B}/${bucket}/release_by_badge/stable/`)).statusCode).toBe(404);
  });

  it('promotes a release into another bucket as its next release, with the same content', async () => {
    const staging = (await newBucket(h, 'staging')).id;
    const production = (await newBucket(h, 'production')).id;
    await putEntry(h, staging, 'bundle.bin', 'ship it');
    const r = await release(staging);
    const promoted = await h.cdn('POST', `${B}/${staging}/promote/`, { releaseId: r.id, toBucketId: production });
    expect(promoted.statusCode).toBe(201);
    expect(promoted.json()).toMatchObject({ bucketId: production, releaseNum: 1, promotedFrom: r.id, entryCount: 1 });
    const rows = (await h.cdn('GET', `${B}/${production}/releases/${promoted.json().id}/entries/`)).json();
    const original = (await h.cdn('GET', `${B}/${staging}/releases/${r.id}/entries/`)).json();
    expect(rows).toEqual(original);
    expect((await h.cdn('GET', `${B}/${production}/release_by_badge/latest/`)).json().id).toBe(promoted.json().id);
    expect((await h.cdn('POST', `${B}/${staging}/promote/`, { releaseId: r.id, toBucketId: staging })).statusCode).toBe(400);
  });
});

describe('entries by directory', () => {
  it('lists a directory (sub-directories first) and deletes a whole directory', async () => {
    const bucket = (await newBucket(h, 'tree')).id;
    for (const p of ['readme.txt', 'levels/1/map.bin', 'levels/1/sky.png', 'levels/2/map.bin', 'levels/index.json']) await putEntry(h, bucket, p, p);
    const root = await h.cdn('GET', `${B}/${bucket}/entries_by_directory/`);
    expect(root.json().map((r: { path: string }) => r.path)).toEqual(['levels/', 'readme.txt']);
    const levels = (await h.cdn('GET', `${B}/${bucket}/entries_by_directory/?dir=levels`)).json();
    expect(levels.map((r: { path: string; entryCount?: number }) => [r.path, r.entryCount])).toEqual([
      ['levels/1/', 2],
      ['levels/2/', 1],
      ['levels/index.json', undefined],
    ]);
    expect((await h.cdn('GET', `${B}/${bucket}/entries_by_directory/?dir=../x`)).statusCode).toBe(400);
    expect((await h.cdn('DELETE', `${B}/${bucket}/entries_by_directory/?dir=levels/1`)).json()).toEqual({ deleted: 2 });
    const left = await h.cdn('GET', `${B}/${bucket}/entries/?sort=path&order=asc`);
    expect(left.json().map((e: { path: string }) => e.path)).toEqual(['levels/2/map.bin', 'levels/index.json', 'readme.txt']);
    const fuzzy = await h.cdn('GET', `${B}/${bucket}/entries_by_fuzzy/?q=MAP&limit=5`);
    expect(fuzzy.headers['content-range']).toBe('items 0-0/1');
    const ids = left.json().slice(0, 2).map((e: { id: string }) => e.id);
    expect((await h.cdn('POST', `${B}/${bucket}/delmultientries/`, { ids })).json()).toEqual({ deleted: 2 });
  });
});
