import { lazy } from 'react';
import type { RouteSet } from './types';

/** The organisation console (apps, members) and each app's own pages. */
export const orgRoutes: RouteSet = {
  user: [{ path: '/apps', Component: lazy(() => import('../pages/AppsPage')) }],
  app: [
    {
      path: 'dashboard',
      Component: lazy(() => import('../pages/AppHome')),
      menu: { label: { 'zh-CN': '概览', en: 'Overview' }, icon: 'DashboardOutlined', order: 0 },
    },
  ],
};
