/**
 * The demo app's Device: one APK uploaded and one finished session on it (passed), its device time billed. The
 * package is built and signed, and the session written as a run would leave it, when the demo is seeded
 * (`server/services/device/demo.ts`): the demo has no device attached.
 */
import type { DemoEntry } from '../demo-types';

export const DEVICE_DEMO_PACKAGE = 'com.lodestar.demo.lanternrun';

export const DEVICE_DEMO: DemoEntry[] = [
  { call: 'config.save', params: { appId: { ref: 'app' } }, fields: { monkeyEvents: 300, throttleMs: 150, timeoutSeconds: 600, devices: [] } },
  {
    step: 'packageAndSession',
    with: {
      fileName: 'lantern-run-0.9.4.apk',
      spec: { versionName: '0.9.4', versionCode: 94, minSdk: 26, targetSdk: 34 },
      session: { serial: 'lab-pixel-6a', model: 'Pixel 6a', events: 300, deviceSeconds: 184 },
    },
  },
];
