/**
 * The demo app's profiling: two sessions of one level on two devices, reported through the report call as a game
 * would, their samples made by the step `uprSamples` (`server/services/upr/demo.ts`): steady frames with a GC pause
 * every few seconds, a slower device, and one stretch of heavy frames.
 */
import type { DemoEntry } from '../demo-types';

const samples = (seconds: number, frameMs: number, memoryMb: number, heavyFrom: number) => ({ value: 'uprSamples', with: { seconds, frameMs, memoryMb, heavyFrom } });

export const UPR_DEMO: DemoEntry[] = [
  {
    call: 'sessions.report',
    fields: { name: 'Canyon level run', device: 'Galaxy S21', platform: 'Android', appVersion: '1.3.2', scene: 'Canyon', samples: samples(60, 16.7, 640, 35) },
    name: 'upr-canyon-android',
  },
  {
    call: 'sessions.report',
    fields: { name: 'Canyon level run', device: 'iPhone 12', platform: 'iOS', appVersion: '1.3.2', scene: 'Canyon', samples: samples(60, 12.5, 520, 40) },
    name: 'upr-canyon-ios',
  },
];
