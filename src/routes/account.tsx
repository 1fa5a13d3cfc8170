import { lazy } from 'react';
import { SIGN_IN_PATH } from '../../providers/http';
import { ADMIN_SIGN_IN_PATH } from './guards';
import type { RouteSet } from './types';

const LoginCallbackPage = lazy(() => import('../pages/account/LoginCallbackPage'));

/** The account pages: signing up, in and out, the account's own settings, and the administrators' users page. */
export const accountRoutes: RouteSet = {
  public: [
    { path: SIGN_IN_PATH, Component: lazy(() => import('../pages/LoginPage')), hideFooter: true },
    { path: '/sign-up', Component: lazy(() => import('../pages/account/SignUpPage')), hideFooter: true },
    { path: '/reset-password', Component: lazy(() => import('../pages/account/ResetPasswordPage')), hideFooter: true },
    { path: '/login-callback', Component: LoginCallbackPage, hideFooter: true },
    { path: '/blue-cloud/login-callback', Component: LoginCallbackPage, hideFooter: true },
    { path: '/qq_conn/login-callback', Component: LoginCallbackPage, hideFooter: true },
    { path: '/qq_conn/:qqAuth', Component: lazy(() => import('../pages/account/QqConnectPage')), hideFooter: true },
    { path: '/logout', Component: lazy(() => import('../pages/account/LogoutPage')), hideFooter: true },
    { path: '/logout-callback', Component: lazy(() => import('../pages/account/LogoutCallbackPage')), hideFooter: true },
    { path: ADMIN_SIGN_IN_PATH, Component: lazy(() => import('../pages/account/AdminLoginPage')), hideFooter: true },
  ],
  user: [{ path: '/real-name-verify', Component: lazy(() => import('../pages/account/RealNameVerifyPage')) }],
  admin: [
    {
      path: 'admin-users',
      Component: lazy(() => import('../pages/admin/users/UsersPage')),
      menu: { label: { 'zh-CN': '用户管理', en: 'Users' }, icon: 'UserOutlined', order: 60 },
    },
  ],
};
