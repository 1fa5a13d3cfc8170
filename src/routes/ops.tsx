import { lazy } from 'react';
import type { RouteSet } from './types';

/** The ops pages: the app monitor, and the back-office pages. */
export const opsRoutes: RouteSet = {
  app: [
    {
      path: 'monitor',
      Component: lazy(() => import('../pages/ops/MonitorPage')),
      menu: { label: { 'zh-CN': '运维监控', en: 'Monitor' }, icon: 'MonitorOutlined', order: 70 },
    },
  ],
  admin: [
    {
      path: 'stats',
      Component: lazy(() => import('../pages/admin/ops/StatsPage')),
      menu: { label: { 'zh-CN': '统计', en: 'Statistics' }, icon: 'BarChartOutlined', order: 10 },
    },
    {
      path: 'apps-daily',
      Component: lazy(() => import('../pages/admin/ops/AppsDailyPage')),
      menu: { label: { 'zh-CN': '应用日报', en: 'Apps by day' }, icon: 'CalendarOutlined', order: 11 },
    },
    {
      path: 'consultation',
      Component: lazy(() => import('../pages/admin/ops/ConsultationAdminPage')),
      menu: { label: { 'zh-CN': '咨询工单', en: 'Consultation' }, icon: 'CustomerServiceOutlined', order: 60 },
    },
    {
      path: 'history',
      Component: lazy(() => import('../pages/admin/ops/HistoryAdminPage')),
      menu: { label: { 'zh-CN': '操作记录', en: 'Operation history' }, icon: 'HistoryOutlined', order: 70 },
    },
  ],
};
