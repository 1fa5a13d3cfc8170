import type { PassportModule } from '../part';
import { economyHandlers } from './calls';
import { mountCatalogRoutes } from './catalog-routes';
import { economyHooks } from './hooks';
import { mountPurchaseRoutes } from './purchase-routes';
import { economyDemoSteps } from './seed';
import { mountTokenRoutes } from './token-routes';
import { sweepTokenClasses } from './tokens';

/** How often released gift packs are moved along with time (pending → active → expired). */
const SWEEP_MS = 15_000;

/** Passport's economy area: behaviour its declarations cannot express. */
export const economyModule: PassportModule = {
  hooks: economyHooks,
  mount(api, ctx) {
    mountCatalogRoutes(api, ctx);
    mountPurchaseRoutes(api, ctx);
    mountTokenRoutes(api, ctx);
    const timer = setInterval(() => void sweepTokenClasses(ctx).catch(() => undefined), SWEEP_MS);
    timer.unref();
    api.app.addHook('onClose', async () => clearInterval(timer));
  },
  calls: economyHandlers,
  seedSteps: economyDemoSteps,
};
