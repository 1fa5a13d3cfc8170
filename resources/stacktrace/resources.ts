/**
 * Stacktrace's records (spec 002 §7 "Stacktrace (/stacktrace/v1/stacktrace)"): the app's symbol files (list, show,
 * delete; uploaded by `uploadSymbols`), their Breakpad text kept apart, and the crash records `parse` makes (§4:
 * finished, partial_finished, failed), read and tagged. The reading and symbolication are `server/services/stacktrace/`.
 */
import type { AccessDecl, CommandDecl, ResourceDecl } from '../types';
import symbolSchema from '../../schemas/stacktrace/symbol.json' with { type: 'json' };
import symbolTextSchema from '../../schemas/stacktrace/symbol-text.json' with { type: 'json' };
import recordSchema from '../../schemas/stacktrace/record.json' with { type: 'json' };
import { parseBody } from './calls';

/** The console's routes (spec 002 §2): the symbol files, the crash records, one record, and the parse page. */
export const STACKTRACE_ROUTES = {
  symbols: 'stacktrace/management',
  symbol: 'stacktrace/management/:id',
  records: 'stacktrace/record',
  record: 'stacktrace/record/:id',
  parseLogs: 'stacktrace/record/parseLogs',
} as const;

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });

export const symbols: ResourceDecl = {
  name: 'symbols',
  label: { 'zh-CN': '符号文件', en: 'Symbol files' },
  singular: { 'zh-CN': '符号文件', en: 'symbol file' },
  schema: symbolSchema,
  path: '/stacktrace/symbols',
  idField: 'id',
  titleField: 'fileName',
  scope: 'app',
  // Made by the upload call (POST /stacktrace/symbols, the file's raw bytes); read and deleted here.
  operations: ['list', 'show', 'delete'],
  routes: { show: STACKTRACE_ROUTES.symbol },
  list: {
    columns: ['fileName', 'appVersion', 'kind', 'buildId', 'arch', 'size', 'hasLines', 'createdAt'],
    filters: ['kind', 'arch', 'appVersion', 'hasLines', 'buildId', 'debugId'],
    sorters: ['size', 'fileName'],
    search: ['fileName', 'moduleName', 'buildId'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  // The back office's `symbols` page (spec 000 §2): every app's symbol files, the storage they use, a delete.
  acrossApps: { route: 'symbols', filters: ['kind', 'arch', 'hasLines'], sums: ['size'], storage: 'size', delete: true },
  access: access(),
};

/** A symbol file's Breakpad text (large), kept apart from its record by `symbolId`: the lookup reads it. */
export const symbolTexts: ResourceDecl = {
  name: 'symbol-texts',
  label: { 'zh-CN': '符号内容', en: 'Symbol texts' },
  singular: { 'zh-CN': '符号内容', en: 'symbol text' },
  schema: symbolTextSchema,
  path: '/symbol-texts',
  idField: 'id',
  titleField: 'moduleName',
  scope: 'app',
  operations: [],
  implementedBy: 'service',
  list: { columns: ['moduleName'] },
  access: access(),
};

/** The records list's "parse a log": the declared parse call, its log pasted in a dialog; the new record's page opens. */
const parseCommand: CommandDecl = {
  name: 'parse',
  label: { 'zh-CN': '解析日志', en: 'Parse a log' },
  on: 'collection',
  method: 'POST',
  path: '',
  address: 'call',
  api: { call: 'parse' },
  fields: parseBody,
  opens: 'record',
};

export const crashRecords: ResourceDecl = {
  name: 'records',
  label: { 'zh-CN': '崩溃记录', en: 'Crash records' },
  singular: { 'zh-CN': '崩溃记录', en: 'crash record' },
  schema: recordSchema,
  path: '/stacktrace/stacktrace-records',
  idField: 'id',
  titleField: 'title',
  scope: 'app',
  // Made by parse; parsed again by re-parse and a late symbol upload; tagged by the tags call.
  operations: ['list', 'show'],
  routes: { list: STACKTRACE_ROUTES.records, show: STACKTRACE_ROUTES.record },
  list: {
    columns: ['title', 'status', 'appVersion', 'format', 'signature', 'resolvedCount', 'frameCount', 'tags', 'parsedAt'],
    filters: ['status', 'appVersion', 'format', 'signature', 'signal', 'tags'],
    sorters: ['parsedAt', 'frameCount'],
    search: ['title', 'abortMessage'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'failed',
    values: {
      finished: { color: 'green', label: { 'zh-CN': '已完成', en: 'Finished' } },
      partial_finished: { color: 'orange', label: { 'zh-CN': '部分完成', en: 'Partially finished' } },
      failed: { color: 'red', label: { 'zh-CN': '失败', en: 'Failed' } },
    },
  },
  commands: [parseCommand],
  access: access(),
};

export const stacktraceResources: ResourceDecl[] = [symbols, symbolTexts, crashRecords];
