/** The players area's own calls (the player's account, friends, call metrics): their shapes, read by server and docs. */
import type { CallDecl } from '../call-types';
import { fieldsBody, idParam, listAnswer, ok, pageProperties, pageQuery, recordOf, textField } from '../call-shapes';
import type { JsonSchema } from '../types';
import {
  aggregationAnswer,
  callUsageAnswer,
  metricsRangeQuery,
  loginBodySchema,
  operationMetricsAnswer,
  qqWebLoginBody,
  realNameBodySchema,
  topCallsAnswer,
} from '../players-api';
import personaSchema from '../../schemas/passport/players/persona.json' with { type: 'json' };
import realNameSchema from '../../schemas/passport/players/views/real-name.json' with { type: 'json' };
import friendEntrySchema from '../../schemas/passport/players/views/friend.json' with { type: 'json' };
import blacklistEntrySchema from '../../schemas/passport/players/views/blocked-persona.json' with { type: 'json' };
import relationSchema from '../../schemas/passport/players/views/friend-relation.json' with { type: 'json' };

const personaProps = personaSchema.properties;
const persona = { description: 'persona', schema: recordOf('personas') };

/** Signing in, and the player's own account: who am I, their personas, choosing one, the real-name check. */
export const accountCalls: Record<string, CallDecl> = {
  'players.signIn': {
    method: 'POST',
    path: '/login/external',
    caller: 'public',
    appCredential: { serverOnly: { method: ['ServerSide'] } },
    summary:
      'Sign a player in to an Open realm: ServerSide with the app credential (the game server vouches for its player id), ' +
      'Phone with a verification code, OAuth / AccessToken checked at a configured provider. The first sign-in creates ' +
      'the user. Answers a player token.',
    body: loginBodySchema,
    answer: ok('signed in', {
      type: 'object',
      required: ['token', 'expiresAt', 'user'],
      properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, user: recordOf('users') },
    }),
    errors: [400, 401, 403, 404, 409, 423, 429, 502],
  },
  'players.qqWebLogin': {
    method: 'POST',
    path: '/third_party/qq-web-login',
    caller: 'public',
    summary:
      'Start QQ web sign-in: the QQ authorization page to send the player to (the code it returns signs in with method ' +
      'OAuth, provider QQWeb)',
    body: qqWebLoginBody,
    answer: ok('where to go', {
      type: 'object',
      required: ['authorizeUrl', 'state'],
      properties: { authorizeUrl: { type: 'string' }, state: { type: 'string' } },
    }),
    errors: [400, 403, 404, 409, 429],
  },
  'players.me': {
    method: 'GET',
    path: '/me',
    caller: 'player',
    summary: 'The signed-in player: their user, the selected persona (if any) and their real-name state',
    answer: ok('the player', {
      type: 'object',
      required: ['user', 'persona', 'realName'],
      properties: { user: recordOf('users'), persona: { type: ['object', 'null'] }, realName: realNameSchema },
    }),
    errors: [401, 423, 429],
    player: { allowBannedPersona: true, identityCheckExempt: true },
  },
  'players.createPersona': {
    method: 'POST',
    path: '/personas',
    caller: 'player',
    summary: 'Create a persona of the player in an Open realm (names are unique in the app)',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'realmId'],
      properties: { name: personaProps.name, realmId: personaProps.realmId, avatar: personaProps.avatar },
    },
    answer: persona,
    status: 201,
    errors: [400, 401, 404, 409, 423, 429],
    player: { allowBannedPersona: true },
  },
  'players.selectPersona': {
    method: 'POST',
    path: '/personas/:id/select',
    caller: 'player',
    summary: "Play as one of the player's personas: later calls with this token act as it",
    answer: persona,
    errors: [400, 401, 404, 409, 423, 429],
    player: { allowBannedPersona: true },
  },
  'players.submitRealName': {
    method: 'POST',
    path: '/real-name',
    caller: 'player',
    summary: "Submit the player's real name and resident identity number (GB 11643), checked once per user",
    body: realNameBodySchema,
    answer: ok('the check passed', realNameSchema),
    errors: [400, 401, 409, 423, 429],
    player: { allowBannedPersona: true, identityCheckExempt: true },
  },
};

/** A persona's friends of one relation, or all. */
export const relationFilter: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { relation: { type: 'string', enum: ['accepted', 'outgoing', 'incoming'] } },
};

const changeAnswer = ok('what changed', {
  type: 'object',
  required: ['result'],
  properties: { result: { type: 'string', enum: ['requested', 'accepted', 'removed', 'blocked', 'unblocked'] } },
});

/** A change the selected persona makes to its relation with another persona, named in the body or the path. */
const friendChange = (method: 'POST' | 'DELETE', path: string, summary: string): CallDecl => ({
  method,
  path,
  caller: 'persona',
  summary,
  ...(path.includes(':personaId') ? {} : { body: fieldsBody({ personaId: idParam }) }),
  answer: changeAnswer,
  errors: [400, 401, 403, 404, 409, 423, 429],
});

/** Friends and blacklists: the player's, as the selected persona; the app's relations, for console and game server. */
export const friendCalls: Record<string, CallDecl> = {
  'friends.list': {
    method: 'GET',
    path: '/friends',
    caller: 'persona',
    summary: "The selected persona's friends and friend requests (sent: outgoing, received: incoming)",
    query: relationFilter,
    answer: listAnswer('friends', friendEntrySchema),
    errors: [400, 401, 409, 423, 429],
  },
  'friends.request': friendChange('POST', '/friends/requests', 'Ask a persona to be friends (if it already asked, you become friends)'),
  'friends.accept': friendChange('POST', '/friends/requests/:personaId/accept', "Accept a persona's friend request"),
  'friends.remove': friendChange('DELETE', '/friends/:personaId', 'Remove a friend, withdraw a request or decline one'),
  'friends.blacklist': {
    method: 'GET',
    path: '/friends/blacklist',
    caller: 'persona',
    summary: 'The personas the selected persona blacklisted',
    answer: listAnswer('blacklist', blacklistEntrySchema),
    errors: [401, 409, 423, 429],
  },
  'friends.block': friendChange('POST', '/friends/blacklist', 'Blacklist a persona (ends any friendship or request with it)'),
  'friends.unblock': friendChange('DELETE', '/friends/blacklist/:personaId', 'Take a persona off the blacklist'),
  'friends.search': {
    method: 'POST',
    path: '/friends/search',
    caller: 'service',
    summary: "The app's friend relations: friendships and pending requests, newest first",
    optionalBody: {
      type: 'object',
      additionalProperties: false,
      properties: { ...pageProperties(), personaId: idParam, state: { type: 'string', enum: ['accepted', 'requested'] } },
    },
    answer: listAnswer('friends', relationSchema),
    errors: [400, 401, 403],
  },
  'friends.end': {
    method: 'DELETE',
    path: '/friends/:personaId/:friendId',
    caller: 'service',
    summary: 'End a friendship or drop a friend request between two personas',
    answer: changeAnswer,
    errors: [400, 401, 403, 404],
  },
};

/** The app's player calls: this minute against the limit, per operation, the top callers, and daily activity. */
export const metricsCalls: Record<string, CallDecl> = {
  'metrics.callUsage': {
    method: 'GET',
    path: '/rate-limit/usage',
    caller: 'service',
    summary: "The app's player calls in the current minute against its limit, by operation, and the last hour minute by minute",
    answer: ok('this minute', callUsageAnswer),
    errors: [401, 403],
  },
  'metrics.operations': {
    method: 'GET',
    path: '/metrics/operation',
    caller: 'service',
    summary: 'Player calls served per operation over a range of days, with a series by hour or day',
    query: pageQuery({ interval: { type: 'string', enum: ['hour', 'day'], default: 'day' }, operation: textField(300, 1) }, metricsRangeQuery),
    answer: ok('calls per operation', operationMetricsAnswer),
    errors: [400, 401, 403],
  },
  'metrics.topk': {
    method: 'GET',
    path: '/metrics/topk',
    caller: 'service',
    summary: 'The k operations or players with the most calls served over a range of days',
    query: pageQuery(
      { by: { type: 'string', enum: ['operation', 'player'], default: 'operation' }, k: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
      metricsRangeQuery,
    ),
    answer: ok('the top k', topCallsAnswer),
    errors: [400, 401, 403],
  },
  'metrics.aggregation': {
    method: 'GET',
    path: '/metrics/aggregation',
    caller: 'service',
    summary: 'Per day: active players (HyperLogLog estimate), new users and sign-ins; and the players active over the whole range',
    query: pageQuery({}, metricsRangeQuery),
    answer: ok('per day', aggregationAnswer),
    errors: [400, 401, 403],
  },
};
