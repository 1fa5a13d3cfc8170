/**
 * Push's own calls beside its records (spec 001 §7 "Push (/upush/v1)"), paths exactly as the spec gives them: the
 * channel providers' list changed by provider, server infos, configs, a server version changed or removed by its number
 * and the service levels (the versions' other calls are their resource's, `server-versions.ts`), usage and metrics,
 * the two send calls and the credential cache's refresh; and the game client's device registration.
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, listAnswer, ok, recordOf, topK, writableSchema } from '../call-shapes';
import type { JsonSchema } from '../types';
import providerSchema from '../../schemas/push/provider.json' with { type: 'json' };
import versionSchema from '../../schemas/push/server-version.json' with { type: 'json' };
import sendSchema from '../../schemas/push/send.json' with { type: 'json' };
import deviceSchema from '../../schemas/push/device.json' with { type: 'json' };

const onApp = { resource: 'apps', missing: 'no such push app' };
const provider = providerSchema.properties.provider;
const sendProps = sendSchema.properties;

/** A change of one server version named by its number: any of its other fields (no defaults: left out is kept). */
const versionChange: JsonSchema = (() => {
  const body = writableSchema(versionSchema);
  for (const p of Object.values(body.properties as Record<string, JsonSchema>)) delete p.default;
  return { ...body, required: ['serverVersion'] };
})();

/** What a send takes: who it is for (one player, a list, a channel or everyone) and what it says. */
export const sendBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['target'],
  properties: {
    target: sendProps.target,
    players: { ...sendProps.players, description: 'the players (their passport user ids): one for `player`, one or more for `players`' },
    channel: { ...sendProps.channel, description: 'the channel, for `channel`' },
    title: sendProps.title,
    body: sendProps.body,
    data: sendProps.data,
    offline: sendProps.offline,
  },
  examples: [{ target: 'channel', channel: 'world', title: 'Raid', body: 'The raid starts in 5 minutes' }],
};

/** One push server of an app, as `server-infos` answers it. */
export const serverInfoRow: JsonSchema = {
  type: 'object',
  properties: {
    server: { type: 'integer', description: 'the server number, from 1' },
    instance: { type: 'string', description: 'the platform instance serving it' },
    state: { type: 'string' },
    connections: { type: 'integer' },
    playerLimit: { type: 'integer' },
    cpuQuota: { type: 'string' },
    startedAt: { type: ['string', 'null'] },
    url: { type: 'string', description: 'the WebSocket address clients connect to' },
  },
};

const usageDay: JsonSchema = { type: 'object', properties: { date: { type: 'string' }, peakConnections: { type: 'integer' }, messages: { type: 'integer' } } };
const usageTotals = { peakConnections: { type: 'integer', description: 'the highest day peak of the range' }, messages: { type: 'integer' } };

/** A send call: stored first, then delivered online and through the providers. */
const sendCall = (path: string, what: string): CallDecl => ({
  method: 'POST',
  path: `/apps/:id${path}`,
  caller: 'service',
  record: onApp,
  summary: `Send ${what}: stored first, then delivered to the connected players it is for and, for the others, through the channel providers`,
  body: sendBody,
  answer: ok('the send, stored', recordOf('sends')),
  status: 201,
  errors: [400, 401, 403, 404, 409],
});

export const pushCalls: Record<string, CallDecl> = {
  'channels.put': {
    method: 'PUT',
    path: '/apps/:id/channels',
    caller: 'service',
    record: onApp,
    summary: "Save the push app's channel provider the body names (made when the app has none for that provider); credentials left out keep their saved values",
    body: writableSchema(providerSchema),
    answer: ok('the channel provider, without its credentials', recordOf('channels')),
    errors: [400, 401, 403, 404],
  },
  'channels.remove': {
    method: 'DELETE',
    path: '/apps/:id/channels',
    caller: 'service',
    record: onApp,
    summary: "Remove the push app's channel provider the query names",
    query: { type: 'object', additionalProperties: false, required: ['provider'], properties: { provider } },
    answer: ok('removed', { type: 'object', properties: { removed: { type: 'integer' } } }),
    errors: [400, 401, 403, 404],
  },
  'apps.serverInfos': {
    method: 'GET',
    path: '/apps/:id/server-infos',
    caller: 'service',
    record: onApp,
    summary: "The push app's servers: each one's state, connections, player limit and CPU quota, and the address clients connect to",
    answer: listAnswer('items', serverInfoRow),
    errors: [401, 403, 404],
  },
  'serverConfigs': {
    method: 'GET',
    path: '/server-configs',
    caller: 'service',
    summary: "The push servers' configuration: the WebSocket path, the default version's limits, the flood limits and the delivery retries",
    answer: ok('the configuration', { type: 'object', additionalProperties: true }),
    errors: [401, 403],
  },
  'serverVersions.update': {
    method: 'PUT',
    path: '/server-versions',
    caller: 'service',
    platform: true,
    access: ['admin'],
    summary: 'Change the push server version the body names by `serverVersion` (an administrator; the fields left out keep their values); disabling one retires it, failing the apps on it',
    body: versionChange,
    answer: ok('the version', recordOf('serverVersions')),
    errors: [400, 401, 403, 404, 409],
  },
  'serverVersions.remove': {
    method: 'DELETE',
    path: '/server-versions',
    caller: 'service',
    platform: true,
    access: ['admin'],
    summary: 'Remove the push server version the query names (an administrator); refused while a push app runs it or when it is the default',
    query: { type: 'object', additionalProperties: false, required: ['version'], properties: { version: versionSchema.properties.serverVersion } },
    answer: ok('removed', { type: 'object', properties: { removed: { type: 'string' } } }),
    errors: [400, 401, 403, 404, 409],
  },
  'apps.serviceLevels': {
    method: 'GET',
    path: '/apps/service-levels',
    caller: 'service',
    platform: true,
    summary: 'The service levels a push app may run on: the enabled server versions, with their CPU quota and players per server, the default first',
    answer: listAnswer('items', recordOf('serverVersions')),
    errors: [401, 403],
  },
  'apps.setServerVersion': {
    method: 'PUT',
    path: '/apps/server-version',
    caller: 'service',
    summary: 'Move a push app to another enabled server version (and server count); its clients stay connected',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'serverVersion'],
      properties: { id: { type: 'string', minLength: 1, maxLength: 64, description: 'the push app' }, serverVersion: versionSchema.properties.serverVersion, servers: { type: 'integer', minimum: 1, maximum: 100 } },
    },
    answer: ok('the push app', recordOf('apps')),
    errors: [400, 401, 403, 404, 409],
  },
  'apps.usageSum': {
    method: 'GET',
    path: '/apps/usage-sum',
    caller: 'service',
    summary: "Push usage over the range in all: every app's for an administrator, the app's own otherwise",
    query: dayRangeQuery(),
    answer: ok('the totals', { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, ...usageTotals, apps: { type: 'integer' } } }),
    errors: [400, 401, 403],
  },
  'apps.usageTopk': {
    method: 'GET',
    path: '/apps/usage-topk',
    caller: 'service',
    summary: 'The apps that sent the most push messages over the range, most first (an app sees only itself)',
    query: dayRangeQuery(topK),
    answer: listAnswer('items', { type: 'object', properties: { appId: { type: 'string' }, ...usageTotals } }),
    errors: [400, 401, 403],
  },
  'apps.usage': {
    method: 'GET',
    path: '/apps/:id/usage',
    caller: 'service',
    record: onApp,
    summary: "The app's push usage per day (every day of the range): the day's peak of concurrent connections and the messages sent, as billed",
    query: dayRangeQuery(),
    answer: ok('usage per day', { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, ...usageTotals, items: { type: 'array', items: usageDay } } }),
    errors: [400, 401, 403, 404],
  },
  'apps.metrics': {
    method: 'GET',
    path: '/apps/:id/metrics',
    caller: 'service',
    record: onApp,
    summary: "The push app's metrics: connections now, and per hour of the range its connects, refused connections, messages and deliveries by route",
    query: dayRangeQuery(),
    answer: ok('the metrics', { type: 'object', additionalProperties: true }),
    errors: [400, 401, 403, 404],
  },
  'apps.systemNotify': sendCall('/system-notify', 'a system notification'),
  'apps.messages': sendCall('/messages', 'a message'),
  'devices.register': {
    method: 'POST',
    path: '/apps/:id/devices',
    caller: 'player',
    summary: "Register the player's device with a push app (an APNs or FCM token, or a Web Push subscription's JSON), so it is reached when not connected; registering a token again moves it to this player",
    params: { id: { type: 'string', minLength: 1, maxLength: 64, description: 'the push app' } },
    body: { type: 'object', additionalProperties: false, required: ['provider', 'token'], properties: { provider: deviceSchema.properties.provider, token: deviceSchema.properties.token, platform: deviceSchema.properties.platform } },
    answer: ok('the device', recordOf('devices')),
    status: 201,
    errors: [400, 401, 403, 404],
  },
};
