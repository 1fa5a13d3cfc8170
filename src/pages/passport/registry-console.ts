import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** Passport's console pages and record panels, by the names its declaration uses. */
export const consoleRegistry: AreaRegistry = {
  pages: { passportComingSoon: lazy(() => import('./ConsoleComingSoon')) },
  panels: {},
};
