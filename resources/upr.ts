import type { PageViewDecl, ResourceDecl, ServiceDecl } from './types';
import { uprCalls } from './upr/calls';
import { UPR_DEMO } from './upr/demo';
import sessionSchema from '../schemas/upr/session.json' with { type: 'json' };

/** The console's routes (spec 001 §2: `upr`, the sessions). */
export const UPR_ROUTES = { sessions: 'upr', session: 'upr/sessions/:id' } as const;

/**
 * A profiling session the game reported (`sessions.report`, `sdk.report`): what was profiled, its samples as a
 * compact series (one array per measure) and the summary the server works out of them. Made only by reports; read
 * and deleted by id.
 */
export const uprSessions: ResourceDecl = {
  name: 'sessions',
  label: { 'zh-CN': '性能会话', en: 'Profiling sessions' },
  singular: { 'zh-CN': '性能会话', en: 'profiling session' },
  schema: sessionSchema,
  path: '/sessions',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['show', 'delete'],
  // Sessions carry up to tens of thousands of samples each: kept apart from the other records.
  list: { columns: ['name', 'platform', 'device', 'frameP95', 'averageFps', 'memoryPeakMb', 'updatedAt'], filters: ['platform'], search: ['name', 'device', 'scene'], defaultSort: { field: 'createdAt', order: 'desc' } },
  // The charts of frame time, memory and GC (src/pages/upr).
  panels: ['uprSessionCharts'],
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
  routes: { show: UPR_ROUTES.session },
};

const platform = sessionSchema.properties.platform;

/** Spec 001 route `upr`: the app's sessions, as `GET /api/upr/{appId}/sessions` answers them. */
const sessionsView: PageViewDecl = {
  name: 'sessions',
  label: { 'zh-CN': '性能会话', en: 'Profiling sessions' },
  subtitle: {
    'zh-CN': '游戏通过 SDK 上报的性能采集会话：帧耗时、内存与 GC。打开会话查看帧耗时分位数与曲线。',
    en: 'Profiling sessions the game reports through the SDK: frame time, memory and GC. Open a session for its frame time percentiles and charts.',
  },
  path: '/:appId/sessions',
  listKey: 'sessions',
  row: 'sessions',
  columns: ['name', 'platform', 'device', 'appVersion', 'sampleCount', 'frameP95', 'averageFps', 'memoryPeakMb', 'updatedAt'],
  rowKey: 'id',
  empty: { 'zh-CN': '暂无性能会话，游戏上报后显示在这里', en: 'No profiling sessions yet: they show here once the game reports one' },
  emptyFiltered: { 'zh-CN': '没有符合条件的会话', en: 'No sessions match' },
  paging: { mode: 'server', pageSize: 20 },
  filters: [
    { name: 'q', kind: 'text', label: { 'zh-CN': '名称、设备或场景', en: 'Name, device or scene' } },
    {
      name: 'platform',
      kind: 'select',
      label: { 'zh-CN': '平台', en: 'Platform' },
      values: Object.fromEntries(platform.enum.map((p, i) => [p, { label: { 'zh-CN': platform['x-ui'].enumNames['zh-CN'][i], en: platform['x-ui'].enumNames.en[i] } }])),
    },
  ],
};

export const upr: ServiceDecl = {
  name: 'upr',
  // Served by the platform API (spec 001 §7 "Device, UPR, Wind (platform API)").
  base: '/api/upr',
  convention: 'rest',
  catalogue: {
    icon: 'LineChartOutlined',
    displayName: { 'zh-CN': 'UPR 性能分析', en: 'UPR' },
    label: { 'zh-CN': '性能分析', en: 'Profiling' },
    description: {
      'zh-CN': '游戏性能分析：查看性能采集会话及其报告。',
      en: 'Game performance profiling: review profiling sessions and their reports.',
    },
    capabilities: [
      { 'zh-CN': '性能分析会话', en: 'Profiling sessions' },
      { 'zh-CN': '分析报告', en: 'Profiling reports' },
    ],
    docPage: '/doc/upr',
    mainService: false,
  },
  menu: [{ route: UPR_ROUTES.sessions, label: { 'zh-CN': '性能会话', en: 'Profiling sessions' } }],
  pages: [{ route: UPR_ROUTES.sessions, label: { 'zh-CN': '性能会话', en: 'Profiling sessions' }, view: sessionsView }],
  resources: [uprSessions],
  calls: uprCalls,
  demo: UPR_DEMO,
};
