import type { PassportModule } from '../part';
import { accountHandlers } from './account-calls';
import { accountViewHandlers, signInHandlers } from './account-routes';
import { recordFinishedDays } from './dau';
import { playersDemoSteps } from './demo';
import { friendHandlers } from './friend-calls';
import { playersHooks } from './hooks';
import { metricsHandlers } from './metrics-calls';
import { playerPrincipal } from './principal';

/** How often the server records finished days' DAU for billing. */
const DAU_EVERY_MS = 15 * 60_000;

/** Passport's players area: behaviour its declarations cannot express. */
export const playersModule: PassportModule = {
  hooks: playersHooks,
  jobs: (ctx) => [{ name: 'passport.players.housekeeping', everyMs: DAU_EVERY_MS, run: () => recordFinishedDays(ctx.db) }],
  calls: (ctx) => ({
    ...signInHandlers(ctx),
    ...accountHandlers(ctx),
    ...accountViewHandlers(ctx),
    ...friendHandlers(ctx),
    ...metricsHandlers(ctx),
  }),
  seedSteps: playersDemoSteps,
  player: playerPrincipal,
};
