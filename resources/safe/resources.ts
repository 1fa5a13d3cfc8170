/**
 * Safe's records (spec 001 §7 "Safe (/usafe/v1/safe/{id})", `{id}` the app id): the app's Safe record, made by
 * `enable`, with its info and config as parts; under it the SHA-1 list of the signers its packages may carry, and
 * the packages uploaded to `protect` with what their check found and their protection job (§4: processing, succeed,
 * failed). Each protection's signed integrity manifest is kept in a table of its own. The checks and the jobs are
 * `server/services/safe/`.
 */
import type { AccessDecl, JsonSchema, ResourceDecl } from '../types';
import appSchema from '../../schemas/safe/app.json' with { type: 'json' };
import sha1Schema from '../../schemas/safe/sha1.json' with { type: 'json' };
import protectionSchema from '../../schemas/safe/protection.json' with { type: 'json' };
import manifestSchema from '../../schemas/safe/integrity-manifest.json' with { type: 'json' };
import { HIGHEST_SEVERITIES, riskItem } from './risk-labels';

/** The console's routes (spec 001 §2: `safe`, the package list; `safe/detect`, the detect board), a package's page and the SHA-1 list. */
export const SAFE_ROUTES = { packages: 'safe', detect: 'safe/detect', sha1: 'safe/sha1', package: 'safe/packages/:protectionId' } as const;

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });

/** Under the app's Safe record (its id the app's id): `/safe/:id/<path>`. */
const underApp = { resource: 'apps', param: 'id', field: 'appId', onDelete: 'cascade', ofApp: true } as const;

export const safeApps: ResourceDecl = {
  name: 'apps',
  label: { 'zh-CN': '安全加固', en: 'Safe' },
  singular: { 'zh-CN': '安全加固', en: 'Safe record' },
  schema: appSchema,
  path: '/safe',
  idField: 'id',
  titleField: 'enabledAt',
  scope: 'app',
  // Made by `enable` (its id the app id); read whole, its info and config replaced as parts.
  operations: ['show'],
  parts: [
    { path: '/info', field: 'info', label: { 'zh-CN': '应用信息', en: 'Info' } },
    { path: '/config', field: 'config', label: { 'zh-CN': '检测配置', en: 'Config' } },
  ],
  list: { columns: ['enabledAt'] },
  readOnly: ['enabledAt'],
  // Its packages and its SHA-1 list are read on their own pages (`ParentDecl.ofApp`), not as lists on this record's.
  access: access(),
};

export const sha1List: ResourceDecl = {
  name: 'sha1',
  label: { 'zh-CN': 'SHA-1 列表', en: 'SHA-1 list' },
  singular: { 'zh-CN': 'SHA-1 条目', en: 'SHA-1 entry' },
  schema: sha1Schema,
  path: '/sha1',
  idField: 'id',
  idParam: 'entryId',
  titleField: 'fingerprint',
  scope: 'app',
  operations: ['list', 'create', 'bulkDelete'],
  bulkDeleteParam: 'id',
  parent: underApp,
  routes: { list: SAFE_ROUTES.sha1 },
  unique: ['fingerprint'],
  list: { columns: ['fingerprint', 'note', 'createdAt'], search: ['fingerprint', 'note'], defaultSort: { field: 'createdAt', order: 'asc' }, pageSize: 50 },
  readOnly: ['fingerprint'],
  access: access(),
};

const logLine: JsonSchema = {
  type: 'object',
  properties: {
    at: { type: 'string', format: 'date-time', 'x-ui': { title: { 'zh-CN': '时间', en: 'At' } } },
    line: { type: 'string', 'x-ui': { title: { 'zh-CN': '日志', en: 'Line' } } },
  },
};

const statusAnswer: JsonSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['processing', 'succeed', 'failed'], 'x-ui': { title: { 'zh-CN': '状态', en: 'Status' } } },
    hardening: { type: 'string', 'x-ui': { title: { 'zh-CN': '加固方式', en: 'Protection by' } } },
    manifestSha256: { type: 'string', 'x-ui': { title: { 'zh-CN': '完整性清单 SHA-256', en: 'Integrity manifest SHA-256' }, widget: 'code' } },
    error: { type: 'string', 'x-ui': { title: { 'zh-CN': '失败原因', en: 'Error' } } },
    finishedAt: { type: 'string', format: 'date-time', 'x-ui': { title: { 'zh-CN': '完成时间', en: 'Finished' } } },
  },
};

/** A package's record, its risks read as on the detect board: each named in both languages, each severity a coloured tag. */
const { risks, highestSeverity } = protectionSchema.properties;
const protectionRecord: JsonSchema = {
  ...protectionSchema,
  properties: {
    ...protectionSchema.properties,
    risks: { ...risks, items: riskItem },
    highestSeverity: { ...highestSeverity, 'x-ui': { ...highestSeverity['x-ui'], values: HIGHEST_SEVERITIES } },
  },
};

export const protections: ResourceDecl = {
  name: 'protections',
  label: { 'zh-CN': '安装包', en: 'Packages' },
  singular: { 'zh-CN': '安装包', en: 'package' },
  schema: protectionRecord,
  path: '/protections',
  idField: 'id',
  idParam: 'protectionId',
  titleField: 'fileName',
  scope: 'app',
  operations: ['list', 'show'],
  parent: underApp,
  routes: { show: SAFE_ROUTES.package },
  list: {
    columns: ['fileName', 'package', 'versionName', 'status', 'highestSeverity', 'riskCount', 'signerRegistered', 'createdAt'],
    filters: ['status', 'highestSeverity', 'kind', 'signerRegistered'],
    sorters: ['riskCount', 'size'],
    search: ['fileName', 'package'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'processing',
    // The protection job moves it on: its page reads it again meanwhile.
    watch: ['processing'],
    values: {
      processing: { color: 'processing', label: { 'zh-CN': '处理中', en: 'Processing' } },
      succeed: { color: 'green', label: { 'zh-CN': '成功', en: 'Succeeded' } },
      failed: { color: 'red', label: { 'zh-CN': '失败', en: 'Failed' } },
    },
  },
  details: [{ name: 'status', label: { 'zh-CN': '加固状态', en: 'Protection status' }, path: '/status', answer: statusAnswer, tag: 'status', api: { summary: "The package's protection job: its state, how it protects, the integrity manifest's digest once made, and why it failed" } }],
  views: [
    {
      name: 'logs',
      label: { 'zh-CN': '加固日志', en: 'Protection logs' },
      path: '/logs',
      listKey: 'logs',
      row: logLine,
      columns: ['at', 'line'],
      rowKey: ['at', 'line'],
      empty: { 'zh-CN': '暂无日志', en: 'No log lines yet' },
      paging: { mode: 'client', pageSize: 50 },
      refetchOnChange: true,
      api: { summary: "The protection job's log lines, oldest first (the hardening command's output included)" },
    },
  ],
  access: access(),
};

/** A protection's signed integrity manifest (large: every entry's digest), kept apart from the package's record by its `protectionId`. */
export const integrityManifests: ResourceDecl = {
  name: 'integrity-manifests',
  label: { 'zh-CN': '完整性清单', en: 'Integrity manifests' },
  singular: { 'zh-CN': '完整性清单', en: 'integrity manifest' },
  schema: manifestSchema,
  path: '/manifests',
  idField: 'id',
  titleField: 'package',
  scope: 'app',
  // No call of its own: the protection job writes it, and the token URL's download and the status read it.
  operations: [],
  implementedBy: 'service',
  list: { columns: ['package'] },
  access: access(),
};

export const safeResources: ResourceDecl[] = [safeApps, sha1List, protections, integrityManifests];
