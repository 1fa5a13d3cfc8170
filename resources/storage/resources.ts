/**
 * Storage's records (spec 002 "CRUD Storage", §2 screens `crud/storage/management` and `…/{databaseId}`, §4 states,
 * §5 rules): the databases an app creates, and the asynchronous requests each slow operation on one is (create,
 * reset password, restart, upgrade, delete), whose status the console polls.
 */
import type { ActionDecl, ResourceDecl, Text } from '../types';
import { ok } from '../call-shapes';
import databaseSchema from '../../schemas/storage/database.json' with { type: 'json' };
import requestSchema from '../../schemas/storage/request.json' with { type: 'json' };
import { slowQueriesView } from './slow-queries';
import { backupAction, backups } from './backups';
import { databaseCharts, metricSamples } from './metrics';
import { proxyCommands } from './proxy';

/** The console's routes (spec 002 §2). */
export const STORAGE_ROUTES = { databases: 'crud/storage/management', database: 'crud/storage/management/:databaseId' } as const;

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const access = () => ({ read: ['app' as const, 'admin' as const], write: ['app' as const, 'admin' as const] });

/** A slow operation on a running database: accepted at once, carried out as an asynchronous request. */
const requestAction = (name: string, label: Text, path: string, to: string, summary: string, extra: Partial<ActionDecl> = {}): ActionDecl => ({
  name,
  label,
  from: ['running'],
  to,
  method: 'POST',
  path,
  refused: 'only a running database can do this',
  implementedBy: 'service',
  api: { summary, answer: ok('the database, its requestId naming the request to poll'), errors: [400, 401, 403, 404, 409] },
  ...extra,
});

const passwordField = databaseSchema.properties.password;

export const databases: ResourceDecl = {
  name: 'databases',
  label: t('数据库实例', 'Databases'),
  singular: t('数据库实例', 'database'),
  schema: databaseSchema,
  path: '/databases',
  idField: 'id',
  idParam: 'id',
  titleField: 'name',
  scope: 'app',
  // Created as an asynchronous request (the record answers at once, `creating`); no update: its changes are requests.
  operations: ['list', 'create', 'show', 'delete'],
  unique: ['name'],
  list: {
    columns: ['name', 'engine', 'region', 'instanceType', 'status', 'host', 'port'],
    filters: ['engine', 'region', 'status'],
    sorters: ['name'],
    search: ['name'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'creating',
    // The database's page reads it again while a request moves it (the console's polling of the request).
    watch: ['creating', 'restarting'],
    values: {
      creating: { color: 'processing', label: t('创建中', 'Creating') },
      running: { color: 'green', label: t('运行中', 'Running') },
      restarting: { color: 'processing', label: t('重启中', 'Restarting') },
      deleting: { color: 'orange', label: t('删除中', 'Deleting') },
      deleted: { color: 'default', label: t('已删除', 'Deleted') },
      failure: { color: 'red', label: t('失败', 'Failure') },
    },
  },
  actions: [
    requestAction('resetPassword', t('重置密码', 'Reset password'), '/reset-password', 'running', "Set the database user's new password (an asynchronous request)", {
      fields: { type: 'object', additionalProperties: false, required: ['password'], properties: { password: passwordField } },
    }),
    requestAction('restart', t('重启', 'Restart'), '/restart', 'restarting', "Restart the database: every session of its user is ended (an asynchronous request)", {
      confirm: t('重启会断开该数据库的所有连接，确定重启吗？', "Restarting ends every connection to the database. Restart it?"),
    }),
    requestAction('upgrade', t('变更规格', 'Change instance type'), '/upgrade', 'restarting', 'Move the database to another instance type (an asynchronous request)', {
      method: 'PUT',
      fields: { type: 'object', additionalProperties: false, required: ['instanceType'], properties: { instanceType: databaseSchema.properties.instanceType } },
    }),
    backupAction,
  ],
  readOnly: ['status', 'host', 'port', 'databaseName', 'user', 'keyPrefix', 'server', 'requestId', 'message', 'proxyHost', 'proxyPort'],
  views: [slowQueriesView],
  charts: databaseCharts,
  commands: proxyCommands,
  access: access(),
  routes: { list: STORAGE_ROUTES.databases, show: STORAGE_ROUTES.database },
};

export const requests: ResourceDecl = {
  name: 'requests',
  label: t('异步请求', 'Requests'),
  singular: t('异步请求', 'request'),
  schema: requestSchema,
  path: '/requests',
  idField: 'id',
  idParam: 'requestId',
  titleField: 'kind',
  scope: 'app',
  // Made by the database's operations, read only.
  operations: ['list', 'show'],
  parent: { resource: 'databases', param: 'id', field: 'databaseId', onDelete: 'cascade' },
  list: { columns: ['kind', 'status', 'message', 'finishedAt'], filters: ['status', 'kind', 'databaseId'], sorters: ['finishedAt'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  status: {
    field: 'status',
    initial: 'RUNNING',
    watch: ['RUNNING'],
    values: {
      RUNNING: { color: 'processing', label: t('进行中', 'Running') },
      SUCCESS: { color: 'green', label: t('成功', 'Succeeded') },
      FAILED: { color: 'red', label: t('失败', 'Failed') },
    },
  },
  access: access(),
};

export const storageResources: ResourceDecl[] = [databases, requests, backups, metricSamples];
