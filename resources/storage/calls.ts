/**
 * Storage's own calls beside its records (spec 002 §7 "CRUD Storage (/ucrud/v1)"), paths as the spec gives them:
 * the regions and instance types, an asynchronous request's status, a database's slow queries, every app's databases
 * for an administrator, and the credential cache's refresh.
 */
import type { CallDecl } from '../call-types';
import { ok } from '../call-shapes';
import { instanceTypeSchema, regionSchema } from './catalog';
import requestSchema from '../../schemas/storage/request.json' with { type: 'json' };

const slowQuerySchema = {
  type: 'object',
  required: ['durationMs', 'statement'],
  properties: {
    at: { type: 'string', format: 'date-time', description: 'when it started (not for PostgreSQL, whose statistics add runs up)' },
    durationMs: { type: 'number', description: 'how long it ran (PostgreSQL: its longest run), in milliseconds' },
    statement: { type: 'string', description: 'the statement or command as the server recorded it' },
    rowsExamined: { type: 'integer', description: 'MySQL: the rows it examined' },
    calls: { type: 'integer', description: 'PostgreSQL: how many times it ran' },
  },
};

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
  'databases.slowQueries': {
    method: 'GET',
    path: '/databases/:id/slow-queries',
    caller: 'service',
    record: { resource: 'databases', missing: 'no such database' },
    summary:
      "The database user's slowest recent statements, slowest first, from its server's own record: PostgreSQL's pg_stat_statements, MySQL's slow query log (as a table), Redis's SLOWLOG (the commands on the database's keys). 409 when the server does not record them, saying what it needs",
    query: { type: 'object', additionalProperties: false, properties: { count: { type: 'integer', minimum: 1, maximum: 100 } } },
    answer: items('the slow queries', slowQuerySchema),
    errors: [400, 401, 403, 404, 409],
  },
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
