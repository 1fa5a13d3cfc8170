import type { PassportModule } from '../part';
import { liveopsHandlers } from './calls';
import { validateBillboard } from './billboards';
import { liveopsDemoSteps } from './demo';

/**
 * Passport's live-ops area: inbox sends and copies, per-persona progress on achievements, battle passes and quests,
 * billboard publishing. The time-driven states of billboards and battle passes are declared (`StatusDecl.timed`).
 */
export const liveopsModule: PassportModule = {
  hooks: { billboards: { validate: validateBillboard } },
  calls: liveopsHandlers,
  seedSteps: liveopsDemoSteps,
};
