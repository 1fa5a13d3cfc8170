/**
 * What stateful functions show of themselves (spec 001 §7): CPU use per function, the app's aggregation and its top
 * functions, and the servers' logs — searched, downloaded, and kept after a server ends while log retention is on.
 */
import type { CallDecl } from '../call-types';
import { ok, recordOf, textField } from '../call-shapes';
import type { JsonSchema } from '../types';

const onFunction = { resource: 'functions', missing: 'no such function' } as const;
const ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };

const functionUse: JsonSchema = {
  type: 'object',
  properties: {
    functionId: { type: 'string' },
    name: { type: 'string' },
    level: { type: 'string' },
    servers: { type: 'integer', description: 'live servers now' },
    players: { type: 'integer', description: 'players on them now' },
    coreSeconds: { type: 'number', description: 'CPU reserved by its servers (core-seconds), ended and running' },
    cpuPercent: { type: 'number', description: "its running servers' CPU now, percent of what their level gives them (averaged)" },
  },
};

export const logSearch: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    start: { type: 'string', format: 'date-time', description: 'lines at or after' },
    end: { type: 'string', format: 'date-time', description: 'lines before' },
    text: { ...textField(200, 1), description: 'lines holding this text (case ignored)' },
    serverId: ID,
    limit: { type: 'integer', minimum: 1, maximum: 5000, default: 500 },
  },
};

const logRow: JsonSchema = { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, serverId: { type: 'string' }, stream: { type: 'string', enum: ['stdout', 'stderr', 'system'] }, line: { type: 'string' } } };

export const observeCalls: Record<string, CallDecl> = {
  'metrics.cpuUsage': {
    method: 'GET',
    path: '/functions/metrics/cpu-usage',
    caller: 'service',
    summary: "Each function's CPU: what its servers reserved (core-seconds) and their use now",
    query: { type: 'object', additionalProperties: false, properties: { functionId: ID } },
    answer: ok('per function', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: functionUse } } }),
    errors: [400, 401, 403],
  },
  'metrics.aggregation': {
    method: 'GET',
    path: '/functions/metrics/aggregation',
    caller: 'service',
    summary: "The app's functions in all: how many, their servers by state, players now and CPU reserved",
    answer: ok('the sums', { type: 'object', properties: { functions: { type: 'integer' }, enabled: { type: 'integer' }, servers: { type: 'object', additionalProperties: { type: 'integer' } }, players: { type: 'integer' }, coreSeconds: { type: 'number' } } }),
    errors: [401, 403],
  },
  'metrics.topk': {
    method: 'GET',
    path: '/functions/metrics/topk',
    caller: 'service',
    summary: "The app's top functions by CPU reserved, players now or live servers",
    query: { type: 'object', additionalProperties: false, properties: { by: { type: 'string', enum: ['coreSeconds', 'players', 'servers'], default: 'coreSeconds' }, k: { type: 'integer', minimum: 1, maximum: 100, default: 10 } } },
    answer: ok('the top functions, highest first', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: functionUse } } }),
    errors: [400, 401, 403],
  },
  'logs.search': {
    method: 'POST',
    path: '/functions/:id/cls-log',
    caller: 'service',
    summary: "Search the function's servers' logs (their output while they run, and what was kept when they ended): a time range, a text, one server; oldest first",
    optionalBody: logSearch,
    answer: ok('the lines', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: logRow }, total: { type: 'integer' } } }),
    errors: [400, 401, 403, 404],
  },
  'logs.download': {
    method: 'GET',
    path: '/functions/:id/cls-log/download',
    caller: 'service',
    summary: "The function's servers' log lines as a text file (one line each: time, server, stream, text), narrowed as the search narrows",
    query: logSearch,
    answer: ok('the log file', { type: 'string' }),
    errors: [400, 401, 403, 404],
  },
  'logs.retention': {
    method: 'POST',
    path: '/func/functions/:id/enable-cls',
    caller: 'service',
    record: onFunction,
    summary: "Turn log retention on or off: on (the default), a server's last lines are kept when it ends, to be searched and downloaded after",
    body: { type: 'object', additionalProperties: false, required: ['enabled'], properties: { enabled: { type: 'boolean', 'x-ui': { title: { 'zh-CN': '保留日志', en: 'Keep logs' } } } } },
    answer: ok('the function', recordOf('functions')),
    errors: [400, 401, 403, 404],
  },
};
