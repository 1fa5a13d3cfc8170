import type { PassportModule } from '../part';
import { validateBattlePass } from './battle-pass';
import { liveopsHandlers } from './calls';
import { validateBillboard } from './billboards';
import { startClock } from './clock';
import { liveopsDemoSteps } from './demo';

/**
 * Passport's live-ops area: inbox sends and copies, per-persona progress on achievements, battle passes and quests,
 * billboard publishing and the time-driven states of billboards and battle passes.
 */
export const liveopsModule: PassportModule = {
  hooks: { battlePasses: { validate: validateBattlePass }, billboards: { validate: validateBillboard } },
  mount(api, ctx) {
    startClock(api, ctx);
  },
  calls: liveopsHandlers,
  seedSteps: liveopsDemoSteps,
};
