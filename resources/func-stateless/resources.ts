/**
 * Stateless functions' records (spec 001 "Stateless": functions with their code and versions, the live alias,
 * triggers, environment and gateway; §4 states): functions, each function's versions (immutable, keyed by content
 * hash) and invocations (its logs), and, kept apart and never answered, each version's code package and each
 * function's encrypted default environment.
 */
import type { AccessDecl, CommandDecl, ResourceDecl, Text } from '../types';
import functionSchema from '../../schemas/func-stateless/function.json' with { type: 'json' };
import versionSchema from '../../schemas/func-stateless/version.json' with { type: 'json' };
import invocationSchema from '../../schemas/func-stateless/invocation.json' with { type: 'json' };
import bundleSchema from '../../schemas/func-stateless/bundle.json' with { type: 'json' };
import environmentSchema from '../../schemas/func-stateless/environment.json' with { type: 'json' };
import { codeLinkSchema, envBody, gatewayBody, redeployBody, rollbackBody, scfAnswer, triggerBody, transferTokenSchema, triggerNameBody, triggerRow } from './calls';
import { scfUsageAnswer, usageDayRow } from './calls-usage';

/** The console's routes (spec 001 §2: `func/stateless`, the function list). */
export const FUNC_STATELESS_ROUTES = { functions: 'func/stateless', function: 'func/stateless/:id' } as const;

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });
const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const functionParent = { resource: 'functions', param: 'id', field: 'functionId', onDelete: 'cascade' } as const;

/** A button on the function's page for one of the service's declared calls (`calls.ts`). */
const callButton = (name: string, label: Text, method: CommandDecl['method'], path: string, call: string, more: Partial<CommandDecl> = {}): CommandDecl => ({
  name,
  label,
  on: 'item',
  method,
  path,
  api: { call },
  ...more,
});

export const functionCommands: CommandDecl[] = [
  callButton('rollback', t('回滚', 'Roll back'), 'POST', '/rollback', 'rollback', { fields: rollbackBody, confirm: t('将线上别名指回较早的版本？', 'Point the live alias back at an earlier version?') }),
  callButton('redeploy', t('重新部署', 'Redeploy'), 'POST', '/scf-redeploy', 'redeploy', { fields: redeployBody }),
  callButton('uploadZip', t('上传代码包', 'Upload a code zip'), 'POST', '/scf', 'scf.post', {
    file: { fileNameParam: 'fileName' },
    fields: { type: 'object', properties: { description: { type: 'string', maxLength: 500, 'x-ui': { title: t('版本说明', 'Version description') } } } },
  }),
  callButton('deleteDeployment', t('删除部署', 'Delete deployment'), 'DELETE', '/scf', 'scf.delete', {
    confirm: t('删除全部版本及其代码、线上别名和 API 网关，函数在重新部署前不可调用（日志保留）。确定删除吗？', 'Every version and its code, the live alias and the gateway are deleted; the function cannot be invoked until code is deployed again (its logs are kept). Delete them?'),
  }),
  callButton('syncFunction', t('同步函数', 'Sync'), 'POST', '/sync-function', 'syncFunction'),
  callButton('defaultEnv', t('默认环境变量', 'Default environment'), 'PUT', '/default-env', 'defaultEnv', { fields: envBody }),
  callButton('gateway', t('API 网关', 'API gateway'), 'PUT', '/gateway', 'gateway', { fields: gatewayBody }),
  callButton('addTrigger', t('添加触发器', 'Add trigger'), 'POST', '/triggers', 'triggers.create', { fields: triggerBody }),
  callButton('disableTrigger', t('停用触发器', 'Disable trigger'), 'POST', '/triggers/disable', 'triggers.disable', { fields: triggerNameBody, danger: true }),
  callButton('codeUrl', t('下载代码', 'Download code'), 'GET', '/get-code-url/:version', 'codeUrl', {
    fields: { type: 'object', required: ['version'], properties: { version: { type: 'integer', minimum: 1, 'x-ui': { title: t('版本号', 'Version') } } } },
    answer: codeLinkSchema,
  }),
  callButton('transferToken', t('转移令牌', 'Transfer token'), 'GET', '/get-transfer-token', 'transferToken', {
    answer: transferTokenSchema,
  }),
];

export const functions: ResourceDecl = {
  name: 'functions',
  label: t('无状态云函数', 'Stateless functions'),
  singular: t('云函数', 'function'),
  schema: functionSchema,
  path: '/func-stateless/functions',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  // Spec 001 §7: create, show and update; the list and delete are the engine's, for the console's list (ADR 0032).
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  list: {
    columns: ['name', 'status', 'runtime', 'liveVersion', 'memoryMb', 'timeoutMs', 'lastDeployedAt'],
    filters: ['status', 'runtime'],
    sorters: ['name', 'lastDeployedAt'],
    search: ['name', 'description'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'creating',
    values: {
      creating: { color: 'default', label: t('待部署', 'Creating') },
      active: { color: 'green', label: t('运行中', 'Active') },
      disabled: { color: 'orange', label: t('已停用', 'Disabled') },
      deleted: { color: 'red', label: t('已删除部署', 'Deleted') },
    },
  },
  actions: [
    { name: 'disable', label: t('停用', 'Disable'), from: ['active'], to: 'disabled', method: 'POST', path: '/disable', refused: 'only an active function can be disabled', confirm: t('停用后该函数的调用都会被拒绝，确定停用吗？', 'Every call of the function is refused once it is disabled. Disable it?'), danger: true },
    { name: 'enable', label: t('启用', 'Enable'), from: ['disabled'], to: 'active', method: 'POST', path: '/enable', refused: 'only a disabled function can be enabled' },
  ],
  details: [
    { name: 'code', label: t('线上代码', 'Live code'), path: '/scf', answer: scfAnswer, fields: ['liveVersion', 'liveHash', 'handler', 'codeBytes', 'fileNames', 'versionCount'], api: { call: 'scf.get' } },
    { name: 'usage', label: t('近 30 天用量', 'Usage, last 30 days'), path: '/scf-usage', answer: scfUsageAnswer, api: { call: 'scfUsage' } },
  ],
  views: [
    {
      name: 'triggers',
      label: t('触发器', 'Triggers'),
      path: '/trigger/list',
      listKey: 'items',
      row: triggerRow,
      columns: ['name', 'type', 'cron', 'enabled', 'lastRunAt'],
      rowKey: 'name',
      empty: t('还没有触发器', 'No triggers yet'),
      paging: { mode: 'client', pageSize: 10 },
      refetchOnChange: true,
      api: { call: 'triggers.list' },
    },
    {
      name: 'dailyUsage',
      label: t('每日用量', 'Daily usage'),
      path: '/daily-usage',
      listKey: 'days',
      row: usageDayRow,
      columns: ['day', 'invocations', 'errors', 'gbSeconds', 'netBytes'],
      rowKey: 'day',
      empty: t('还没有调用', 'No invocations yet'),
      paging: { mode: 'client', pageSize: 10 },
      api: { call: 'dailyUsage' },
    },
  ],
  commands: functionCommands,
  access: access(),
  routes: { list: FUNC_STATELESS_ROUTES.functions, show: FUNC_STATELESS_ROUTES.function },
};

export const versions: ResourceDecl = {
  name: 'versions',
  label: t('版本', 'Versions'),
  singular: t('版本', 'version'),
  schema: versionSchema,
  path: '/versions',
  idField: 'id',
  idParam: 'versionId',
  titleField: 'hash',
  scope: 'app',
  // Made by each deploy (PUT or POST scf), never changed: a version is immutable.
  operations: ['list', 'show'],
  parent: functionParent,
  list: { columns: ['number', 'hash', 'source', 'codeBytes', 'description', 'createdAt'], filters: ['source'], sorters: ['number'], defaultSort: { field: 'number', order: 'desc' }, pageSize: 20 },
  access: access(),
};

export const invocations: ResourceDecl = {
  name: 'invocations',
  label: t('调用日志', 'Invocation logs'),
  singular: t('调用', 'invocation'),
  schema: invocationSchema,
  path: '/invocations',
  idField: 'id',
  idParam: 'requestId',
  titleField: 'status',
  scope: 'app',
  // Written by each invocation; read in the console and by the logs calls.
  operations: ['list', 'show'],
  parent: functionParent,
  list: {
    columns: ['createdAt', 'status', 'trigger', 'versionNumber', 'durationMs', 'memoryBytes', 'error'],
    filters: ['status', 'trigger', 'versionNumber'],
    sorters: ['durationMs', 'memoryBytes'],
    search: ['error', 'result'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  access: access(),
};

/** A version's files (large), kept apart from its record and stored once per function and content hash. */
export const bundles: ResourceDecl = {
  name: 'bundles',
  label: t('代码包', 'Code packages'),
  singular: t('代码包', 'code package'),
  schema: bundleSchema,
  path: '/bundles',
  idField: 'id',
  idParam: 'bundleId',
  titleField: 'hash',
  scope: 'app',
  operations: [],
  implementedBy: 'service',
  parent: functionParent,
  list: { columns: ['hash'] },
  access: access(),
};

/** A function's default environment, sealed; never answered (only its names are, on the function). */
export const environments: ResourceDecl = {
  name: 'environments',
  label: t('默认环境变量', 'Default environments'),
  singular: t('默认环境变量', 'default environment'),
  schema: environmentSchema,
  path: '/environments',
  idField: 'id',
  idParam: 'environmentId',
  titleField: 'functionId',
  scope: 'app',
  operations: [],
  implementedBy: 'service',
  parent: functionParent,
  list: { columns: ['functionId'] },
  access: access(),
};

export const funcStatelessResources: ResourceDecl[] = [functions, versions, invocations, bundles, environments];
