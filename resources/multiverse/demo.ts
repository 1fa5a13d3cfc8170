/**
 * The demo app's Multiverse: the repository's example echo server uploaded and built as an image, an on-demand game
 * in the `local` region, and its profile with one released revision — ready to allocate a server. The revision's
 * number, millicores, memory and normalised environment are worked out by its derive hook, as a create's are. The
 * schemas' examples name these records by their fixed ids.
 */
import type { DemoEntry } from '../demo-types';

export const MULTIVERSE_DEMO_IDS = { image: 'demo-echo-image', game: 'demo-game', profile: 'demo-profile', revision: 'demo-revision' } as const;

export const MULTIVERSE_DEMO: DemoEntry[] = [
  { step: 'echoImage', with: { id: MULTIVERSE_DEMO_IDS.image, name: 'echo', startCommand: 'node server.mjs' } },
  { resource: 'games', id: MULTIVERSE_DEMO_IDS.game, name: 'game', data: { name: 'echo-arena', mode: 'OnDemandGame', regions: ['local'], bufferPercent: 20, minReady: 1, maxServers: 10 } },
  { resource: 'profiles', id: MULTIVERSE_DEMO_IDS.profile, name: 'profile', data: { gameId: MULTIVERSE_DEMO_IDS.game, name: 'default' } },
  {
    resource: 'profile-revisions',
    id: MULTIVERSE_DEMO_IDS.revision,
    name: 'revision',
    data: {
      profileId: MULTIVERSE_DEMO_IDS.profile,
      imageId: MULTIVERSE_DEMO_IDS.image,
      cpu: 0.1,
      ports: [{ name: 'game', port: 9998, protocol: 'UDP' }],
      env: [{ name: 'GREETING', value: 'hello' }],
      allocationTtlSeconds: 30,
      playerCapacity: 8,
      health: { periodSeconds: 5, failureThreshold: 3, initialDelaySeconds: 5 },
    },
  },
  { resource: 'profile-revisions', call: 'release', record: { ref: 'revision' } },
  { resource: 'games', update: 'game', set: { profileId: MULTIVERSE_DEMO_IDS.profile } },
];
