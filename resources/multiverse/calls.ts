/**
 * Multiverse's own calls (spec 001 §7 "Multiverse (/multiverse/v1)"): an image's upload, test servers, allocations
 * under `/allocation/games/{id}/allocations`, and the operator's regions. The behaviour is `server/services/multiverse/`.
 */
import type { CallDecl } from '../call-types';
import { ok, recordOf, textField } from '../call-shapes';
import type { JsonSchema } from '../types';

const REGION: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9 _.-]*$' };
const ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };
const LABELS: JsonSchema = { type: 'object', maxProperties: 20, propertyNames: { pattern: '^[A-Za-z0-9][-A-Za-z0-9_.]{0,62}$' }, additionalProperties: { type: 'string', maxLength: 256 } };

const logLine: JsonSchema = { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, stream: { type: 'string', enum: ['stdout', 'stderr', 'system'] }, line: { type: 'string' } } };
const logsAnswer = ok('the log lines, oldest first', { type: 'object', required: ['logs'], properties: { logs: { type: 'array', items: logLine } } });
const logsQuery: JsonSchema = { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer', minimum: 1, maximum: 1000, default: 200 } } };

/** An allocation's or a test server's figures now, read from the OS while it runs. */
export const metricsAnswer: JsonSchema = {
  type: 'object',
  properties: {
    running: { type: 'boolean' },
    cpuPercent: { type: 'number', description: 'percent of one core, now' },
    memoryBytes: { type: 'integer' },
    cpuSeconds: { type: 'number', description: 'CPU time used since the server started (core-seconds)' },
    uptimeSeconds: { type: 'number' },
    millicores: { type: 'integer', description: "the revision's CPU" },
    memoryMiB: { type: 'integer', description: "the revision's memory" },
  },
};

const allocationBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['region'],
  properties: {
    region: { ...REGION, description: "one of the game's regions" },
    profileId: { ...ID, description: "the profile whose released revision runs (default: the game's profile)" },
    labels: { ...LABELS, description: 'labels the server is given (its GET /gameserver answers them)' },
    ttlSeconds: { type: 'integer', minimum: 1, maximum: 3600, description: "how long to wait for a Ready server (default: the revision's allocation TTL, 30 s)" },
    wait: { type: 'boolean', default: true, description: 'answer when the server is allocated (true) or at once, the server still created (false)' },
  },
};

/** What a transfer token is asked for: the archive's file name and exact size in bytes. */
export const imageTransferQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fileName', 'size'],
  properties: {
    fileName: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\.(zip|tar\\.gz|tgz)$', 'x-ui': { title: { 'zh-CN': '文件名', en: 'File name' } } },
    size: { type: 'integer', minimum: 1, maximum: 10_000_000_000, 'x-ui': { title: { 'zh-CN': '大小（字节）', en: 'Size (bytes)' } } },
  },
};

/** A transfer token as the call answers it and the console shows it. */
export const imageTransferToken: JsonSchema = {
  type: 'object',
  required: ['url', 'method', 'headers', 'key', 'expiresAt'],
  properties: {
    url: { type: 'string', 'x-ui': { title: { 'zh-CN': '上传地址', en: 'Upload address' } } },
    method: { const: 'PUT', 'x-ui': { title: { 'zh-CN': '方法', en: 'Method' } } },
    headers: { type: 'object', additionalProperties: { type: 'string' }, 'x-ui': { title: { 'zh-CN': '请求头', en: 'Headers' } } },
    key: { type: 'string', 'x-ui': { title: { 'zh-CN': '令牌', en: 'Token' }, widget: 'code' } },
    expiresAt: { type: 'string', format: 'date-time', 'x-ui': { title: { 'zh-CN': '有效期至', en: 'Valid until' } } },
  },
};

const onGame = '/allocation/games/:id/allocations';
const onAllocation = `${onGame}/:allocationId`;

export const multiverseCalls: Record<string, CallDecl> = {
  'images.create': {
    method: 'POST',
    path: '/images',
    caller: 'service',
    summary: "Upload a game-server build (body: a zip or tar.gz archive's raw bytes) with the command that starts it — given here, or as `startCommand` in a `multiverse.json` at the archive's root; its build (download, decompress, check, chmod, build) runs after, pending until it succeeds or fails",
    upload: { types: ['application/zip', 'application/x-zip-compressed', 'application/gzip', 'application/x-gzip', 'application/x-tar'], extensions: ['.zip', '.tar.gz', '.tgz'] },
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 56, pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$', description: "default: the file's name, lower case" },
        startCommand: { ...textField(500, 1), description: 'a file of the archive, or `node <script of the archive>`, with its arguments (no shell); default: the archive\'s `multiverse.json`' },
        fileName: textField(255, 1),
        key: { type: 'string', minLength: 1, maxLength: 512, description: 'with an empty body: the `key` of a transfer token whose archive was uploaded (GET /images/transfer-token)' },
      },
    },
    status: 201,
    answer: ok('the image, its build pending', recordOf('images')),
    errors: [400, 401, 403, 413, 415],
  },
  'images.transferToken': {
    method: 'GET',
    path: '/images/transfer-token',
    caller: 'service',
    summary:
      "An upload credential for a build archive sent straight to storage rather than through the API (up to the platform's upload limit): a signed link, valid 15 minutes, to PUT the archive's bytes straight into the platform's storage (local files or S3) with the headers given; then `POST /images?key=<key>` with an empty body makes the image from it",
    query: imageTransferQuery,
    answer: ok('the upload credential', imageTransferToken),
    errors: [400, 401, 403],
  },
  'testServers.create': {
    method: 'POST',
    path: '/test-servers',
    caller: 'service',
    summary: "Start a test server of a profile revision (not part of any game's allocations): it runs until deleted",
    body: { type: 'object', additionalProperties: false, required: ['revisionId'], properties: { revisionId: ID, labels: LABELS } },
    status: 201,
    answer: ok('the test server, created', recordOf('servers')),
    errors: [400, 401, 403, 404, 409, 503],
  },
  'testServers.list': {
    method: 'GET',
    path: '/test-servers',
    caller: 'service',
    summary: "The app's test servers, newest first",
    answer: ok('the test servers', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: recordOf('servers') } } }),
    errors: [401, 403],
  },
  'testServers.status': {
    method: 'GET',
    path: '/test-servers/:id/status',
    caller: 'service',
    summary: "A test server's state, what it told the SDK, its address and its figures now",
    answer: ok('the state', { type: 'object', properties: { status: { type: 'string' }, sdkState: { type: 'string' }, address: { type: 'string' }, port: { type: 'integer' }, metrics: metricsAnswer } }),
    errors: [401, 403, 404],
  },
  'testServers.logs': { method: 'GET', path: '/test-servers/:id/logs', caller: 'service', summary: "A test server's output, oldest first", query: logsQuery, answer: logsAnswer, errors: [400, 401, 403, 404] },
  'testServers.delete': {
    method: 'DELETE',
    path: '/test-servers/:id',
    caller: 'service',
    summary: 'Stop a test server (deallocated)',
    answer: ok('the test server, stopped', recordOf('servers')),
    errors: [401, 403, 404],
  },
  'allocations.create': {
    method: 'POST',
    path: onGame,
    caller: 'service',
    summary:
      "Allocate a server of the game in a region: a Ready server of its fleet (OnFleetGame), taken atomically — two allocations never get the same server — or a server started for it (OnDemandGame), allocated once it calls Ready; canceled when it is not Ready within the TTL (30 s)",
    body: allocationBody,
    status: 201,
    answer: ok('the allocation: the server, its address and ports', recordOf('servers')),
    errors: [400, 401, 403, 404, 409, 503],
  },
  'allocations.list': {
    method: 'GET',
    path: onGame,
    caller: 'service',
    summary: "The game's allocations, newest first (its fleet's servers not yet allocated are not allocations)",
    query: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: ['created', 'allocated', 'deallocated', 'canceled', 'unhealthy', 'failed'] }, region: REGION, limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } } },
    answer: ok('the allocations', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: recordOf('servers') } } }),
    errors: [400, 401, 403, 404],
  },
  'allocations.get': { method: 'GET', path: onAllocation, caller: 'service', summary: 'One allocation: its server, state, address and ports', answer: ok('the allocation', recordOf('servers')), errors: [401, 403, 404] },
  'allocations.log': { method: 'GET', path: `${onAllocation}/log`, caller: 'service', summary: "The allocated server's output, oldest first", query: logsQuery, answer: logsAnswer, errors: [400, 401, 403, 404] },
  'allocations.metrics': { method: 'GET', path: `${onAllocation}/metrics`, caller: 'service', summary: "The allocated server's CPU and memory now, read from the OS", answer: ok('the figures', metricsAnswer), errors: [401, 403, 404] },
  'allocations.delete': {
    method: 'DELETE',
    path: onAllocation,
    caller: 'service',
    summary: 'End an allocation: its server is stopped (deallocated); a fleet refills its buffer',
    answer: ok('the allocation, ended', recordOf('servers')),
    errors: [401, 403, 404],
  },
  providerRegions: {
    method: 'GET',
    path: '/provider-regions',
    caller: 'service',
    summary: "The regions this deployment runs servers in (the operator's configuration), with the driver that runs them",
    answer: ok('the regions', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, driver: { type: 'string' }, location: { type: 'string' } } } } } }),
    errors: [401, 403],
  },
  locations: {
    method: 'GET',
    path: '/locations',
    caller: 'service',
    summary: "The locations (machines or clusters) behind the regions, as the operator configured them",
    answer: ok('the locations', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, region: { type: 'string' }, address: { type: 'string' } } } } } }),
    errors: [401, 403],
  },
  gameOs: {
    method: 'GET',
    path: '/game/os',
    caller: 'service',
    summary: 'The operating systems a game server may be built for here: the platform machine\'s own',
    answer: ok('the systems', { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, arch: { type: 'string' } } } } } }),
    errors: [401, 403],
  },
};
