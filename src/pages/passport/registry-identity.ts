import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** Passport's identity pages and record panels, by the names its declaration uses. */
export const identityRegistry: AreaRegistry = {
  pages: {
    passportVerifyCodes: lazy(() => import('./IdentityVerifyCodes')),
  },
  panels: {},
};
