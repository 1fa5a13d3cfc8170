import { lazy } from 'react';
import { SIGN_IN_PATH } from '../../providers/http';
import type { RouteSet } from './types';

/** The account pages: signing in and out, and the account's own settings. */
export const accountRoutes: RouteSet = {
  public: [{ path: SIGN_IN_PATH, Component: lazy(() => import('../pages/LoginPage')), hideFooter: true }],
};
