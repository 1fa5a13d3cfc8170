import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYZE_PATH } from '../../resources/cdn/analysis';
import { advanceTimedStates } from '../../server/engine/timed-states';
import { modelOf } from '../../server/context';
import { B, newBucket, putEntry, startCdn, type CdnHarness } from './cdn-fixtures';
import { BUNDLES, sampleCatalog } from './cdn-analysis-catalog';

let h: CdnHarness;
const analyze = (bucketId: string, body?: unknown) => h.cdn('POST', ANALYZE_PATH.replace(':id', bucketId), body);
const bytes = (n: number, c: string) => c.repeat(n);

beforeAll(async () => {
  h = await startCdn('analysis');
});
afterAll(() => h.close());

/** A bucket released with an Addressables build: the catalog, two of its three bundles, a copy of one, a readme. */
async function releasedBuild(name: string, catalog: string): Promise<{ bucket: string; release: Record<string, unknown> }> {
  const bucket = (await newBucket(h, name)).id;
  await putEntry(h, bucket, 'Android/catalog.json', catalog);
  await putEntry(h, bucket, `Android/${BUNDLES.local}`, bytes(3000, 'L'));
  await putEntry(h, bucket, `Android/${BUNDLES.shared}`, bytes(1500, 'S'));
  await putEntry(h, bucket, 'legacy/shared.bundle', bytes(1500, 'S'));
  await putEntry(h, bucket, 'README.TXT', 'read me');
  const release = await h.cdn('POST', `${B}/${bucket}/releases/`);
  expect(release.statusCode, release.body).toBe(201);
  return { bucket, release: release.json() };
}

describe('bundle analysis', () => {
  it('sizes a release by directory and type, names its largest entries and the content stored under several paths', async () => {
    const catalog = sampleCatalog();
    const { bucket, release } = await releasedBuild('sizes', catalog);
    const res = await analyze(bucket);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    const size = catalog.length;
    expect(a).toMatchObject({ releaseId: release.id, releaseNum: release.releaseNum, status: 'fresh', entryCount: 5, totalBytes: size + 3000 + 1500 + 1500 + 7 });
    expect(a.directories).toEqual([
      { directory: 'Android', entries: 3, bytes: size + 4500 },
      { directory: 'legacy', entries: 1, bytes: 1500 },
      { directory: '', entries: 1, bytes: 7 },
    ]);
    expect(a.types).toEqual([
      { type: 'bundle', entries: 3, bytes: 6000 },
      { type: 'json', entries: 1, bytes: size },
      { type: 'txt', entries: 1, bytes: 7 },
    ]);
    expect(a.largest[0]).toMatchObject({ path: `Android/${BUNDLES.local}`, contentSize: 3000 });
    expect(a.duplicates).toEqual([{ contentHash: expect.any(String), contentSize: 1500, paths: [`Android/${BUNDLES.shared}`, 'legacy/shared.bundle'], wastedBytes: 1500 }]);
    expect(a.duplicateBytes).toBe(1500);
  });

  it.each([5, 7] as const)("reads the Addressables catalog's bundles and dependencies (%i-int entries), naming the bundles the release lacks", async (layout) => {
    const { bucket } = await releasedBuild(`catalog-${layout}`, sampleCatalog(layout));
    const { catalog } = (await analyze(bucket)).json();
    expect(catalog).toMatchObject({ path: 'Android/catalog.json', locatorId: 'AddressablesMainContentCatalog', assets: 3, missingBundles: [BUNDLES.levels] });
    expect(catalog.bundles).toEqual([
      { name: BUNDLES.local, internalId: `{UnityEngine.AddressableAssets.Addressables.RuntimePath}/Android/${BUNDLES.local}`, present: true, contentSize: 3000, assets: 1, dependencies: [BUNDLES.shared] },
      { name: BUNDLES.levels, internalId: `{UnityEngine.AddressableAssets.Addressables.RuntimePath}/Android/${BUNDLES.levels}`, present: false, contentSize: null, assets: 1, dependencies: [BUNDLES.local, BUNDLES.shared] },
      { name: BUNDLES.shared, internalId: `{UnityEngine.AddressableAssets.Addressables.RuntimePath}/Android/${BUNDLES.shared}`, present: true, contentSize: 1500, assets: 1, dependencies: [] },
    ]);
  });

  it("says so when the catalog cannot be read, and has no catalog when the release holds none", async () => {
    const broken = (await analyze((await releasedBuild('broken', '{"m_InternalIds": 3}')).bucket)).json();
    expect(broken.catalog).toEqual({ path: 'Android/catalog.json', error: 'not an Addressables catalog this server can read' });
    const plain = (await newBucket(h, 'plain')).id;
    await putEntry(h, plain, 'a.txt', 'a');
    await h.cdn('POST', `${B}/${plain}/releases/`);
    expect((await analyze(plain)).json()).toMatchObject({ entryCount: 1, catalog: null, duplicates: [] });
  });

  it('answers the fresh analysis again, and makes a new one once it went stale after 60 minutes', async () => {
    const { bucket, release } = await releasedBuild('stale', sampleCatalog());
    const first = (await analyze(bucket, { releaseId: release.id })).json();
    expect((await analyze(bucket)).json().id).toBe(first.id);

    await advanceTimedStates(h.ctx, new Date(Date.parse(first.analyzedAt) + 59 * 60_000), [modelOf(h.ctx, 'asset-streaming', 'bundle-analyses')]);
    expect((await h.cdn('GET', `${B}/${bucket}/analyses/${first.id}/`)).json().status).toBe('fresh');
    await advanceTimedStates(h.ctx, new Date(Date.parse(first.analyzedAt) + 61 * 60_000), [modelOf(h.ctx, 'asset-streaming', 'bundle-analyses')]);
    const listed = await h.cdn('GET', `${B}/${bucket}/analyses/`);
    expect(listed.json()).toMatchObject([{ id: first.id, status: 'stale' }]);

    const again = (await analyze(bucket)).json();
    expect(again.id).not.toBe(first.id);
    expect(again.status).toBe('fresh');
    const both = (await h.cdn('GET', `${B}/${bucket}/analyses/?sort=createdAt&order=asc`)).json();
    expect(both.map((x: { status: string }) => x.status)).toEqual(['stale', 'fresh']);
  });

  it('refuses a bucket without a release, a release of another bucket and a bucket of another app', async () => {
    const empty = (await newBucket(h, 'empty')).id;
    const none = await analyze(empty);
    expect([none.statusCode, none.json().message]).toEqual([404, 'the bucket has no release to analyze']);
    const { release } = await releasedBuild('elsewhere', sampleCatalog());
    expect((await analyze(empty, { releaseId: release.id })).statusCode).toBe(404);
    const foreign = await h.req({ method: 'POST', url: ANALYZE_PATH.replace(':id', empty), headers: { authorization: h.basic } });
    expect([403, 404]).toContain(foreign.statusCode);
  });
});
