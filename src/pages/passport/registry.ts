import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/**
 * Passport's hand-written screens, by the names its declaration uses: the playground, a persona's battle pass and
 * the coming-soon page, and the panels of a leaderboard's, a billboard's and a battle pass's page. Its metrics are
 * declared dashboards, its other pages declared views.
 */
export const passportRegistry: AreaRegistry = {
  pages: {
    passportPlayground: lazy(() => import('./PlayersPlayground')),
    passportPersonaBattlePass: lazy(() => import('./LiveopsPersonaBattlePass')),
    passportComingSoon: lazy(() => import('./ConsoleComingSoon')),
  },
  panels: {
    leaderboardRanking: lazy(() => import('./LeaderboardsRankingPanel')),
    passportBillboardWindow: lazy(() => import('./LiveopsBillboardWindow')),
    passportBattlePassSlots: lazy(() => import('./LiveopsBattlePassSlots')),
  },
};
