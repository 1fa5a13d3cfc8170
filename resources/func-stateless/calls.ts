/**
 * Stateless functions' calls on code, versions and the live alias, the environment, the gateway and the triggers
 * (spec 001 §7 "Stateless functions", every path under `/func-stateless/functions/:id`), plus the invocation the
 * console and the playground make. Logs, usage and metrics are in `calls-usage.ts`. The behaviour is
 * `server/services/func-stateless/`.
 */
import type { CallDecl } from '../call-types';
import { ok, recordOf } from '../call-shapes';
import type { JsonSchema } from '../types';
import { CODE_ZIP_TYPES, FUNCTION_LIMITS } from './limits';

const onFunction = { resource: 'functions', missing: 'no such function' } as const;
const version: JsonSchema = { type: 'integer', minimum: 1, maximum: 1_000_000 };

/** A function's code as the console edits it: text files by path. */
export const filesSchema: JsonSchema = {
  type: 'object',
  minProperties: 1,
  maxProperties: 200,
  propertyNames: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9_@][A-Za-z0-9_@./-]*$' },
  additionalProperties: { type: 'string', maxLength: 1_000_000 },
  description: 'text files by path, e.g. { "index.js": "exports.handler = async (event) => ({ ok: true })" }',
};

/** What GET scf answers: the live version's code and where the alias points. */
export const scfAnswer: JsonSchema = {
  type: 'object',
  properties: {
    liveVersion: { type: 'integer', 'x-ui': { title: { 'zh-CN': '线上版本', en: 'Live version' }, empty: { 'zh-CN': '尚未部署', en: 'Not deployed yet' } } },
    liveHash: { type: 'string', 'x-ui': { title: { 'zh-CN': '内容哈希', en: 'Content hash' }, widget: 'code' } },
    handler: { type: 'string', 'x-ui': { title: { 'zh-CN': '入口函数', en: 'Handler' } } },
    codeBytes: { type: 'integer', 'x-ui': { title: { 'zh-CN': '代码大小（字节）', en: 'Code size (bytes)' } } },
    fileNames: { type: 'array', items: { type: 'string' }, 'x-ui': { title: { 'zh-CN': '文件', en: 'Files' } } },
    versionCount: { type: 'integer', 'x-ui': { title: { 'zh-CN': '版本数', en: 'Versions' } } },
    files: { ...filesSchema, 'x-ui': { hideInDetail: true } },
  },
};

export const triggerRow: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', 'x-ui': { title: { 'zh-CN': '名称', en: 'Name' } } },
    type: { type: 'string', 'x-ui': { title: { 'zh-CN': '类型', en: 'Type' }, values: { timer: { label: { 'zh-CN': '定时触发', en: 'Timer' } } } } },
    cron: { type: 'string', 'x-ui': { title: { 'zh-CN': 'Cron 表达式', en: 'Cron' }, widget: 'code' } },
    enabled: {
      type: 'boolean',
      'x-ui': { title: { 'zh-CN': '状态', en: 'State' }, values: { true: { label: { 'zh-CN': '已启用', en: 'Enabled' }, color: 'green' }, false: { label: { 'zh-CN': '已停用', en: 'Disabled' }, color: 'default' } } },
    },
    lastRunAt: { type: 'string', format: 'date-time', 'x-ui': { title: { 'zh-CN': '上次触发', en: 'Last run' }, empty: { 'zh-CN': '未触发', en: 'Never' } } },
  },
};

export const TRIGGER_NAME: JsonSchema = { type: 'string', minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_-]+$', 'x-ui': { title: { 'zh-CN': '触发器名称', en: 'Trigger name' } } };

export const rollbackBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { version: { ...version, description: 'the version to go back to (default: the one before the live version)', 'x-ui': { title: { 'zh-CN': '目标版本（留空为上一版本）', en: 'Version (empty: the one before)' } } } },
};
export const redeployBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { version: { ...version, description: 'the version to deploy again (default: the live one)', 'x-ui': { title: { 'zh-CN': '版本（留空为线上版本）', en: 'Version (empty: the live one)' } } } },
};
export const envBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['variables'],
  properties: {
    variables: {
      type: 'object',
      maxProperties: 64,
      propertyNames: { type: 'string', minLength: 1, maxLength: 128 },
      additionalProperties: { type: 'string', maxLength: 4096 },
      description: 'every variable, replacing those set before (names outside letters, digits, _ and $ are made valid as spec 001 §5 says)',
      'x-ui': { title: { 'zh-CN': '环境变量', en: 'Variables' } },
    },
  },
};
export const gatewayBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  properties: {
    enabled: { type: 'boolean', 'x-ui': { title: { 'zh-CN': '启用 API 网关', en: 'Gateway enabled' } } },
    rateLimitPerMinute: {
      type: 'integer',
      minimum: FUNCTION_LIMITS.rateLimitPerMinute.min,
      maximum: FUNCTION_LIMITS.rateLimitPerMinute.max,
      default: FUNCTION_LIMITS.rateLimitPerMinute.default,
      'x-ui': { title: { 'zh-CN': '每分钟调用上限', en: 'Calls per minute at most' } },
    },
  },
};
export const triggerBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'cron'],
  properties: {
    name: TRIGGER_NAME,
    type: { type: 'string', enum: ['timer'], default: 'timer', 'x-ui': { title: { 'zh-CN': '类型', en: 'Type' }, enumNames: { 'zh-CN': ['定时触发'], en: ['Timer'] } } },
    cron: { type: 'string', minLength: 9, maxLength: 120, description: 'five fields (minute hour day month weekday), in Asia/Shanghai time', 'x-ui': { title: { 'zh-CN': 'Cron 表达式', en: 'Cron expression' } } },
    payload: { type: 'string', maxLength: 8192, description: 'the event each run is given, as JSON text (default: {})', 'x-ui': { title: { 'zh-CN': '事件（JSON）', en: 'Event (JSON)' }, widget: 'textarea' } },
  },
};
export const triggerNameBody: JsonSchema = { type: 'object', additionalProperties: false, required: ['name'], properties: { name: TRIGGER_NAME } };

const validUntil: JsonSchema = { type: 'string', format: 'date-time', 'x-ui': { title: { 'zh-CN': '有效期至', en: 'Valid until' } } };
/** A version's code link, as the call answers it and the console's "download code" shows it. */
export const codeLinkSchema: JsonSchema = { type: 'object', required: ['url', 'expiresAt'], properties: { url: { type: 'string', 'x-ui': { title: { 'zh-CN': '下载链接', en: 'Download link' } } }, expiresAt: validUntil } };
/** A transfer token, as the call answers it and the console shows it. */
export const transferTokenSchema: JsonSchema = {
  type: 'object',
  required: ['token', 'expiresAt', 'url'],
  properties: {
    token: { type: 'string', 'x-ui': { title: { 'zh-CN': '令牌', en: 'Token' }, widget: 'code' } },
    url: { type: 'string', 'x-ui': { title: { 'zh-CN': '下载地址（加 &version=版本号）', en: 'Download address (add &version=N)' } } },
    expiresAt: validUntil,
  },
};

/** What one invocation answers. */
export const invokeAnswer: JsonSchema = {
  type: 'object',
  properties: {
    requestId: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string', enum: ['success', 'error', 'timeout', 'memory'] },
    result: { description: "the handler's answer (JSON), on success" },
    error: { type: 'string' },
    logs: { type: 'array', items: { type: 'object', properties: { level: { type: 'string' }, message: { type: 'string' }, at: { type: 'string' } } } },
    durationMs: { type: 'number' },
    memoryBytes: { type: 'integer' },
  },
};

export const codeCalls: Record<string, CallDecl> = {
  'scf.get': {
    method: 'GET',
    path: '/func-stateless/functions/:id/scf',
    caller: 'service',
    record: onFunction,
    summary: "The function's live code: the version the live alias points at, its content hash, handler and files",
    answer: ok('the live code', scfAnswer),
    errors: [401, 403, 404],
  },
  'scf.put': {
    method: 'PUT',
    path: '/func-stateless/functions/:id/scf',
    caller: 'service',
    record: onFunction,
    summary: 'Deploy code edited in the console (text files by path): an immutable version keyed by its content hash, the live alias moved to it (the same content as an existing version moves the alias to that version)',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['files'],
      properties: { files: filesSchema, handler: { type: 'string', minLength: 3, maxLength: 128 }, description: { type: 'string', maxLength: 500 } },
      examples: [{ files: { 'index.js': "exports.handler = async (event) => ({ hello: event.name ?? 'world' });" }, description: 'first version' }],
    },
    answer: ok('the version deployed', recordOf('versions')),
    status: 201,
    errors: [400, 401, 403, 404, 409, 413],
  },
  'scf.post': {
    method: 'POST',
    path: '/func-stateless/functions/:id/scf',
    caller: 'service',
    record: onFunction,
    summary:
      'Deploy a code zip (body: the zip; node_modules, .git and .vscode left out; text files kept, others listed as left out): an immutable version keyed by its content hash, the live alias moved to it',
    upload: { types: CODE_ZIP_TYPES, extensions: ['.zip'] },
    query: { type: 'object', additionalProperties: false, properties: { description: { type: 'string', maxLength: 500 }, fileName: { type: 'string', maxLength: 255 } } },
    answer: ok('the version deployed', recordOf('versions')),
    status: 201,
    errors: [400, 401, 403, 404, 409, 413, 415],
  },
  'scf.delete': {
    method: 'DELETE',
    path: '/func-stateless/functions/:id/scf',
    caller: 'service',
    record: onFunction,
    summary: "Delete the function's deployment: every version and its code, the live alias and the gateway; the function is deleted (its logs kept) until code is deployed again",
    answer: ok('the function, deleted', recordOf('functions')),
    errors: [401, 403, 404],
  },
  transferToken: {
    method: 'GET',
    path: '/func-stateless/functions/:id/get-transfer-token',
    caller: 'service',
    record: onFunction,
    summary: "A token, valid 15 minutes, that downloads any version's code of this function without the app credential (to move it to another app or deployment), and the link it is used at",
    answer: ok('the token', transferTokenSchema),
    errors: [401, 403, 404],
  },
  codeUrl: {
    method: 'GET',
    path: '/func-stateless/functions/:id/get-code-url/:version',
    caller: 'service',
    record: onFunction,
    params: { version },
    summary: "A signed link, valid 15 minutes, to download one version's code as a zip",
    answer: ok('the link', codeLinkSchema),
    errors: [400, 401, 403, 404],
  },
  rollback: {
    method: 'POST',
    path: '/func-stateless/functions/:id/rollback',
    caller: 'service',
    record: onFunction,
    summary: 'Move the live alias back to an earlier version (default: the one before the live version)',
    optionalBody: rollbackBody,
    answer: ok('the function, its alias moved', recordOf('functions')),
    errors: [400, 401, 403, 404, 409],
  },
  redeploy: {
    method: 'POST',
    path: '/func-stateless/functions/:id/scf-redeploy',
    caller: 'service',
    record: onFunction,
    summary: 'Deploy a version again (default: the live one): the live alias points at it, its deploy time renewed',
    optionalBody: redeployBody,
    answer: ok('the function, its alias moved', recordOf('functions')),
    errors: [400, 401, 403, 404, 409],
  },
  syncFunction: {
    method: 'POST',
    path: '/func-stateless/functions/:id/sync-function',
    caller: 'service',
    record: onFunction,
    summary: "Bring the function's record in step with its versions: the version count, and the live alias kept on a version that exists (else on the newest)",
    answer: ok('the function', recordOf('functions')),
    errors: [401, 403, 404],
  },
  defaultEnv: {
    method: 'PUT',
    path: '/func-stateless/functions/:id/default-env',
    caller: 'service',
    record: onFunction,
    summary: "Set the function's default environment variables (encrypted at rest, never answered: only their names are), which every invocation reads as context.env",
    body: envBody,
    answer: ok('the names set', { type: 'object', properties: { envKeys: { type: 'array', items: { type: 'string' } } } }),
    errors: [400, 401, 403, 404],
  },
  gateway: {
    method: 'PUT',
    path: '/func-stateless/functions/:id/gateway',
    caller: 'service',
    record: onFunction,
    summary: "Turn the function's API gateway on or off, with its calls-per-minute limit; the gateway's address is /ufunc/v1/func-stateless/gateway/{appId}/{name}",
    body: gatewayBody,
    answer: ok('the function', recordOf('functions')),
    errors: [400, 401, 403, 404],
  },
  'triggers.list': {
    method: 'GET',
    path: '/func-stateless/functions/:id/trigger/list',
    caller: 'service',
    record: onFunction,
    summary: "The function's timer triggers, with their cron expressions, states and last runs",
    answer: ok('the triggers', { type: 'object', properties: { items: { type: 'array', items: triggerRow } } }),
    errors: [401, 403, 404],
  },
  'triggers.create': {
    method: 'POST',
    path: '/func-stateless/functions/:id/triggers',
    caller: 'service',
    record: onFunction,
    summary: 'Add a timer trigger (a cron expression of five fields, in Asia/Shanghai time), or replace the one of that name; it runs the live version with its event',
    body: triggerBody,
    answer: ok('the triggers', { type: 'object', properties: { items: { type: 'array', items: triggerRow } } }),
    status: 201,
    errors: [400, 401, 403, 404],
  },
  'triggers.disable': {
    method: 'POST',
    path: '/func-stateless/functions/:id/triggers/disable',
    caller: 'service',
    record: onFunction,
    summary: 'Disable a trigger by name: it runs no more until added again',
    body: triggerNameBody,
    answer: ok('the triggers', { type: 'object', properties: { items: { type: 'array', items: triggerRow } } }),
    errors: [400, 401, 403, 404],
  },
  invoke: {
    method: 'POST',
    path: '/func-stateless/functions/:id/invoke',
    caller: 'service',
    record: onFunction,
    summary: 'Run the function once with an event (the live version, or the version named) in its sandbox, and answer its result, console output, duration and memory; metered and billed as any invocation',
    body: {
      type: 'object',
      additionalProperties: false,
      properties: { event: { description: 'the event the handler is given (any JSON)' }, version },
      examples: [{ event: { name: 'Ada' } }],
    },
    answer: ok('how the invocation ended', invokeAnswer),
    errors: [400, 401, 403, 404, 409],
  },
};
