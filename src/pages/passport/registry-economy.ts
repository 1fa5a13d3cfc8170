import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** Passport's economy pages and record panels, by the names its declaration uses. */
export const economyRegistry: AreaRegistry = {
  pages: {
    passportEconomyMetrics: lazy(() => import('./EconomyMetricsPage')),
  },
  panels: {},
};
