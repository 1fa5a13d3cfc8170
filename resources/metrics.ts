import type { ResourceDecl, ServiceDecl } from './types';
import { metricsCalls } from './metrics/calls';
import bindingSchema from '../schemas/metrics/binding.json' with { type: 'json' };

/** The console's route (spec 002 §2: `metrics`). */
export const METRICS_ROUTES = { page: 'metrics' } as const;

/** Which members of the app's organisation may see its shared metrics: set by `POST /api/metrics/bind-user-roles`. */
export const metricsBindings: ResourceDecl = {
  name: 'bindings',
  label: { 'zh-CN': '查看角色', en: 'Viewing roles' },
  singular: { 'zh-CN': '查看角色', en: 'viewing role' },
  schema: bindingSchema,
  path: '/bindings',
  idField: 'id',
  titleField: 'email',
  scope: 'app',
  operations: ['list', 'show', 'delete'],
  list: { columns: ['email', 'role', 'createdAt'], filters: ['role'], search: ['email'] },
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
  routes: { list: METRICS_ROUTES.page },
};

export const metrics: ServiceDecl = {
  name: 'metrics',
  // The receiver's root; its calls live under /receive/service (spec 002 §7 "Metrics (/umetrics/receive/service)").
  base: '/umetrics',
  convention: 'rest',
  catalogue: {
    icon: 'BarChartOutlined',
    displayName: { 'zh-CN': '数据共享', en: 'Metrics' },
    label: { 'zh-CN': '数据共享', en: 'Data sharing' },
    description: {
      'zh-CN': '数据共享：把应用的运营数据接入数据看板，并为组织成员绑定查看角色。',
      en: "Data sharing: connect the app's operating data to the metrics dashboard and bind members' viewing roles.",
    },
    capabilities: [
      { 'zh-CN': '把应用运营数据接入数据看板', en: "The app's operating data connected to the metrics dashboard" },
      { 'zh-CN': '为组织成员绑定查看角色', en: "Members' viewing roles bound" },
    ],
    productPage: '/product/metrics',
    // The documentation has no metrics section; it belongs to "others" (spec 000 §2).
    docPage: '/doc/others',
    mainService: false,
    // Its one screen (`metrics`) is reached from its dashboard card; a menu group for a single page adds nothing.
    hide: { menu: true },
  },
  menu: [],
  resources: [metricsBindings],
  calls: metricsCalls,
};
