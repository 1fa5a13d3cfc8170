import { upr } from '../../../resources/upr';
import type { ServiceModule } from '../index';
import { uprDemoSteps } from './demo';
import { passportPlayerOf } from './player';
import { uprSessionCalls } from './sessions';

/** UPR: the game's reports of profiling sessions, their summaries and the app's overview (`resources/upr.ts`). */
export const uprModule: ServiceModule = {
  service: upr.name,
  calls: uprSessionCalls,
  player: passportPlayerOf(upr.name),
  seedSteps: uprDemoSteps,
};
