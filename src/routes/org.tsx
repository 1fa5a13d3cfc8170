import { lazy } from 'react';
import type { RouteSet } from './types';

/** The organisation console (apps, members) and each app's own pages. */
export const orgRoutes: RouteSet = {
  user: [
    { path: '/apps', Component: lazy(() => import('../pages/AppsPage')) },
    { path: '/apps/create', Component: lazy(() => import('../pages/apps/CreateAppPage')) },
    { path: '/orgs', Component: lazy(() => import('../pages/org/OrgsPage')) },
    { path: '/orgs/:orgId/members', Component: lazy(() => import('../pages/org/OrgMembersPage')) },
    { path: '/orgs/:orgId/projects/:projectId/members', Component: lazy(() => import('../pages/org/ProjectMembersPage')) },
  ],
  app: [
    {
      path: 'dashboard',
      Component: lazy(() => import('../pages/AppHome')),
      menu: { label: { 'zh-CN': '概览', en: 'Overview' }, icon: 'DashboardOutlined', order: 0 },
    },
    {
      path: 'settings',
      Component: lazy(() => import('../pages/apps/SettingsPage')),
      menu: { label: { 'zh-CN': '应用设置', en: 'Settings' }, icon: 'SettingOutlined', order: 80 },
    },
    {
      path: 'admin-config',
      Component: lazy(() => import('../pages/apps/AdminConfigPage')),
      menu: { label: { 'zh-CN': '管理员配置', en: 'Admin settings' }, icon: 'ToolOutlined', order: 90, adminOnly: true },
    },
  ],
  admin: [
    {
      path: '',
      Component: lazy(() => import('../pages/admin/apps/AdminAppsPage')),
      menu: { label: { 'zh-CN': '应用', en: 'Apps' }, icon: 'AppstoreOutlined', order: 0 },
    },
    { path: 'organization/:orgId', Component: lazy(() => import('../pages/admin/org/OrganizationDetailPage')) },
    {
      path: 'token',
      Component: lazy(() => import('../pages/admin/org/ServiceTokensPage')),
      menu: { label: { 'zh-CN': '兑换码', en: 'Service tokens' }, icon: 'KeyOutlined', order: 50 },
    },
  ],
};
