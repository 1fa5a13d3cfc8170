/**
 * A database's slow queries: its server's own record of the user's slowest recent statements (PostgreSQL's
 * pg_stat_statements, MySQL's slow query log as a table, Redis's SLOWLOG), the spec's `GET
 * /databases/{id}/slow-queries`, shown as a list on the database's page.
 */
import type { CallDecl } from '../call-types';
import { ok } from '../call-shapes';
import type { JsonSchema, Text } from '../types';
import type { ViewDecl } from '../view-types';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

const slowQuery: JsonSchema = {
  type: 'object',
  required: ['durationMs', 'statement'],
  properties: {
    at: { type: 'string', format: 'date-time', description: 'when it started (not for PostgreSQL, whose statistics add runs up)', 'x-ui': { title: t('开始时间', 'Started') } },
    durationMs: { type: 'number', description: 'how long it ran (PostgreSQL: its longest run), in milliseconds', 'x-ui': { title: t('耗时（毫秒）', 'Duration (ms)') } },
    statement: { type: 'string', description: 'the statement or command as the server recorded it', 'x-ui': { title: t('语句', 'Statement'), widget: 'code' } },
    rowsExamined: { type: 'integer', description: 'MySQL: the rows it examined', 'x-ui': { title: t('扫描行数', 'Rows examined') } },
    calls: { type: 'integer', description: 'PostgreSQL: how many times it ran', 'x-ui': { title: t('执行次数', 'Runs') } },
  },
};

export const slowQueriesCall: CallDecl = {
  method: 'GET',
  path: '/databases/:id/slow-queries',
  caller: 'service',
  record: { resource: 'databases', missing: 'no such database' },
  summary:
    "The database user's slowest recent statements, slowest first, from its server's own record: PostgreSQL's pg_stat_statements, MySQL's slow query log (as a table), Redis's SLOWLOG (the commands on the database's keys). Where nothing is recorded (an embedded or stopped database, a server that does not record them), `unrecorded` says why",
  query: { type: 'object', additionalProperties: false, properties: { count: { type: 'integer', minimum: 1, maximum: 100 } } },
  answer: ok('the slow queries', {
    type: 'object',
    required: ['total', 'items'],
    properties: {
      total: { type: 'integer' },
      items: { type: 'array', items: slowQuery },
      unrecorded: { type: 'string', description: 'why the server records no slow queries for the database, when it does not' },
    },
  }),
  errors: [400, 401, 403, 404],
};

export const slowQueriesView: ViewDecl = {
  name: 'slowQueries',
  label: t('慢查询', 'Slow queries'),
  path: '/slow-queries',
  listKey: 'items',
  row: slowQuery,
  columns: ['at', 'durationMs', 'statement', 'rowsExamined', 'calls'],
  rowKey: ['statement', 'at'],
  empty: t(
    '没有慢查询记录：没有语句超过服务器的阈值，或服务器不记录慢查询（内置 PostgreSQL 实例、未启用 pg_stat_statements 或慢查询日志表的服务器）',
    'No slow queries recorded: none ran over the server’s threshold, or the server does not record them (embedded PostgreSQL databases, servers without pg_stat_statements or the slow query log table)',
  ),
  paging: { mode: 'client', pageSize: 10, count: 50 },
  refetchOnChange: true,
  api: { call: 'databases.slowQueries' },
};
