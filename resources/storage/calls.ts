/**
 * Storage's own calls beside its records (spec 002 §7 "CRUD Storage (/ucrud/v1)"), paths as the spec gives them:
 * the regions and instance types, an asynchronous request's status, a database's slow queries, every app's databases
 * for an administrator, and the credential cache's refresh.
 */
import type { CallDecl } from '../call-types';
import { ok } from '../call-shapes';
import { instanceTypeSchema, regionSchema } from './catalog';
import requestSchema from '../../schemas/storage/request.json' with { type: 'json' };
import { slowQueriesCall } from './slow-queries';

const items = (what: string, item: object) => ok(what, { type: 'object', required: ['items'], properties: { items: { type: 'array', items: item } } });

export const storageCalls: Record<string, CallDecl> = {
  'regions.list': {
    method: 'GET',
    path: '/regions',
    caller: 'service',
    summary: 'The regions, each with the engines a database may be created with there on this deployment',
    answer: items('the regions', regionSchema),
    errors: [401, 403],
  },
  'instanceTypes.list': {
    method: 'GET',
    path: '/instance-types',
    caller: 'service',
    summary: 'The instance types a database may have',
    answer: items('the instance types', instanceTypeSchema),
    errors: [401, 403],
  },
  'requests.status': {
    method: 'GET',
    path: '/databases/:id/async-request/:requestId/status',
    caller: 'service',
    record: { resource: 'databases', missing: 'no such database' },
    summary: "An asynchronous request's status (RUNNING, SUCCESS or FAILED) and why it failed",
    answer: ok('the request', { type: 'object', required: ['id', 'kind', 'status'], properties: { id: { type: 'string' }, ...requestSchema.properties } }),
    errors: [401, 403, 404],
  },
  'databases.slowQueries': slowQueriesCall,
  'databases.admin': {
    method: 'GET',
    path: '/databases/admin',
    caller: 'service',
    access: ['admin'],
    summary: "Every app's databases, newest first (administrators only)",
    query: { type: 'object', additionalProperties: false, properties: { count: { type: 'integer', minimum: 1, maximum: 200 }, start: { type: 'integer', minimum: 0, maximum: 1_000_000 } } },
    answer: ok('the databases and their total', { type: 'object', required: ['total', 'items'], properties: { total: { type: 'integer' }, items: { type: 'array', items: { type: 'object' } } } }),
    errors: [400, 401, 403],
  },
};
