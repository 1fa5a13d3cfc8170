/**
 * The demo app's publishing: WeChat set up and enabled with its credentials, Douyin set up but not enabled. No
 * publish is made: a build is an asset streaming release the developer publishes (the tutorial makes one).
 */
import type { DemoEntry } from '../demo-types';

export const WIND_DEMO: DemoEntry[] = [
  {
    resource: 'channels',
    // The mask is what the engine keeps of the secret on a write (`x-mask-of`): six dots and its last four characters.
    data: { channel: 'wechat', title: 'Demo Game on WeChat', enabled: true, idKey: 'wx0d3e4f5a6b7c8d9e', secretKey: 'demo-wechat-secret-2a9f', secretKeyMasked: '••••••2a9f' },
  },
  { resource: 'channels', data: { channel: 'douyin', title: 'Demo Game on Douyin', enabled: false, idKey: 'tt9e8d7c6b5a4f3e2d', callbackUrl: 'https://demo.example.com/douyin/callback' } },
];
