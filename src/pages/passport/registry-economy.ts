import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** Passport's economy pages and record panels, by the names its declaration uses. */
export const economyRegistry: AreaRegistry = {
  pages: {
    passportEconomyMetrics: lazy(() => import('./EconomyMetricsPage')),
  },
  panels: {
    // Shown on the players area's persona page (its declaration names this key).
    passportPersonaInventory: lazy(() => import('./EconomyPersonaInventory')),
    passportProductDetail: lazy(() => import('./EconomyProductDetail')),
    passportTokenUsedInfo: lazy(() => import('./EconomyTokenUsedInfo')),
  },
};
