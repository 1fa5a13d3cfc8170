import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** Device's hand-written piece: a session's screenshot and log on its page. Its lists and record page are declared. */
export const deviceRegistry: AreaRegistry = {
  pages: {},
  panels: {
    deviceSessionOutput: lazy(() => import('./SessionOutputPanel')),
  },
};
