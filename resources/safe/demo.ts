/**
 * The demo app's Safe: enabled with its info, its release signer in the SHA-1 list, and three packages checked and
 * protected — a clean release, a debug build with high risks, and a repackaged build signed by someone else. The
 * packages are built and signed when the demo is seeded (`server/services/safe/demo.ts`).
 */
import type { DemoEntry } from '../demo-types';

export const SAFE_DEMO_PACKAGE = 'com.lodestar.demo.skyforge';

export const SAFE_DEMO: DemoEntry[] = [
  { call: 'enable', params: { id: { ref: 'app' } }, name: 'safe-app' },
  {
    resource: 'apps',
    update: 'safe-app',
    set: {
      info: { appName: 'Skyforge', packageName: SAFE_DEMO_PACKAGE, description: 'The Android release and its test builds' },
      config: { minTargetSdk: 31, requireRegisteredSigner: true, externalHardening: false },
    },
  },
  {
    step: 'packages',
    with: {
      registered: 'Skyforge release key',
      packages: [
        { fileName: 'skyforge-2.3.0.apk', signer: 'release', spec: { versionName: '2.3.0', versionCode: 230, targetSdk: 34, allowBackup: false } },
        { fileName: 'skyforge-2.3.1-debug.apk', signer: 'release', spec: { versionName: '2.3.1', versionCode: 231, targetSdk: 34, debuggable: true, usesCleartextTraffic: true } },
        { fileName: 'skyforge-2.3.0-mirror.apk', signer: 'stranger', spec: { versionName: '2.3.0', versionCode: 230, targetSdk: 29, permissions: ['android.permission.INTERNET', 'android.permission.READ_SMS'] } },
      ],
    },
  },
];
