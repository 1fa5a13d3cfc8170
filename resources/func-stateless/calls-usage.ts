/**
 * Stateless functions' calls on what ran (spec 001 §7): the runtimes, a function's invocation logs (list, search,
 * detail), its daily, SCF and gateway usage, and the app's metrics (aggregation, top k).
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, ok, recordOf, topK } from '../call-shapes';
import type { JsonSchema, Text } from '../types';
import { RUNTIMES } from './limits';

const onFunction = { resource: 'functions', missing: 'no such function' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const titled = (schema: JsonSchema, zh: string, en: string): JsonSchema => ({ ...schema, 'x-ui': { title: t(zh, en) } });

const STATUS = { type: 'string', enum: ['success', 'error', 'timeout', 'memory'] } as const;
const logsQuery = {
  offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  status: { ...STATUS, description: 'only invocations that ended so' },
  from: { type: 'string', format: 'date-time', description: 'only invocations at or after this time' },
  to: { type: 'string', format: 'date-time', description: 'only invocations before this time' },
};
const logsAnswer = ok('a page of invocations, newest first', {
  type: 'object',
  required: ['total', 'items'],
  properties: { total: count, items: { type: 'array', items: recordOf('invocations') } },
});

/** One day of a function's usage. */
export const usageDayRow: JsonSchema = {
  type: 'object',
  properties: {
    day: titled({ type: 'string' }, '日期', 'Day'),
    invocations: titled(count, '调用次数', 'Invocations'),
    errors: titled(count, '失败次数', 'Failed'),
    gbSeconds: titled({ type: 'number' }, '资源用量（GB·秒）', 'Resources (GB-s)'),
    netBytes: titled(count, '流量（字节）', 'Traffic (bytes)'),
  },
};

export const scfUsageAnswer: JsonSchema = {
  type: 'object',
  properties: {
    from: titled({ type: 'string' }, '开始日期', 'From'),
    to: titled({ type: 'string' }, '结束日期', 'To'),
    invocations: titled(count, '调用次数', 'Invocations'),
    errors: titled(count, '失败次数', 'Failed'),
    timeouts: titled(count, '超时次数', 'Timed out'),
    memoryExceeded: titled(count, '超出内存次数', 'Over memory'),
    averageDurationMs: titled({ type: 'number' }, '平均耗时（毫秒）', 'Average duration (ms)'),
    gbSeconds: titled({ type: 'number' }, '资源用量（GB·秒）', 'Resources (GB-s)'),
    netBytes: titled(count, '流量（字节）', 'Traffic (bytes)'),
  },
};

export const gatewayDayRow: JsonSchema = {
  type: 'object',
  properties: { day: titled({ type: 'string' }, '日期', 'Day'), requests: titled(count, '请求数', 'Requests'), limited: titled(count, '限流拒绝', 'Rate limited') },
};

const runtimeRow: JsonSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, language: { type: 'string' }, description: { type: 'string' }, defaultHandler: { type: 'string' }, available: { type: 'boolean' } },
};

export const usageCalls: Record<string, CallDecl> = {
  runtimes: {
    method: 'GET',
    path: '/func-stateless/functions/runtimes',
    caller: 'public',
    appCredential: {},
    summary: `The runtimes a function may use (${RUNTIMES.map((r) => r.name).join(', ')}), paged by offset and limit (no credential: name the app by appId)`,
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        appId: { type: 'string', minLength: 1, maxLength: 64 },
        offset: { type: 'integer', minimum: 0, maximum: 9999, default: 0 },
        limit: { type: 'integer', minimum: 1, maximum: 9999, default: 9999 },
      },
    },
    answer: ok('the runtimes', { type: 'object', required: ['total', 'items'], properties: { total: count, items: { type: 'array', items: runtimeRow } } }),
    errors: [400, 401, 403, 404],
  },
  'logs.list': {
    method: 'POST',
    path: '/func-stateless/functions/:id/logs/list',
    caller: 'service',
    record: onFunction,
    summary: "The function's invocations, newest first: status, trigger, version, duration, memory, console output and result",
    optionalBody: { type: 'object', additionalProperties: false, properties: logsQuery },
    answer: logsAnswer,
    errors: [400, 401, 403, 404],
  },
  'logs.search': {
    method: 'POST',
    path: '/func-stateless/functions/:id/logs/search',
    caller: 'service',
    record: onFunction,
    summary: "The function's invocations whose console output, error, result or request id holds the text (any case), newest first",
    body: { type: 'object', additionalProperties: false, required: ['q'], properties: { q: { type: 'string', minLength: 1, maxLength: 200 }, ...logsQuery } },
    answer: logsAnswer,
    errors: [400, 401, 403, 404],
  },
  'logs.detail': {
    method: 'POST',
    path: '/func-stateless/functions/:id/logs/detail',
    caller: 'service',
    record: onFunction,
    summary: 'One invocation by its request id: the event, result or error, console output, duration and memory',
    body: { type: 'object', additionalProperties: false, required: ['requestId'], properties: { requestId: { type: 'string', minLength: 1, maxLength: 64 } } },
    answer: ok('the invocation', recordOf('invocations')),
    errors: [400, 401, 403, 404],
  },
  dailyUsage: {
    method: 'GET',
    path: '/func-stateless/functions/:id/daily-usage',
    caller: 'service',
    record: onFunction,
    summary: "The function's invocations, failures, resources (GB-seconds) and traffic per day over a range of days",
    query: dayRangeQuery(),
    answer: ok('the days', { type: 'object', properties: { days: { type: 'array', items: usageDayRow } } }),
    errors: [400, 401, 403, 404],
  },
  scfUsage: {
    method: 'GET',
    path: '/func-stateless/functions/:id/scf-usage',
    caller: 'service',
    record: onFunction,
    summary: "The function's totals over a range of days: invocations and how they ended, average duration, resources (GB-seconds) and traffic",
    query: dayRangeQuery(),
    answer: ok('the totals', scfUsageAnswer),
    errors: [400, 401, 403, 404],
  },
  gatewayUsage: {
    method: 'GET',
    path: '/func-stateless/functions/:id/api-gateway-usage',
    caller: 'service',
    record: onFunction,
    summary: "The requests the function's API gateway took per day, and those refused by its rate limit (kept 31 days)",
    query: dayRangeQuery(),
    answer: ok('the days', { type: 'object', properties: { requests: count, limited: count, days: { type: 'array', items: gatewayDayRow } } }),
    errors: [400, 401, 403, 404],
  },
  'metrics.aggregation': {
    method: 'GET',
    path: '/func-stateless/metrics/aggregation',
    caller: 'service',
    summary: "The app's functions together over a range of days: invocations, failures, resources and traffic, in total and per day",
    query: dayRangeQuery(),
    answer: ok('the sums', { type: 'object', properties: { invocations: count, errors: count, gbSeconds: { type: 'number' }, netBytes: count, days: { type: 'array', items: usageDayRow } } }),
    errors: [400, 401, 403],
  },
  'metrics.topk': {
    method: 'GET',
    path: '/func-stateless/metrics/topk',
    caller: 'service',
    summary: "The app's functions invoked most over a range of days (or by failures, or by resources), most first",
    query: dayRangeQuery({ ...topK, by: { type: 'string', enum: ['invocations', 'errors', 'gbSeconds'], default: 'invocations' } }),
    answer: ok('the functions, most first', {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'object', properties: { functionId: { type: 'string' }, name: { type: 'string' }, invocations: count, errors: count, gbSeconds: { type: 'number' } } } } },
    }),
    errors: [400, 401, 403],
  },
};
