/**
 * Sync's room plugins (spec 001 §7 "Plugins": `GET, POST /api/v1/plugins`; `GET, PUT, DELETE /api/v1/plugins/{id}`;
 * `GET /api/v1/plugins/token`; `POST /api/v1/plugins/{id}/release`; and `POST /api/room-profiles/{id}/plugin`; the
 * console's routes `sync/plugins` and `sync/plugins/{pluginId}`): JavaScript room logic, each change of its code an
 * immutable version found by its content hash, the released version the one new rooms of the profiles bound to it
 * run in the stateless functions' sandbox (`server/services/usync/plugin-*.ts`).
 */
import type { CallDecl } from '../call-types';
import { ok, recordOf } from '../call-shapes';
import type { CommandDecl, JsonSchema, ResourceDecl, Text } from '../types';
import pluginSchema from '../../schemas/usync/plugin.json' with { type: 'json' };
import versionSchema from '../../schemas/usync/plugin-version.json' with { type: 'json' };

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** The console's routes (spec 001 §2). */
export const PLUGIN_ROUTES = { list: 'sync/plugins', show: 'sync/plugins/:pluginId' } as const;
export const PLUGIN_PATH = '/api/v1/plugins';
/** Where a transfer token (`GET <PLUGIN_PATH>/token`) downloads the app's plugins, under the service's base. */
export const PLUGIN_TRANSFER_PATH = '/plugins/transfer';

const version: JsonSchema = { type: 'integer', minimum: 1, maximum: 1_000_000 };

export const releaseBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { version: { ...version, description: 'the version to release (default: the latest)', 'x-ui': { title: t('版本（留空为最新版本）', 'Version (empty: the latest)') } } },
};

export const bindBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    pluginId: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: 'the plugin the profile\'s rooms run; left out: none',
      'x-ui': { title: t('房间插件（留空为不使用）', 'Plugin (empty: none)'), optionsFrom: { service: 'usync', resource: 'plugins', value: 'id', label: 'name' } },
    },
  },
};

const validUntil: JsonSchema = { type: 'string', format: 'date-time', 'x-ui': { title: t('有效期至', 'Valid until') } };
/** A transfer token, as the call answers it and the console shows it. */
export const pluginTokenSchema: JsonSchema = {
  type: 'object',
  required: ['token', 'expiresAt', 'url'],
  properties: {
    token: { type: 'string', 'x-ui': { title: t('令牌', 'Token'), widget: 'code' } },
    url: { type: 'string', 'x-ui': { title: t('下载地址', 'Download address') } },
    expiresAt: validUntil,
  },
};

/** What a transfer token downloads: each plugin's settings and the code of its released version (else its latest). */
export const pluginTransferSchema: JsonSchema = {
  type: 'object',
  required: ['appId', 'plugins'],
  properties: {
    appId: { type: 'string' },
    plugins: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' }, code: { type: 'string' }, version: { type: 'integer' }, tickMs: { type: 'integer' }, timeoutMs: { type: 'integer' }, memoryMb: { type: 'integer' } } },
    },
  },
};

export const pluginCalls: Record<string, CallDecl> = {
  pluginRelease: {
    method: 'POST',
    path: `${PLUGIN_PATH}/:id/release`,
    caller: 'service',
    record: { resource: 'plugins', missing: 'no such plugin' },
    summary: 'Release a version of the plugin (default: the latest): rooms allocated from now on run it; rooms already open keep the version they started with',
    optionalBody: releaseBody,
    answer: ok('the plugin, released', recordOf('plugins')),
    errors: [400, 401, 403, 404],
  },
  pluginToken: {
    method: 'GET',
    path: `${PLUGIN_PATH}/token`,
    caller: 'service',
    summary: "A transfer token, valid 15 minutes, and the address where it downloads the app's plugins (each one's settings and released code, as JSON) without the app credential, to carry them to another app or deployment",
    answer: ok('the token', pluginTokenSchema),
    errors: [401, 403],
  },
  profilePlugin: {
    method: 'POST',
    path: '/api/room-profiles/:id/plugin',
    caller: 'service',
    record: { resource: 'profiles', missing: 'no such room profile' },
    summary: "Bind a plugin to the room profile (body pluginId; left out: unbind): the profile's rooms allocated from now on run its released version",
    optionalBody: bindBody,
    answer: ok('the profile', recordOf('profiles')),
    errors: [400, 401, 403, 404],
  },
};

/** The profile's button for the bind call. */
export const bindCommand: CommandDecl = { name: 'plugin', label: t('绑定插件', 'Bind a plugin'), on: 'item', method: 'POST', path: '/plugin', fields: bindBody, api: { call: 'profilePlugin' } };

export const plugins: ResourceDecl = {
  name: 'plugins',
  label: t('房间插件', 'Plugins'),
  singular: t('房间插件', 'plugin'),
  schema: pluginSchema,
  path: PLUGIN_PATH,
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  list: { columns: ['name', 'status', 'latestVersion', 'liveVersion', 'releasedAt', 'updatedAt'], filters: ['status'], search: ['name', 'description'], defaultSort: { field: 'updatedAt', order: 'desc' }, pageSize: 20 },
  status: {
    field: 'status',
    initial: 'draft',
    values: {
      draft: { color: 'default', label: t('未发布', 'Draft') },
      released: { color: 'green', label: t('已发布', 'Released') },
    },
  },
  commands: [
    { name: 'release', label: t('发布', 'Release'), on: 'item', method: 'POST', path: '/release', fields: releaseBody, api: { call: 'pluginRelease' }, confirm: t('发布后新开的房间运行该版本，确定发布吗？', 'Rooms opened from now on run this version. Release it?') },
    { name: 'token', label: t('转移令牌', 'Transfer token'), on: 'collection', method: 'GET', path: '', address: 'call', api: { call: 'pluginToken' }, answer: pluginTokenSchema },
  ],
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
  routes: { list: PLUGIN_ROUTES.list, show: PLUGIN_ROUTES.show },
};

export const pluginVersions: ResourceDecl = {
  name: 'pluginVersions',
  label: t('插件版本', 'Plugin versions'),
  singular: t('插件版本', 'plugin version'),
  schema: versionSchema,
  path: '/versions',
  idField: 'id',
  idParam: 'versionId',
  titleField: 'hash',
  scope: 'app',
  // Made by each save that changes the code, never changed.
  operations: ['list', 'show'],
  parent: { resource: 'plugins', param: 'pluginId', field: 'pluginId', onDelete: 'cascade' },
  list: { columns: ['number', 'hash', 'codeBytes', 'createdAt'], sorters: ['number'], defaultSort: { field: 'number', order: 'desc' }, pageSize: 20 },
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
};
