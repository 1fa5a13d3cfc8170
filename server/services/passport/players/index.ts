import type { Ctx } from '../../../context';
import type { PassportModule } from '../part';
import { accountHandlers } from './account-calls';
import { accountViewHandlers, signInHandlers } from './account-routes';
import { recordFinishedDays } from './dau';
import { playersDemoSteps } from './demo';
import { friendHandlers } from './friend-calls';
import { playersHooks } from './hooks';
import { pruneCallCounts } from './metering';
import { metricsHandlers } from './metrics-calls';
import { playerPrincipal } from './principal';

/** How often the server records finished days' DAU for billing and prunes old call counts. */
export const HOUSEKEEPING_MS = 15 * 60_000;

/** Records every app's finished days of DAU and drops call counts past their keeping time. */
export async function playersHousekeeping(ctx: Ctx): Promise<void> {
  await recordFinishedDays(ctx.db);
  await pruneCallCounts(ctx.db);
}

/** Passport's players area: behaviour its declarations cannot express. */
export const playersModule: PassportModule = {
  hooks: playersHooks,
  jobs: (ctx) => [{ name: 'passport.players.housekeeping', everyMs: HOUSEKEEPING_MS, run: () => playersHousekeeping(ctx) }],
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
