/**
 * Stateful functions' records (spec 001 §3 "Func", §4 "Func server"): functions — code, level, port, environment and
 * endpoint selection, enabled or disabled by their actions — and each function's servers, run by the runtime driver
 * in the six states of spec 001 §4. The runtime that moves them is `server/services/func/`.
 */
import type { AccessDecl, ResourceDecl, Text } from '../types';
import functionSchema from '../../schemas/func/function.json' with { type: 'json' };
import serverSchema from '../../schemas/func/server.json' with { type: 'json' };
import { tagRow } from './calls';
import { autoscalerDetail, autoscalers, autoscalingHistory, historyCharts } from './autoscaler';
import { functionCommands } from './commands';

/** The console's routes (spec 001 §2: func/servers, func/profiles, func/logs, func/{funcId}/autoscaler). */
export const FUNC_ROUTES = {
  profiles: 'func/profiles',
  profile: 'func/profiles/:id',
  servers: 'func/servers',
  server: 'func/profiles/:id/servers/:serverId',
  logs: 'func/logs',
  autoscaler: 'func/:funcId/autoscaler',
} as const;

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });
const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

export const functions: ResourceDecl = {
  name: 'functions',
  label: t('有状态函数', 'Stateful functions'),
  singular: t('有状态函数', 'function'),
  schema: functionSchema,
  path: '/func/functions',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  list: {
    columns: ['name', 'status', 'level', 'port', 'endpointSelection', 'startCommand', 'codeUploadedAt'],
    filters: ['status', 'level', 'endpointSelection'],
    sorters: ['name', 'codeUploadedAt'],
    search: ['name', 'description'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'enabled',
    values: {
      enabled: { color: 'green', label: t('已启用', 'Enabled') },
      disabled: { color: 'orange', label: t('已停用', 'Disabled') },
    },
  },
  actions: [
    { name: 'disable', label: t('停用', 'Disable'), from: ['enabled'], to: 'disabled', method: 'POST', path: '/disable', refused: 'only an enabled function can be disabled', confirm: t('停用后不能再启动新的服务器，运行中的服务器不受影响。确定停用吗？', 'No new server can be started once it is disabled; running servers go on. Disable it?'), danger: true },
    { name: 'enable', label: t('启用', 'Enable'), from: ['disabled'], to: 'enabled', method: 'POST', path: '/enable', refused: 'only a disabled function can be enabled' },
  ],
  details: [autoscalerDetail],
  charts: historyCharts('/autoscaling-history'),
  // The autoscaler's own page: its settings, every step charted and listed, paged beyond the charts' first steps.
  links: [{ route: FUNC_ROUTES.autoscaler, label: t('自动扩缩容页', 'Autoscaler page'), params: { funcId: 'id' } }],
  views: [
    {
      name: 'serverTags',
      label: t('服务器标签', 'Server tags'),
      path: '/server-tags',
      listKey: 'items',
      row: tagRow,
      columns: ['key', 'value', 'servers'],
      rowKey: ['key', 'value'],
      empty: t('运行中的服务器没有标签', 'No live server has tags'),
      paging: { mode: 'client', pageSize: 10 },
      refetchOnChange: true,
      api: { call: 'serverTags' },
    },
  ],
  commands: functionCommands,
  access: access(),
  routes: { list: FUNC_ROUTES.profiles, show: FUNC_ROUTES.profile },
};

export const FUNC_SERVER_STATES = {
  created: { color: 'processing', label: t('已创建', 'Created') },
  running: { color: 'green', label: t('运行中', 'Running') },
  deleting: { color: 'processing', label: t('删除中', 'Deleting') },
  deleted: { color: 'default', label: t('已删除', 'Deleted') },
  failed: { color: 'red', label: t('失败', 'Failed') },
  unhealthy: { color: 'orange', label: t('不健康', 'Unhealthy') },
} as const;

export const servers: ResourceDecl = {
  name: 'servers',
  label: t('服务器', 'Servers'),
  singular: t('服务器', 'server'),
  schema: serverSchema,
  path: '/servers',
  idField: 'id',
  idParam: 'serverId',
  titleField: 'id',
  scope: 'app',
  // Started, changed and deleted by the service's calls (`calls.ts`); listed and read here.
  operations: ['list', 'show'],
  // Also listed for the whole app at `GET /func/servers` (the console's `func/servers`), narrowed by `functionId`.
  parent: { resource: 'functions', param: 'id', field: 'functionId', onDelete: 'cascade', appList: '/func/servers' },
  list: {
    columns: ['status', 'sdkState', 'level', 'address', 'port', 'playerCount', 'readyAt', 'createdAt'],
    filters: ['status', 'sdkState', 'functionId'],
    sorters: ['playerCount'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: { field: 'status', initial: 'created', watch: ['created', 'deleting', 'unhealthy'], values: FUNC_SERVER_STATES },
  access: access(),
  routes: { show: FUNC_ROUTES.server },
};

export const funcResources: ResourceDecl[] = [functions, servers, autoscalers, autoscalingHistory];
