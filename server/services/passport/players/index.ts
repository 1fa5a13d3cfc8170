import type { Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import type { PassportModule } from '../part';
import { accountHandlers } from './account-calls';
import { mountAccountViews, signInHandlers } from './account-routes';
import { recordFinishedDays } from './dau';
import { playersDemoSteps } from './demo';
import { friendHandlers, mountFriendViews } from './friend-calls';
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

function mount(api: Api, ctx: Ctx): void {
  mountAccountViews(api, ctx);
  mountFriendViews(api, ctx);
  const timer = setInterval(() => {
    playersHousekeeping(ctx).catch((err: unknown) => api.app.log.error({ err }, 'passport players housekeeping failed'));
  }, HOUSEKEEPING_MS);
  timer.unref();
  api.app.addHook('onClose', async () => clearInterval(timer));
}

/** Passport's players area: behaviour its declarations cannot express. */
export const playersModule: PassportModule = {
  hooks: playersHooks,
  mount,
  calls: (ctx) => ({ ...signInHandlers(ctx), ...accountHandlers(ctx), ...friendHandlers(ctx), ...metricsHandlers(ctx) }),
  seedSteps: playersDemoSteps,
  player: playerPrincipal,
};
