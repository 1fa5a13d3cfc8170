/**
 * The demo app's asset streaming: a public bucket of game assets with two releases (`latest` on the second, `live`
 * still on the first), a private staging bucket, a week of deliveries for the statistics chart, and two players'
 * mods, one waiting for review. Content is stored through the service's own store by the `contentHash` value
 * (`server/services/cdn/demo.ts`), which names the made-up bytes by name.
 */
import type { DemoEntry } from '../demo-types';
import { DEMO_USER_ID } from '../passport/demo-players';
import { DEMO_BUCKET_ID } from './demo-ids';

/** The stored content's hash, size and MD5 (the entry's server-managed fields), by the content's name. */
const content = (name: string) => ({
  contentHash: { value: 'contentHash', with: { content: name } },
  contentSize: { value: 'contentSize', with: { content: name } },
  contentMd5: { value: 'contentMd5', with: { content: name } },
});

const entry = (bucket: string, path: string, name: string, contentType: string, extra: { name?: string; labels?: string[] } = {}): DemoEntry => ({
  resource: 'entries',
  ...(extra.name ? { name: extra.name } : {}),
  parent: { ref: bucket },
  data: { bucketId: { ref: bucket }, path, contentType, ...content(name), ...(extra.labels ? { labels: extra.labels } : {}) },
});

/** A mod file: its path and the content it holds. */
const modFile = (path: string, name: string, contentType: string) => ({
  path,
  contentType,
  contentHash: { value: 'contentHash', with: { content: name } },
  contentSize: { value: 'contentSize', with: { content: name } },
});

const BUNDLE = 'application/octet-stream';
const JSON_TYPE = 'application/json';

export const CDN_DEMO: DemoEntry[] = [
  { resource: 'buckets', name: 'game-assets', id: DEMO_BUCKET_ID, data: { name: 'game-assets', description: 'Asset bundles and settings the game downloads at start', private: false, releaseCount: 0 } },
  { resource: 'buckets', name: 'staging', data: { name: 'staging-builds', description: 'Builds under test before they go to game-assets', private: true, releaseCount: 0 } },
  entry('game-assets', 'catalog.json', 'catalog-1', JSON_TYPE, { name: 'catalog' }),
  entry('game-assets', 'config/settings.json', 'settings-1', JSON_TYPE, { name: 'settings' }),
  entry('game-assets', 'bundles/levels/forest.bundle', 'forest', BUNDLE, { labels: ['level'] }),
  entry('game-assets', 'bundles/ui/hud.bundle', 'hud', BUNDLE, { labels: ['ui'] }),
  entry('game-assets', 'textures/icon.png', 'icon', 'image/png'),
  { call: 'releases.create', record: { ref: 'game-assets' }, fields: { notes: 'First playable build: forest level and HUD' }, name: 'release-1' },
  // The second release: a new level, the catalog that lists it, and rebalanced settings.
  entry('game-assets', 'bundles/levels/desert.bundle', 'desert', BUNDLE, { labels: ['level'] }),
  entry('game-assets', 'RELEASE-NOTES.txt', 'notes', 'text/plain'),
  { resource: 'entries', update: 'catalog', set: content('catalog-2') },
  { resource: 'entries', update: 'settings', set: content('settings-2') },
  { call: 'releases.create', record: { ref: 'game-assets' }, fields: { notes: 'Desert level; rewards and difficulty rebalanced' }, name: 'release-2' },
  // The players still get the first release until the second is tried out.
  { call: 'badges.set', record: { ref: 'game-assets' }, fields: { name: 'live', releaseId: { ref: 'release-1' } } },
  entry('staging', 'catalog.json', 'catalog-2', JSON_TYPE),
  entry('staging', 'config/settings.json', 'settings-2', JSON_TYPE),
  // A week of downloads, oldest day first.
  { step: 'deliveries', with: { bucket: { ref: 'game-assets' }, path: 'catalog.json', content: 'catalog-1', perDay: [120, 164, 150, 188, 240, 310, 275] } },
  { step: 'deliveries', with: { bucket: { ref: 'game-assets' }, path: 'bundles/levels/forest.bundle', content: 'forest', perDay: [40, 52, 47, 61, 80, 96, 88] } },
  { step: 'deliveries', with: { bucket: { ref: 'game-assets' }, path: 'bundles/ui/hud.bundle', content: 'hud', perDay: [38, 50, 45, 60, 77, 94, 85] } },
  // Players' mods: one submitted for review, one still being made.
  { call: 'mods.create', player: { userId: DEMO_USER_ID }, fields: { name: 'Canyon Run', description: 'A timed race through the desert canyon' }, name: 'mod-canyon' },
  { call: 'mods.addVersion', player: { userId: DEMO_USER_ID }, params: { modId: { ref: 'mod-canyon' } }, fields: { note: 'First version', entries: [modFile('maps/canyon.json', 'mod-map', JSON_TYPE)] } },
  { call: 'mods.submit', player: { userId: DEMO_USER_ID }, params: { modId: { ref: 'mod-canyon' } } },
  { call: 'mods.create', player: { userId: DEMO_USER_ID }, fields: { name: 'Sunset skin', description: 'Warm colours for the HUD' }, name: 'mod-skin' },
  { call: 'mods.addVersion', player: { userId: DEMO_USER_ID }, params: { modId: { ref: 'mod-skin' } }, fields: { entries: [modFile('skins/sunset.png', 'mod-skin', 'image/png')] } },
];
