import type { PassportModule } from '../part';
import { economyHandlers } from './calls';
import { mountCatalogRoutes } from './catalog-routes';
import { economyHooks } from './hooks';
import { mountPurchaseRoutes } from './purchase-routes';
import { economyDemoSteps } from './seed';
import { mountTokenRoutes } from './token-routes';

/** Passport's economy area: behaviour its declarations cannot express. */
export const economyModule: PassportModule = {
  hooks: economyHooks,
  mount(api, ctx) {
    mountCatalogRoutes(api, ctx);
    mountPurchaseRoutes(api, ctx);
    mountTokenRoutes(api, ctx);
  },
  calls: economyHandlers,
  seedSteps: economyDemoSteps,
};
