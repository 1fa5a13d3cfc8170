/**
 * Stateful functions' console pages beyond the function list (spec 001 §2): `func/servers`, every server of the app's
 * functions (the engine's list of the servers under every function, `ParentDecl.appList`) with the functions' CPU and
 * servers charted; `func/logs`, the servers' logs searched (`cls-log`) and downloaded; `func/{funcId}/autoscaler`, a
 * function's autoscaler — its settings, its steps charted and listed (`autoscaling-history`).
 */
import type { MenuEntry, PageDecl, PageViewDecl, Text } from '../types';
import { autoscalerDetail, historyCharts } from './autoscaler';
import { FUNC_ROUTES, FUNC_SERVER_STATES, servers } from './resources';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const FUNCTIONS = t('函数配置', 'Functions');
const SERVERS = t('服务器', 'Servers');
const LOGS = t('日志', 'Logs');
const functionFilter = { name: 'functionId', kind: 'reference', label: t('函数', 'Function'), optionsFrom: { resource: 'functions', value: 'id', label: 'name' }, param: 'function' } as const;

const serversView: PageViewDecl = {
  name: 'servers',
  label: SERVERS,
  subtitle: t(
    '应用下所有函数的服务器：状态、所属函数、规格、地址与玩家数。打开一台服务器查看其标签、玩家与日志。',
    "Every server of the app's functions: its state, function, level, address and players. Open one for its tags, players and log.",
  ),
  path: servers.parent!.appList!,
  listKey: 'items',
  row: 'servers',
  columns: ['id', 'functionId', 'status', 'level', 'address', 'playerCount', 'createdAt'],
  rowKey: 'id',
  empty: t('还没有服务器：在函数页面启动一台', 'No servers yet — start one from a function'),
  emptyFiltered: t('没有符合条件的服务器', 'No servers match'),
  paging: { mode: 'server', pageSize: 20, by: 'page' },
  filters: [
    functionFilter,
    { name: 'status', kind: 'select', label: t('状态', 'State'), values: Object.fromEntries(Object.entries(FUNC_SERVER_STATES).map(([k, v]) => [k, { label: v.label }])) },
  ],
  links: [
    { route: FUNC_ROUTES.profiles, label: FUNCTIONS },
    { route: FUNC_ROUTES.logs, label: LOGS },
  ],
  // The functions side by side: what their servers reserved (`topk`, the spec's metrics call) and how many run now.
  charts: [
    {
      kind: 'pie',
      label: t('各函数占用的 CPU（核·秒）', "The functions' CPU reserved (core-seconds)"),
      from: { path: '/functions/metrics/topk', query: { by: 'coreSeconds', k: 10 }, refreshSeconds: 30 },
      list: 'items',
      x: 'name',
      value: 'coreSeconds',
      span: 12,
      empty: t('还没有函数占用 CPU', 'No function has reserved CPU yet'),
    },
    {
      kind: 'columns',
      label: t('各函数的服务器与玩家（当前）', "The functions' servers and players now"),
      from: { path: '/functions/metrics/cpu-usage', refreshSeconds: 30 },
      list: 'items',
      x: 'name',
      series: [
        { field: 'servers', label: t('服务器', 'Servers') },
        { field: 'players', label: t('玩家', 'Players') },
      ],
      span: 12,
      empty: t('还没有函数', 'No functions yet'),
    },
  ],
};

const logsView: PageViewDecl = {
  name: 'logs',
  label: LOGS,
  subtitle: t(
    '函数服务器的输出：运行中的服务器实时读取，已结束的服务器在开启日志保留时保留最后 500 行。可按服务器、文字与时间筛选，并下载为文本文件。',
    "The function's servers' output: read live from running servers; an ended server's last 500 lines while log retention is on. Narrow by server, text and time, and download as a text file.",
  ),
  // `:id` as the spec's download call names it, so the download is asked with the same value.
  path: '/functions/:id/cls-log',
  method: 'POST',
  listKey: 'items',
  row: { type: 'object', properties: {
    at: { type: 'string', format: 'date-time', 'x-ui': { title: t('时间', 'Time') } },
    serverId: { type: 'string', 'x-ui': { title: t('服务器', 'Server') } },
    stream: { type: 'string', 'x-ui': { title: t('来源', 'Stream'), values: { stdout: { label: t('标准输出', 'stdout') }, stderr: { label: t('标准错误', 'stderr'), color: 'red' }, system: { label: t('平台', 'Platform'), color: 'blue' } } } },
    line: { type: 'string', 'x-ui': { title: t('内容', 'Line'), widget: 'code' } },
  } },
  columns: ['at', 'serverId', 'stream', 'line'],
  rowKey: ['at', 'serverId', 'line'],
  empty: t('没有日志：函数还没有服务器，或服务器还没有输出', 'No log lines: the function has no servers yet, or they printed nothing'),
  emptyFiltered: t('没有符合条件的日志', 'No lines match'),
  choose: t('选择一个函数查看其服务器的日志', "Choose a function to read its servers' logs"),
  summary: t('共 {{total}} 行', '{{total}} lines'),
  paging: { mode: 'client', pageSize: 50 },
  filters: [
    { ...functionFilter, name: 'id' },
    { name: 'serverId', kind: 'text', label: t('服务器', 'Server'), param: 'server' },
    { name: 'text', kind: 'text', label: t('包含文字', 'Text'), param: 'text' },
    { name: 'time', kind: 'dateRange', label: t('时间', 'Time'), range: ['start', 'end'] },
  ],
  download: { call: 'logs.download', label: t('下载日志', 'Download the logs') },
  links: [{ route: FUNC_ROUTES.servers, label: SERVERS }],
};

const historyView: PageViewDecl = {
  name: 'autoscaling-history',
  label: t('扩缩容历史', 'Autoscaling history'),
  subtitle: t(
    '函数的自动扩缩容：设置、每一步从几台服务器到几台、当时的 CPU 与内存用量以及原因。',
    "The function's autoscaler: its settings, and each step — from how many servers to how many, the CPU and memory use then, and why.",
  ),
  path: '/func/functions/:funcId/autoscaling-history',
  listKey: 'items',
  row: 'autoscaling-history',
  columns: ['createdAt', 'operation', 'resource', 'from', 'to', 'cpuPercent', 'memoryPercent', 'why'],
  rowKey: 'id',
  empty: t('还没有扩缩容记录：自动扩缩容每一步都会记在这里', 'No steps yet: each step the autoscaler takes is listed here'),
  paging: { mode: 'server', pageSize: 20, by: 'page' },
  details: [{ ...autoscalerDetail, path: '/func/functions/:funcId/autoscaler' }],
  charts: historyCharts('/func/functions/:funcId/autoscaling-history'),
  links: [
    { route: FUNC_ROUTES.servers, label: SERVERS },
    { route: FUNC_ROUTES.logs, label: LOGS },
  ],
};

export const funcMenu: MenuEntry[] = [
  { route: FUNC_ROUTES.profiles, label: FUNCTIONS },
  { route: FUNC_ROUTES.servers, label: SERVERS },
  { route: FUNC_ROUTES.logs, label: LOGS },
];

export const funcPages: PageDecl[] = [
  { route: FUNC_ROUTES.servers, label: SERVERS, view: serversView },
  { route: FUNC_ROUTES.logs, label: LOGS, view: logsView },
  { route: FUNC_ROUTES.autoscaler, label: t('自动扩缩容', 'Autoscaler'), view: historyView },
];
