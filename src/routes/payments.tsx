import { lazy } from 'react';
import { FINANCE_SIGN_IN_PATH } from './guards';
import type { RouteSet } from './types';

const InvoiceAdminPage = lazy(() => import('../pages/admin/payments/InvoiceAdminPage'));
const InvoicesAdminPage = lazy(() => import('../pages/admin/payments/InvoicesAdminPage'));
const invoicesMenu = { label: { 'zh-CN': '发票管理', en: 'Invoices' }, icon: 'FileSearchOutlined' };

/** The payments pages: paying, invoices and enterprise certification, for users and both back offices. */
export const paymentsRoutes: RouteSet = {
  public: [
    { path: '/alipay/callback', Component: lazy(() => import('../pages/payments/AlipayCallbackPage')) },
    { path: '/payments/sandbox/:outTradeNo', Component: lazy(() => import('../pages/payments/SandboxCheckoutPage')), hideFooter: true },
    { path: FINANCE_SIGN_IN_PATH, Component: lazy(() => import('../pages/payments/FinanceLoginPage')), hideFooter: true },
  ],
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
