/**
 * The demo app's publishing: WeChat set up and enabled with its credentials (no upload endpoint: its step checks the
 * package and says it uploaded nothing), Douyin set up but not enabled, a mini-game build released in an asset
 * streaming bucket of its own, and one publish of it made by the publish call.
 */
import type { DemoEntry } from '../demo-types';
import { WIND_DEMO_BUCKET_ID, WIND_DEMO_FILES } from './demo-build';

export const WIND_DEMO: DemoEntry[] = [
  {
    resource: 'channels',
    // The mask is what the engine keeps of the secret on a write (`x-mask-of`): six dots and its last four characters.
    data: { channel: 'wechat', title: 'Demo Game on WeChat', enabled: true, idKey: 'wx0d3e4f5a6b7c8d9e', secretKey: 'demo-wechat-secret-2a9f', secretKeyMasked: '••••••2a9f' },
  },
  { resource: 'channels', data: { channel: 'douyin', title: 'Demo Game on Douyin', enabled: false, idKey: 'tt9e8d7c6b5a4f3e2d', callbackUrl: 'https://demo.example.com/douyin/callback' } },
  // The build: a bucket of asset streaming holding the mini-game's files, and its first release.
  {
    step: 'build',
    name: 'minigame-release',
    with: {
      bucketId: WIND_DEMO_BUCKET_ID,
      name: 'minigame-builds',
      description: 'Mini-game builds published to the channels',
      notes: 'Bouncing-ball demo with the first level',
      files: WIND_DEMO_FILES,
    },
  },
  {
    call: 'publish',
    params: { id: { ref: 'app' } },
    fields: { bucketId: WIND_DEMO_BUCKET_ID, releaseId: { ref: 'minigame-release' }, versionName: '0.9.0', description: 'First build for the WeChat testers', engineVersion: '3.8.2' },
  },
];
