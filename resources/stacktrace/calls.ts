/**
 * Stacktrace's own calls (spec 002 §7 "Stacktrace (/stacktrace/v1/stacktrace)"): app initialization, symbol uploads,
 * the object-storage credential for direct uploads, parsing a crash log, tags, re-parsing, the aggregation and top-k
 * metrics of crash signatures, and the credential refresh. The behaviour is `server/services/stacktrace/`.
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, ok, recordOf, topK } from '../call-shapes';
import type { JsonSchema } from '../types';

const count = { type: 'integer', minimum: 0 } as const;
const ids = { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } } as const;
const version = { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9._+-]*$', description: 'the app version the file or crash belongs to', 'x-ui': { title: { 'zh-CN': '应用版本', en: 'App version' } } } as const;

/** The most a pasted or sent crash log may hold (characters); a longer one is refused before it is read. */
export const MAX_LOG_CHARS = 1_000_000;

/** The body of `parse`: a crash log as text, with the app version it came from. */
export const parseBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['log'],
  properties: {
    log: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_LOG_CHARS,
      description: 'an Android tombstone, a Unity player log or a Breakpad stack walk',
      'x-ui': { title: { 'zh-CN': '崩溃日志', en: 'Crash log' }, widget: 'textarea' },
    },
    version,
    tags: { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 40 }, 'x-ui': { title: { 'zh-CN': '标签', en: 'Tags' } } },
  },
};

const group: JsonSchema = {
  type: 'object',
  properties: { signature: { type: 'string' }, title: { type: 'string' }, crashes: count, lastAt: { type: 'string', format: 'date-time' } },
};

export const stacktraceCalls: Record<string, CallDecl> = {
  appInitialize: {
    method: 'POST',
    path: '/stacktrace/app-initialize',
    caller: 'service',
    summary: "Initialize Stacktrace for the app: answers how many symbol files and crash records it holds (nothing to create: the app's records start empty)",
    answer: ok('the app', { type: 'object', properties: { initialized: { type: 'boolean' }, symbols: count, records: count } }),
    errors: [401, 403],
  },
  uploadSymbols: {
    method: 'POST',
    path: '/stacktrace/symbols',
    caller: 'service',
    summary:
      'Upload a symbol file (body: its raw bytes): an ELF shared object keyed by its GNU build-id, or a Breakpad .sym file; a file already uploaded for that id is replaced. Crash records waiting for this module are parsed again',
    upload: { types: ['application/x-sharedlib', 'application/x-elf', 'text/plain'], extensions: ['.so', '.sym', '.debug'] },
    query: { type: 'object', additionalProperties: false, properties: { fileName: { type: 'string', minLength: 1, maxLength: 255 }, version } },
    status: 201,
    answer: ok('the symbol file as read', recordOf('symbols')),
    errors: [400, 401, 403, 413, 415],
  },
  credential: {
    method: 'POST',
    path: '/stacktrace/cos/credential',
    caller: 'service',
    summary: "A signed link, valid 15 minutes, to put one symbol file into the platform's object storage (local files or S3) for a build step to keep its archive of unstripped files (symbolication reads the files sent to POST /stacktrace/symbols)",
    body: { type: 'object', additionalProperties: false, required: ['fileName', 'size'], properties: { fileName: { type: 'string', minLength: 1, maxLength: 255 }, size: { type: 'integer', minimum: 1, maximum: 10_000_000_000 } } },
    answer: ok('the link', { type: 'object', required: ['url', 'key', 'expiresAt'], properties: { url: { type: 'string' }, headers: { type: 'object', additionalProperties: { type: 'string' } }, key: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } } }),
    errors: [400, 401, 403],
  },
  parse: {
    method: 'POST',
    path: '/stacktrace/parse',
    caller: 'service',
    summary: "Parse a crash log into a crash record: its crashing thread's frames symbolicated with the app's symbol files (finished, partial_finished or failed)",
    body: parseBody,
    status: 201,
    answer: ok('the crash record', recordOf('records')),
    errors: [400, 401, 403, 413],
  },
  tags: {
    method: 'POST',
    path: '/stacktrace/stacktrace-records/tags',
    caller: 'service',
    summary: 'Set the tags of crash records (each record named keeps exactly these tags)',
    body: { type: 'object', additionalProperties: false, required: ['ids', 'tags'], properties: { ids, tags: { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 40 } } } },
    answer: ok('the records changed', { type: 'object', properties: { updated: count } }),
    errors: [400, 401, 403, 404],
  },
  reparse: {
    method: 'POST',
    path: '/stacktrace/re-parse',
    caller: 'service',
    summary: "Parse crash records again with the app's symbol files as they are now (the records named, else every record not finished)",
    optionalBody: { type: 'object', additionalProperties: false, properties: { ids } },
    answer: ok('how many were parsed and what they became', { type: 'object', properties: { parsed: count, finished: count, partial_finished: count, failed: count } }),
    errors: [400, 401, 403, 404],
  },
  'metrics.aggregation': {
    method: 'GET',
    path: '/stacktrace/metrics/aggregation',
    caller: 'service',
    summary: 'Crashes over a range of days: in total, per day, per state, and grouped by signature (identical crashes) with their counts',
    query: dayRangeQuery(),
    answer: ok('the sums', {
      type: 'object',
      properties: {
        from: { type: 'string' },
        to: { type: 'string' },
        crashes: count,
        groups: count,
        byStatus: { type: 'object', additionalProperties: count },
        days: { type: 'array', items: { type: 'object', properties: { day: { type: 'string' }, crashes: count } } },
        signatures: { type: 'array', items: group },
      },
    }),
    errors: [400, 401, 403],
  },
  'metrics.topk': {
    method: 'GET',
    path: '/stacktrace/metrics/topk',
    caller: 'service',
    summary: 'The crash signatures seen most over a range of days, most first',
    query: dayRangeQuery(topK),
    answer: ok('the signatures, most first', { type: 'object', properties: { items: { type: 'array', items: group } } }),
    errors: [400, 401, 403],
  },
};
