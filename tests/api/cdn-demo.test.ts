/**
 * The demo app's asset streaming can be tried at once: a public and a private bucket, releases whose content is
 * really stored and delivered, `live` one release behind `latest`, a week of deliveries and mods in two states.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetStreaming } from '../../resources/asset-streaming';
import { contentUrl } from '../../resources/cdn/delivery';
import { startHarness, type Harness } from './harness';

const CDN = assetStreaming.base;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Bucket = { id: string; name: string; private?: boolean; releaseCount: number };
const bucketsNamed = async () => Object.fromEntries(((await h.svc('GET', `${CDN}/buckets/`)).json() as Bucket[]).map((b) => [b.name, b]));

describe('the demo buckets', () => {
  it('has a public bucket of game assets with two releases and a private staging bucket', async () => {
    const buckets = await bucketsNamed();
    expect(buckets['game-assets']).toMatchObject({ private: false, releaseCount: 2 });
    expect(buckets['staging-builds']).toMatchObject({ private: true, releaseCount: 0 });
    const entries = (await h.svc('GET', `${CDN}/buckets/${buckets['game-assets'].id}/entries/?limit=100`)).json() as { path: string; contentSize: number }[];
    expect(entries.map((e) => e.path).sort()).toEqual(
      ['RELEASE-NOTES.txt', 'bundles/levels/desert.bundle', 'bundles/levels/forest.bundle', 'bundles/ui/hud.bundle', 'catalog.json', 'config/settings.json', 'textures/icon.png'].sort(),
    );
    // Browsable by directory: the root holds two folders' worth of bundles under one.
    const root = (await h.svc('GET', `${CDN}/buckets/${buckets['game-assets'].id}/entries_by_directory/`)).json() as { path: string; directory?: boolean; entryCount?: number }[];
    expect(root.filter((r) => r.directory)).toEqual([
      { directory: true, path: 'bundles/', entryCount: 3 },
      { directory: true, path: 'config/', entryCount: 1 },
      { directory: true, path: 'textures/', entryCount: 1 },
    ]);
  });

  // Read before this file's own deliveries add to today's count.
  it('has a week of deliveries in its statistics', async () => {
    const bucket = (await bucketsNamed())['game-assets'];
    const stats = (await h.svc('GET', `${CDN}/buckets/${bucket.id}/statistics`)).json() as { requests: number; days: { requests: number }[]; entries: { path: string }[] };
    const busy = stats.days.filter((d) => d.requests > 0);
    expect(busy.length).toBeGreaterThanOrEqual(7);
    expect(stats.requests).toBe(120 + 164 + 150 + 188 + 240 + 310 + 275 + (40 + 52 + 47 + 61 + 80 + 96 + 88) + (38 + 50 + 45 + 60 + 77 + 94 + 85));
    expect(stats.entries[0].path).toBe('catalog.json');
  });

  it('delivers the first release by `live` and the second by `latest`, each its own stored bytes', async () => {
    const bucket = (await bucketsNamed())['game-assets'];
    const live = (await h.svc('GET', `${CDN}/buckets/${bucket.id}/release_by_badge/live/`)).json();
    const latest = (await h.svc('GET', `${CDN}/buckets/${bucket.id}/release_by_badge/latest/`)).json();
    expect([live.releaseNum, latest.releaseNum]).toEqual([1, 2]);
    expect(latest.notes).toMatch(/Desert level/);
    const read = (badge: string, path: string) => h.req({ method: 'GET', url: contentUrl(CDN, bucket.id, { badge }, path) });
    const [oldSettings, newSettings] = [await read('live', 'config/settings.json'), await read('latest', 'config/settings.json')];
    expect([oldSettings.statusCode, newSettings.statusCode]).toEqual([200, 200]);
    expect(JSON.parse(oldSettings.body).version).toBe(1);
    expect(JSON.parse(newSettings.body).version).toBe(2);
    // The strong ETag is the SHA-256 of the bytes delivered.
    expect(newSettings.headers.etag).toBe(`"${createHash('sha256').update(newSettings.rawPayload).digest('hex')}"`);
    // The desert level is only in the second release; the icon is a PNG.
    expect((await read('live', 'bundles/levels/desert.bundle')).statusCode).toBe(404);
    const icon = await read('latest', 'textures/icon.png');
    expect(icon.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it("has a player's mod waiting for review and one still being made", async () => {
    const mods = (await h.svc('GET', `${CDN}/mods/basic/?limit=100`)).json() as { name: string; status: string; currentVersion?: number }[];
    const byName = Object.fromEntries(mods.map((m) => [m.name, m]));
    expect(byName['Canyon Run']).toMatchObject({ status: 'ongoing', currentVersion: 1 });
    expect(byName['Sunset skin']).toMatchObject({ status: 'not_start', currentVersion: 1 });
  });
});
