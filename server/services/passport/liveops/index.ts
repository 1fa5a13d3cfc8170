import type { PassportModule } from '../part';
import { mountAchievements } from './achievement-routes';
import { validateBattlePass } from './battle-pass';
import { battlePassHandlers } from './battle-pass-routes';
import { mountBillboards } from './billboard-routes';
import { validateBillboard } from './billboards';
import { startClock } from './clock';
import { liveopsDemoSteps } from './demo';
import { mountInbox } from './inbox-routes';
import { mountQuests } from './quest-routes';

/**
 * Passport's live-ops area: inbox sends and copies, per-persona progress on achievements, battle passes and quests,
 * billboard publishing and the time-driven states of billboards and battle passes.
 */
export const liveopsModule: PassportModule = {
  hooks: { battlePasses: { validate: validateBattlePass }, billboards: { validate: validateBillboard } },
  mount(api, ctx) {
    mountInbox(api, ctx);
    mountAchievements(api, ctx);
    mountBillboards(api, ctx);
    mountQuests(api, ctx);
    startClock(api, ctx);
  },
  calls: (ctx) => ({ ...battlePassHandlers(ctx) }),
  seedSteps: liveopsDemoSteps,
};
