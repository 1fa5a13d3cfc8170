import { lazy } from 'react';
import type { RouteSet } from './types';

const BalancesPage = lazy(() => import('../pages/admin/billing/BalancesPage'));
const OrgBalancePage = lazy(() => import('../pages/admin/billing/OrgBalancePage'));

/** The billing pages: an organisation's balance and transactions, and the back offices' balances and adjustments. */
export const billingRoutes: RouteSet = {
  user: [{ path: '/apps/bill', Component: lazy(() => import('../pages/billing/OrgBillPage')) }],
  admin: [
    { path: 'balance', Component: BalancesPage, menu: { label: { 'zh-CN': '组织余额', en: 'Balances' }, icon: 'BankOutlined', order: 30 } },
    { path: 'balance/:orgId', Component: OrgBalancePage },
    {
      path: 'adjustment',
      Component: lazy(() => import('../pages/admin/billing/AdjustmentPage')),
      menu: { label: { 'zh-CN': '调账', en: 'Adjustments' }, icon: 'ToolOutlined', order: 31 },
    },
  ],
  finance: [
    { path: '', Component: BalancesPage, menu: { label: { 'zh-CN': '组织余额', en: 'Balances' }, icon: 'BankOutlined', order: 0 } },
    { path: 'org/:orgId', Component: OrgBalancePage },
  ],
};
