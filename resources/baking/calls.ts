/**
 * Baking's own calls beside its records (spec 001 §7 "Baking (/ubaking/v1)"), paths exactly as the spec gives them:
 * the app's set-up, the platform's instance types and the app's allowed ones, node-time statistics, and the
 * credential cache's refresh. The agents' protocol is in `agent-calls.ts`.
 */
import type { CallDecl } from '../call-types';
import { ok, topK } from '../call-shapes';
import type { JsonSchema } from '../types';
import { instanceTypeSchema } from './instance-types';

const range: Record<string, JsonSchema> = {
  start: { type: 'string', format: 'date', description: 'first day (Asia/Shanghai); default 29 days before end' },
  end: { type: 'string', format: 'date', description: 'last day; default today' },
};
const rangeQuery = (extra: Record<string, JsonSchema> = {}): JsonSchema => ({ type: 'object', additionalProperties: false, properties: { ...range, ...extra } });

const typesAnswer = ok('the instance types', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: instanceTypeSchema } } });

const nodeTime = { nodeSeconds: { type: 'integer', description: 'seconds of node time' }, nodeHours: { type: 'string', description: 'node-hours, a decimal string' } };

export const bakingCalls: Record<string, CallDecl> = {
  'apps.init': {
    method: 'POST',
    path: '/init-apps',
    caller: 'service',
    summary: "Set up baking for the app: its settings made (every instance type allowed) when it has none; answers them",
    answer: ok("the app's baking settings", { type: 'object', required: ['appId', 'instanceTypes'], properties: { appId: { type: 'string' }, instanceTypes: { type: 'array', items: { type: 'string' } }, created: { type: 'boolean' } } }),
    errors: [401, 403],
  },
  'instanceTypes.list': {
    method: 'GET',
    path: '/instance-types',
    caller: 'service',
    summary: "The platform's baking instance types",
    answer: typesAnswer,
    errors: [401, 403],
  },
  'instanceTypes.show': {
    method: 'GET',
    path: '/instance-types/:id',
    caller: 'service',
    params: { id: { type: 'string', minLength: 1, maxLength: 64 } },
    summary: 'One of the platform’s baking instance types',
    answer: ok('the instance type', instanceTypeSchema),
    errors: [401, 403, 404],
  },
  'apps.instanceTypes': {
    method: 'GET',
    path: '/apps/:id/instance-types',
    caller: 'service',
    appParam: 'id',
    summary: "The instance types the app's sessions may ask for (its settings' list, or every one when it lists none); the id is the app's",
    answer: typesAnswer,
    errors: [401, 403, 404],
  },
  'stats.appUsage': {
    method: 'GET',
    path: '/stats/app-usage',
    caller: 'service',
    summary: "The app's baking node time per day (every day of the range, zeros included), as metered when nodes stop",
    query: rangeQuery(),
    answer: ok('node time per day', { type: 'object', required: ['start', 'end', 'items'], properties: { start: { type: 'string' }, end: { type: 'string' }, ...nodeTime, items: { type: 'array', items: { type: 'object', properties: { date: { type: 'string' }, ...nodeTime } } } } }),
    errors: [400, 401, 403],
  },
  'stats.sum': {
    method: 'GET',
    path: '/stats/sum',
    caller: 'service',
    summary: "Baking node time over the range in all: every app's for an administrator, the app's own otherwise",
    query: rangeQuery(),
    answer: ok('the total', { type: 'object', required: ['start', 'end', 'nodeSeconds', 'apps'], properties: { start: { type: 'string' }, end: { type: 'string' }, ...nodeTime, apps: { type: 'integer', description: 'apps with node time in the range' } } }),
    errors: [400, 401, 403],
  },
  'stats.top': {
    method: 'GET',
    path: '/stats/top',
    caller: 'service',
    summary: 'The apps with the most baking node time over the range, most first (an app sees only itself)',
    query: rangeQuery(topK),
    answer: ok('the apps, most first', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'object', properties: { appId: { type: 'string' }, ...nodeTime } } } } }),
    errors: [400, 401, 403],
  },
};


