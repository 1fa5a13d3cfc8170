/**
 * A database's metrics (spec 002 §2 `crud/storage/management/{databaseId}` "database metrics", §7 `GET
 * databases/{id}/metrics`, `supported-metrics-info`, `daily-new-metrics`, `daily-pit-metrics`, `topk`): samples read
 * from the database's own server on a schedule (its user's connections, the database's size, its operations since the
 * previous sample, Redis's keys under its prefix), kept as records of their own, charted on the database's page; and
 * the app's databases counted per day and ranked by a metric.
 */
import type { CallDecl } from '../call-types';
import { ok } from '../call-shapes';
import type { JsonSchema, RecordChartDecl, ResourceDecl, Text } from '../types';
import type { Engine } from './catalog';
import sampleSchema from '../../schemas/storage/metric-sample.json' with { type: 'json' };

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

export interface MetricFacts {
  name: 'connections' | 'sizeBytes' | 'operations' | 'keys';
  label: Text;
  unit: 'count' | 'bytes';
  /** What the metric is read from, per engine it is read for. */
  from: Partial<Record<Engine | 'embedded', string>>;
}

/** The metrics sampled, and for each engine where its server gives them (`supported-metrics-info`). */
export const METRICS: MetricFacts[] = [
  {
    name: 'connections',
    label: t('连接数', 'Connections'),
    unit: 'count',
    from: {
      embedded: 'the sessions signed in through the front door',
      postgresql: 'pg_stat_activity, the sessions of the database',
      mysql: 'information_schema.PROCESSLIST, the sessions of the user',
      redis: 'CLIENT LIST, the clients signed in as the user',
      mongodb: 'currentOp, the connections of the user',
    },
  },
  {
    name: 'sizeBytes',
    label: t('存储用量', 'Size'),
    unit: 'bytes',
    from: {
      embedded: 'pg_database_size of the database',
      postgresql: 'pg_database_size of the database',
      mysql: "information_schema.TABLES, the data and index bytes of the database's tables",
      redis: "MEMORY USAGE of the keys under the database's prefix",
      mongodb: 'dbStats, the storage and index bytes of the database',
    },
  },
  {
    name: 'operations',
    label: t('操作数', 'Operations'),
    unit: 'count',
    from: {
      embedded: 'the statements the clients sent through the front door',
      postgresql: 'pg_stat_database, the transactions committed and rolled back',
      mysql: 'information_schema.USER_STATISTICS, the commands of the user (the server needs userstat=ON)',
      mongodb: "top, the operations on the database's collections",
    },
  },
  { name: 'keys', label: t('键数量', 'Keys'), unit: 'count', from: { redis: "SCAN of the keys under the database's prefix" } },
];

/** How often databases are sampled by default (STORAGE_METRICS_INTERVAL_SECONDS changes it). */
export const DEFAULT_SAMPLE_SECONDS = 60;
/** How long samples are kept. */
export const SAMPLE_KEEP_DAYS = 30;
/** The metrics `topk` ranks databases by. */
export const TOPK_METRICS = ['sizeBytes', 'connections', 'operations', 'keys'] as const;

export const metricSamples: ResourceDecl = {
  name: 'metricSamples',
  label: t('监控采样', 'Metric samples'),
  singular: t('监控采样', 'metric sample'),
  schema: sampleSchema,
  path: '/metric-samples',
  idField: 'id',
  idParam: 'sampleId',
  titleField: 'at',
  scope: 'app',
  // No call of its own: the sampling job writes them, `GET /databases/{id}/metrics` reads them.
  operations: [],
  implementedBy: 'service',
  parent: { resource: 'databases', param: 'id', field: 'databaseId', onDelete: 'cascade' },
  list: { columns: ['at', 'connections', 'sizeBytes', 'operations'] },
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
};

const point: JsonSchema = {
  type: 'object',
  required: ['at'],
  properties: {
    at: { type: 'string', format: 'date-time' },
    connections: { type: 'integer' },
    sizeBytes: { type: 'integer' },
    operations: { type: 'integer', description: 'operations since the previous sample' },
    keys: { type: 'integer', description: 'Redis only' },
  },
};

const days = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const dayQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { from: { ...days, description: 'the first day (Beijing), default 29 days before `to`' }, to: { ...days, description: 'the last day (Beijing), default today' } },
};

export const metricsCalls: Record<string, CallDecl> = {
  'databases.metrics': {
    method: 'GET',
    path: '/databases/:id/metrics',
    caller: 'service',
    record: { resource: 'databases', missing: 'no such database' },
    summary:
      "The database's metrics over the last `hours` (default 24), oldest first: each sample's connections, size, operations since the previous sample and, for Redis, keys — read from the database's server every sampling interval",
    query: { type: 'object', additionalProperties: false, properties: { hours: { type: 'integer', minimum: 1, maximum: SAMPLE_KEEP_DAYS * 24 } } },
    answer: ok('the samples', {
      type: 'object',
      required: ['databaseId', 'engine', 'intervalSeconds', 'metrics', 'items'],
      properties: {
        databaseId: { type: 'string' },
        engine: { type: 'string' },
        intervalSeconds: { type: 'integer', description: 'how often the database is sampled' },
        metrics: { type: 'array', items: { type: 'string' }, description: "the metrics the database's server gives" },
        items: { type: 'array', items: point },
      },
    }),
    errors: [400, 401, 403, 404],
  },
  'databases.supportedMetrics': {
    method: 'GET',
    path: '/databases/supported-metrics-info',
    caller: 'service',
    summary: 'The metrics sampled, with their unit and, per engine, what each is read from (an engine missing from `from` does not give it)',
    answer: ok('the metrics', {
      type: 'object',
      required: ['intervalSeconds', 'keepDays', 'items'],
      properties: {
        intervalSeconds: { type: 'integer' },
        keepDays: { type: 'integer' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'label', 'unit', 'from'],
            properties: { name: { type: 'string' }, label: { type: 'object' }, unit: { type: 'string', enum: ['count', 'bytes'] }, from: { type: 'object', additionalProperties: { type: 'string' } } },
          },
        },
      },
    }),
    errors: [401, 403],
  },
  'databases.dailyNew': {
    method: 'GET',
    path: '/databases/daily-new-metrics',
    caller: 'service',
    summary: "The app's databases created each day (Beijing days), in all and per engine",
    query: dayQuery,
    answer: ok('the days', {
      type: 'object',
      required: ['from', 'to', 'days', 'byEngine'],
      properties: {
        from: days,
        to: days,
        days: { type: 'array', items: { type: 'object', required: ['day', 'count'], properties: { day: days, count: { type: 'integer' } } } },
        byEngine: { type: 'array', items: { type: 'object', required: ['day', 'engine', 'count'], properties: { day: days, engine: { type: 'string' }, count: { type: 'integer' } } } },
      },
    }),
    errors: [400, 401, 403],
  },
  'databases.dailyPit': {
    method: 'GET',
    path: '/databases/daily-pit-metrics',
    caller: 'service',
    summary: "The app's databases in existence at the end of each day (Beijing days; today: now), with the day's created and deleted",
    query: dayQuery,
    answer: ok('the days', {
      type: 'object',
      required: ['from', 'to', 'days'],
      properties: {
        from: days,
        to: days,
        days: {
          type: 'array',
          items: { type: 'object', required: ['day', 'count', 'created', 'deleted'], properties: { day: days, count: { type: 'integer' }, created: { type: 'integer' }, deleted: { type: 'integer' } } },
        },
      },
    }),
    errors: [400, 401, 403],
  },
  'databases.topk': {
    method: 'GET',
    path: '/databases/topk',
    caller: 'service',
    summary: "The app's databases with the largest value of a metric in their latest sample, largest first (operations: over the last hour)",
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { metric: { type: 'string', enum: [...TOPK_METRICS], description: 'default sizeBytes' }, k: { type: 'integer', minimum: 1, maximum: 100, description: 'default 10' } },
    },
    answer: ok('the databases', {
      type: 'object',
      required: ['metric', 'items'],
      properties: {
        metric: { type: 'string' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['databaseId', 'name', 'engine', 'value', 'at'],
            properties: { databaseId: { type: 'string' }, name: { type: 'string' }, engine: { type: 'string' }, value: { type: 'integer' }, at: { type: 'string', format: 'date-time' } },
          },
        },
      },
    }),
    errors: [400, 401, 403],
  },
};

const chart = (list: 'items', field: MetricFacts['name'], kind: 'line' | 'columns', format: 'count' | 'bytes', empty: Text): RecordChartDecl => ({
  label: METRICS.find((m) => m.name === field)!.label,
  kind,
  from: { path: '/metrics', query: { hours: 24 }, refreshSeconds: 60 },
  list,
  x: 'at',
  series: [{ field, label: METRICS.find((m) => m.name === field)!.label }],
  format,
  span: 12,
  empty,
});

const NOTHING = t('还没有采样：数据库运行后每个采样周期读取一次', 'No samples yet: a running database is read once every sampling interval');

/** The database page's charts: the last day of its samples. */
export const databaseCharts: RecordChartDecl[] = [
  chart('items', 'connections', 'line', 'count', NOTHING),
  chart('items', 'sizeBytes', 'line', 'bytes', NOTHING),
  chart('items', 'operations', 'columns', 'count', NOTHING),
  chart('items', 'keys', 'line', 'count', NOTHING),
];
