import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** UPR's hand-written screen: the charts on a profiling session's page. Its list and record page are declared. */
export const uprRegistry: AreaRegistry = {
  pages: {},
  panels: {
    uprSessionCharts: lazy(() => import('./SessionChartsPanel')),
  },
};
