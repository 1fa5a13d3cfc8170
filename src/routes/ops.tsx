import { lazy } from 'react';
import type { AwaitingPage } from '../pages/admin/ops/AwaitingServicePage';
import type { PageRoute, RouteSet } from './types';

/** An administrator page that belongs to another service's back office (see AwaitingServicePage). */
function awaiting(page: AwaitingPage, service: string, label: PageRoute['menu'], icon: string): PageRoute {
  return {
    path: page,
    Component: lazy(() =>
      import('../pages/admin/ops/AwaitingServicePage').then(({ AwaitingServicePage }) => ({
        default: () => <AwaitingServicePage page={page} service={service} />,
      })),
    ),
    menu: label && { ...label, icon },
  };
}

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
    awaiting('placeholder', 'multiverse', { label: { 'zh-CN': '占位调度', en: 'Placeholders' }, order: 81 }, 'ScheduleOutlined'),
    awaiting('sync-management', 'usync', { label: { 'zh-CN': '同步服务管理', en: 'Sync management' }, order: 82 }, 'SyncOutlined'),
  ],
};
