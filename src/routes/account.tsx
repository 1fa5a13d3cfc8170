import { lazy } from 'react';
import type { RouteSet } from './types';

/** The account pages: real-name verification, and the administrators' users page. */
export const accountRoutes: RouteSet = {
  user: [{ path: '/real-name-verify', Component: lazy(() => import('../pages/account/RealNameVerifyPage')) }],
  admin: [
    {
      path: 'admin-users',
      Component: lazy(() => import('../pages/admin/users/UsersPage')),
      menu: { label: { 'zh-CN': '用户管理', en: 'Users' }, icon: 'UserOutlined', order: 60 },
    },
  ],
};
