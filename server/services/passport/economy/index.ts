import type { PassportModule } from '../part';
import { economyHandlers } from './calls';
import { catalogHandlers } from './catalog-routes';
import { economyHooks } from './hooks';
import { mountPurchaseRoutes, purchaseHandlers } from './purchase-routes';
import { economyDemoSteps } from './seed';
import { tokenHandlers } from './token-routes';

/** Passport's economy area: behaviour its declarations cannot express. */
export const economyModule: PassportModule = {
  hooks: economyHooks,
  mount(api, ctx) {
    mountPurchaseRoutes(api, ctx);
  },
  calls: (ctx) => ({ ...economyHandlers(ctx), ...catalogHandlers(ctx), ...purchaseHandlers(ctx), ...tokenHandlers(ctx) }),
  seedSteps: economyDemoSteps,
};
