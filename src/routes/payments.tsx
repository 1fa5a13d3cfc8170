import { lazy } from 'react';
import type { RouteSet } from './types';

const InvoiceAdminPage = lazy(() => import('../pages/admin/payments/InvoiceAdminPage'));
const InvoicesAdminPage = lazy(() => import('../pages/admin/payments/InvoicesAdminPage'));
const invoicesMenu = { label: { 'zh-CN': '发票管理', en: 'Invoices' }, icon: 'FileSearchOutlined' };

/** The payments pages: invoices and enterprise certification for users, and both back offices' pages. */
export const paymentsRoutes: RouteSet = {
  user: [
    { path: '/apps/bill/:transactionId/invoice', Component: lazy(() => import('../pages/payments/InvoiceRequestPage')) },
    { path: '/orgs/:orgId/certification', Component: lazy(() => import('../pages/payments/CertificationPage')) },
  ],
  admin: [
    { path: 'balance/invoice/:transactionId', Component: InvoiceAdminPage },
    { path: 'invoices', Component: InvoicesAdminPage, menu: { ...invoicesMenu, order: 42 } },
    {
      path: 'certification',
      Component: lazy(() => import('../pages/admin/payments/CertificationAdminPage')),
      menu: { label: { 'zh-CN': '企业认证', en: 'Certification' }, icon: 'SafetyOutlined', order: 43 },
    },
  ],
  finance: [
    { path: 'invoice/:transactionId', Component: InvoiceAdminPage },
    { path: 'invoices', Component: InvoicesAdminPage, menu: { ...invoicesMenu, order: 20 } },
  ],
};
