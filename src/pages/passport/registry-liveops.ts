import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/** Passport's liveops pages and record panels, by the names its declaration uses. */
export const liveopsRegistry: AreaRegistry = {
  pages: {
    passportPersonaBattlePass: lazy(() => import('./LiveopsPersonaBattlePass')),
  },
  panels: {
    passportBillboardWindow: lazy(() => import('./LiveopsBillboardWindow')),
    passportBattlePassSlots: lazy(() => import('./LiveopsBattlePassSlots')),
  },
};
