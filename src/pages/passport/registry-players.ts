import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** Passport's players pages and record panels, by the names its declaration uses. */
export const playersRegistry: AreaRegistry = {
  pages: {
    passportPlayground: lazy(() => import('./PlayersPlayground')),
  },
  panels: {},
};
