/**
 * A function's autoscaler and its history (spec 001 §7: GET, POST, PUT, DELETE …/{id}/autoscaler — created, updated
 * or closed — and GET …/{id}/autoscaling-history; §9: resources cpu and memory, operations shrink and extend). One
 * autoscaler per function, kept as a record under it; the job that acts on it is `server/services/func/autoscaler.ts`.
 */
import type { CallDecl } from '../call-types';
import { ok, recordOf } from '../call-shapes';
import type { AccessDecl, DetailViewDecl, JsonSchema, RecordChartDecl, ResourceDecl, Text } from '../types';
import autoscalerSchema from '../../schemas/func/autoscaler.json' with { type: 'json' };
import eventSchema from '../../schemas/func/autoscaling-event.json' with { type: 'json' };

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });
const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const parent = { resource: 'functions', param: 'id', field: 'functionId', onDelete: 'cascade' } as const;
const onFunction = { resource: 'functions', missing: 'no such function' } as const;
const PATH = '/func/functions/:id/autoscaler';

const writable = ['minServers', 'maxServers', 'cpuTargetPercent', 'memoryTargetPercent', 'cooldownSeconds'] as const;
const props = autoscalerSchema.properties as Record<string, JsonSchema>;
/** What a create or update sends: the autoscaler's own settings. */
export const autoscalerBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['minServers', 'maxServers'],
  properties: Object.fromEntries(writable.map((k) => [k, props[k]])),
};

export const autoscalers: ResourceDecl = {
  name: 'autoscalers',
  label: t('自动扩缩容', 'Autoscalers'),
  singular: t('自动扩缩容', 'autoscaler'),
  schema: autoscalerSchema,
  path: '/autoscalers',
  idField: 'id',
  idParam: 'autoscalerId',
  titleField: 'functionId',
  scope: 'app',
  // Read and written at the function's own `/autoscaler` (the calls below), one per function.
  operations: [],
  implementedBy: 'service',
  parent,
  list: { columns: ['minServers', 'maxServers', 'cpuTargetPercent', 'status'] },
  status: { field: 'status', initial: 'open', values: { open: { color: 'green', label: t('运行中', 'Open') }, closed: { color: 'default', label: t('已关闭', 'Closed') } } },
  access: access(),
};

export const autoscalingHistory: ResourceDecl = {
  name: 'autoscaling-history',
  label: t('扩缩容历史', 'Autoscaling history'),
  singular: t('扩缩容记录', 'autoscaling event'),
  schema: eventSchema,
  path: '/autoscaling-history',
  idField: 'id',
  idParam: 'eventId',
  titleField: 'operation',
  scope: 'app',
  // Written by the autoscaler's job; listed on the function's page and at the spec's GET …/autoscaling-history.
  operations: ['list', 'show'],
  parent,
  list: { columns: ['createdAt', 'operation', 'resource', 'from', 'to', 'cpuPercent', 'memoryPercent', 'why'], filters: ['operation', 'resource'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  access: access(),
};

/**
 * The autoscaler's latest 200 steps charted, asked newest first and drawn oldest first (`path`: the history list's,
 * under the function's item path on its page, under the service base on the autoscaler's): how many servers before
 * and after each step, and the CPU and memory use that moved it.
 */
export function historyCharts(path: string): (RecordChartDecl & { from: NonNullable<RecordChartDecl['from']> })[] {
  const from = { path, query: { sort: 'createdAt', order: 'desc', pageSize: 200 } };
  const line = (label: Text, series: [string, Text][], empty: Text) =>
    ({ kind: 'line', label, from, list: 'items', x: 'createdAt', series: series.map(([field, name]) => ({ field, label: name })), span: 12, empty }) as const;
  return [
    line(t('服务器数（每一步从 → 到）', 'Servers (each step, from → to)'), [['from', t('之前', 'From')], ['to', t('之后', 'To')]], t('还没有扩缩容记录', 'No autoscaling steps yet')),
    line(t('扩缩容时的用量（%）', 'Use at each step (%)'), [['cpuPercent', t('CPU', 'CPU')], ['memoryPercent', t('内存', 'Memory')]], t('还没有用量记录', 'No use measured yet')),
  ];
}

export const autoscalerDetail: DetailViewDecl = {
  name: 'autoscaler',
  label: t('自动扩缩容', 'Autoscaler'),
  path: '/autoscaler',
  answer: {
    type: 'object',
    properties: {
      status: { ...props.status, 'x-ui': { title: t('状态', 'Status'), values: { open: { color: 'green', label: t('运行中', 'Open') }, closed: { color: 'default', label: t('已关闭', 'Closed') } } } },
      ...Object.fromEntries([...writable, 'lastScaledAt'].map((k) => [k, props[k]])),
    },
  },
  tag: 'status',
  empty: t('还没有自动扩缩容', 'No autoscaler yet'),
  api: { call: 'autoscaler.get' },
};

export const autoscalerCalls: Record<string, CallDecl> = {
  'autoscaler.get': { method: 'GET', path: PATH, caller: 'service', record: onFunction, summary: "The function's autoscaler (an empty object when it has none)", answer: ok('the autoscaler', autoscalerDetail.answer), errors: [401, 403, 404] },
  'autoscaler.create': {
    method: 'POST',
    path: PATH,
    caller: 'service',
    record: onFunction,
    summary: 'Create the function\'s autoscaler (or open a closed one again with these settings): between minServers and maxServers, CPU and memory targets in percent of what the level gives a server',
    body: autoscalerBody,
    status: 201,
    answer: ok('the autoscaler, open', recordOf('autoscalers')),
    errors: [400, 401, 403, 404, 409],
  },
  'autoscaler.update': { method: 'PUT', path: PATH, caller: 'service', record: onFunction, summary: "Change the autoscaler's settings", body: autoscalerBody, answer: ok('the autoscaler', recordOf('autoscalers')), errors: [400, 401, 403, 404] },
  'autoscaler.close': { method: 'DELETE', path: PATH, caller: 'service', record: onFunction, summary: 'Close the autoscaler: it changes nothing more; the servers it started go on', answer: ok('the autoscaler, closed', recordOf('autoscalers')), errors: [401, 403, 404] },
};
