import { lazy } from 'react';
import type { RouteSet } from './types';

/** The metering pages: usage, the app bill, the printable monthly statement, and the back office's bills. */
export const meteringRoutes: RouteSet = {
  user: [
    { path: '/apps/usage', Component: lazy(() => import('../pages/metering/UsagePage')) },
    { path: '/papers/month-bill', Component: lazy(() => import('../pages/metering/MonthBillPaper')) },
  ],
  app: [
    {
      path: 'bill',
      Component: lazy(() => import('../pages/metering/AppBillPage')),
      menu: { label: { 'zh-CN': '账单', en: 'Bill' }, icon: 'BankOutlined', order: 70 },
    },
  ],
  admin: [
    {
      path: 'bill',
      Component: lazy(() => import('../pages/admin/metering/BillsAdminPage')),
      menu: { label: { 'zh-CN': '账单', en: 'Bills' }, icon: 'BankOutlined', order: 32 },
    },
    {
      path: 'bill-logs',
      Component: lazy(() => import('../pages/admin/metering/BillLogsPage')),
      menu: { label: { 'zh-CN': '出账记录', en: 'Bill logs' }, icon: 'ScheduleOutlined', order: 33 },
    },
    {
      path: 'apps-bill',
      Component: lazy(() => import('../pages/admin/metering/AppsBillPage')),
      menu: { label: { 'zh-CN': '应用账单', en: 'Apps bill' }, icon: 'AppstoreOutlined', order: 34 },
    },
  ],
};
