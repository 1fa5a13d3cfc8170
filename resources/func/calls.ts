/**
 * Stateful functions' own calls (spec 001 "Stateful functions (/ufunc/v1)"): a function's code upload, the app's
 * function list, its servers (start, change, delete), tags and players, the player-count sum and the endpoint a
 * player is sent to. The behaviour is `server/services/func/`.
 */
import type { CallDecl } from '../call-types';
import { ok, recordOf, textField } from '../call-shapes';
import type { JsonSchema } from '../types';
import functionSchema from '../../schemas/func/function.json' with { type: 'json' };

const onFunction = { resource: 'functions', missing: 'no such function' } as const;
const TAGS: JsonSchema = { type: 'object', maxProperties: 20, propertyNames: { pattern: '^[A-Za-z0-9][-A-Za-z0-9_.]{0,62}$' }, additionalProperties: { type: 'string', maxLength: 256 } };
const items = (schema: JsonSchema, more: Record<string, JsonSchema> = {}): JsonSchema => ({ type: 'object', required: ['items'], properties: { items: { type: 'array', items: schema }, ...more } });
const playerRow: JsonSchema = { type: 'object', properties: { playerId: { type: 'string' }, serverId: { type: 'string' } } };

export const serverBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    note: { ...textField(200), 'x-ui': { title: { 'zh-CN': '备注', en: 'Note' } } },
    tags: { ...TAGS, description: 'labels the server starts with (its GET /gameserver answers them)' },
  },
};

/** Which server a player is sent to, by the function's endpoint selection. */
export const endpointAnswer: JsonSchema = {
  type: 'object',
  properties: {
    serverId: { type: 'string', 'x-ui': { title: { 'zh-CN': '服务器', en: 'Server' } } },
    address: { type: 'string', 'x-ui': { title: { 'zh-CN': '地址', en: 'Address' } } },
    port: { type: 'integer', 'x-ui': { title: { 'zh-CN': '端口', en: 'Port' } } },
    selection: { type: 'string', 'x-ui': { title: { 'zh-CN': '选择方式', en: 'Selection' } } },
    playerCount: { type: 'integer', 'x-ui': { title: { 'zh-CN': '玩家数', en: 'Players' } } },
  },
};

export const tagRow: JsonSchema = {
  type: 'object',
  properties: {
    key: { type: 'string', 'x-ui': { title: { 'zh-CN': '标签', en: 'Tag' } } },
    value: { type: 'string', 'x-ui': { title: { 'zh-CN': '值', en: 'Value' } } },
    servers: { type: 'integer', 'x-ui': { title: { 'zh-CN': '服务器数', en: 'Servers' } } },
  },
};

export const funcCalls: Record<string, CallDecl> = {
  'code.put': {
    method: 'PUT',
    path: '/func/functions/:id/code',
    caller: 'service',
    record: onFunction,
    summary: "Upload the function's code (body: a zip or tar.gz archive's raw bytes) with the command that starts it: a file of the archive, or `node <script of the archive>`; checked and unpacked at once, the servers started after run it",
    upload: { types: ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'application/gzip', 'application/x-gzip'], extensions: ['.zip', '.tar.gz', '.tgz'] },
    query: { type: 'object', additionalProperties: false, required: ['startCommand'], properties: { startCommand: textField(500, 1), fileName: textField(255, 1) } },
    answer: ok('the function, its code in place', recordOf('functions')),
    errors: [400, 401, 403, 404, 413, 415],
  },
  'functions.ofApp': {
    method: 'GET',
    path: '/func/functions/:id/list',
    appParam: 'id',
    caller: 'service',
    summary: "The app's functions (id: the app id), newest first, narrowed by the query",
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        status: { type: 'string', enum: ['enabled', 'disabled'] },
        level: { type: 'string', enum: functionSchema.properties.level.enum },
        name: textField(64, 1),
        page: { type: 'integer', minimum: 1, maximum: 10_000, default: 1 },
        pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      },
    },
    answer: ok('the functions', items(recordOf('functions'), { total: { type: 'integer' } })),
    errors: [400, 401, 403, 404],
  },
  'servers.create': {
    method: 'POST',
    path: '/func/functions/:id/servers',
    caller: 'service',
    record: onFunction,
    summary: "Start a server of the function on the runtime driver: created, running once it calls the SDK's Ready",
    optionalBody: serverBody,
    status: 201,
    answer: ok('the server, created', recordOf('servers')),
    errors: [400, 401, 403, 404, 409, 503],
  },
  'servers.update': {
    method: 'PUT',
    path: '/func/functions/:id/servers/:serverId',
    caller: 'service',
    record: onFunction,
    summary: "Change a server's note",
    body: { type: 'object', additionalProperties: false, required: ['note'], properties: { note: textField(200) } },
    answer: ok('the server', recordOf('servers')),
    errors: [400, 401, 403, 404],
  },
  'servers.delete': {
    method: 'DELETE',
    path: '/func/functions/:id/servers/:serverId',
    caller: 'service',
    record: onFunction,
    summary: 'Stop a server: deleting, then deleted once its process has exited (killed after `graceSeconds`)',
    query: { type: 'object', additionalProperties: false, properties: { graceSeconds: { type: 'integer', minimum: 0, maximum: 60, default: 5 }, wait: { type: 'boolean', default: true } } },
    answer: ok('the server, deleting or deleted', recordOf('servers')),
    errors: [400, 401, 403, 404],
  },
  serverTags: {
    method: 'GET',
    path: '/func/functions/:id/server-tags',
    caller: 'service',
    record: onFunction,
    summary: "The tags of the function's live servers (given at start, or set through the SDK's SetLabel), with how many servers carry each",
    answer: ok('the tags', items(tagRow)),
    errors: [401, 403, 404],
  },
  players: {
    method: 'GET',
    path: '/functions/:id/:serverId/players',
    caller: 'service',
    summary: "The players on one server of the function, as the server reported them through the SDK's player connect and disconnect",
    answer: ok('the players', items(playerRow, { playerCount: { type: 'integer' } })),
    errors: [401, 403, 404],
  },
  playerCountSum: {
    method: 'GET',
    path: '/func/:id/player-count-sum',
    caller: 'service',
    summary: "The players on the function's live servers, in all and per server",
    answer: ok('the sum', { type: 'object', properties: { playerCount: { type: 'integer' }, servers: { type: 'array', items: { type: 'object', properties: { serverId: { type: 'string' }, playerCount: { type: 'integer' } } } } } }),
    errors: [401, 403, 404],
  },
  endpoint: {
    method: 'POST',
    path: '/func/functions/:id/endpoint',
    caller: 'service',
    record: onFunction,
    summary: "The running server a player is sent to, chosen by the function's endpoint selection: RANDOM, LATEST (the last started) or LEAST (the fewest players)",
    answer: ok('the server chosen', endpointAnswer),
    errors: [401, 403, 404, 409],
  },
};
