import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** Matchmaking's hand-written piece: a config's rule test with its charts. Its lists and record pages are declared. */
export const matchRegistry: AreaRegistry = {
  pages: {},
  panels: {
    matchConfigTest: lazy(() => import('./ConfigTestPanel')),
  },
};
