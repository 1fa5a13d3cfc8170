import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** Passport's leaderboards pages and record panels, by the names its declaration uses. */
export const leaderboardsRegistry: AreaRegistry = {
  pages: {},
  panels: {
    leaderboardRanking: lazy(() => import('./LeaderboardsRankingPanel')),
  },
};
