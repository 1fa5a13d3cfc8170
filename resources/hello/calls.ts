/**
 * Hello's calls (spec 002 §7 "Hello (/uhello/v1)"): the voice organisation and project made on first use (org first,
 * then the project once the org came back), the daily usage, its sum and top, and its computation; and the room
 * token a game's server asks for a player to join a voice room with (minted for the LiveKit server configured).
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, listAnswer, ok, recordOf, topK } from '../call-shapes';
import type { JsonSchema } from '../types';
import { HELLO_RULES } from './rules';

const minutes = { type: 'integer', description: 'minutes' } as const;
const money = { type: 'string', description: 'what billing charges, in currency units' } as const;
const usageDay: JsonSchema = { type: 'object', properties: { day: { type: 'string' }, rtcMinutes: minutes, recordingMinutes: minutes, amount: money } };
const totals = { rtcMinutes: minutes, recordingMinutes: minutes, amount: money };

type T = { 'zh-CN': string; en: string };
const ui = (zh: string, en: string) => ({ 'x-ui': { title: { 'zh-CN': zh, en } as T } });
const name = (what: string, title: ReturnType<typeof ui>): JsonSchema => ({ type: 'string', minLength: 1, maxLength: 64, pattern: HELLO_RULES.namePattern, description: `${what}: letters, digits, '_', '-' and '.', 1 to 64`, ...title });

/** A room token's request. */
export const tokenBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['room', 'identity'],
  properties: {
    room: name("the room, the app's own (rooms of other apps are never reached)", ui('房间', 'Room')),
    identity: name('the participant, unique in the room (the player id)', ui('参与者', 'Participant')),
    name: { type: 'string', minLength: 1, maxLength: 100, description: 'the name other participants see', ...ui('显示名', 'Display name') },
    minutes: { type: 'integer', minimum: 1, maximum: 1440, description: "how long the token is valid (at most the project's token lifetime)", ...ui('有效期（分钟）', 'Valid for (minutes)') },
    canPublish: { type: 'boolean', default: true, description: 'may speak (publish audio)', ...ui('可发言', 'May speak') },
    canSubscribe: { type: 'boolean', default: true, description: 'may hear the others', ...ui('可收听', 'May listen') },
    metadata: { type: 'string', maxLength: 1000, description: "the participant's metadata the others see", ...ui('元数据', 'Metadata') },
  },
  examples: [{ room: 'lobby', identity: 'player-1', name: 'Ada', minutes: 30 }],
};

export const tokenAnswer: JsonSchema = {
  type: 'object',
  required: ['token', 'url', 'room', 'identity', 'expiresAt'],
  properties: {
    token: { type: 'string', description: 'the access token (a JWT) the client connects with', ...ui('令牌', 'Token') },
    url: { type: 'string', description: "the voice server's address the client connects to", ...ui('服务器地址', 'Server address') },
    room: { type: 'string', description: 'the room as the voice server names it (the app id, then the room)', ...ui('房间', 'Room') },
    identity: { type: 'string', ...ui('参与者', 'Participant') },
    expiresAt: { type: 'string', format: 'date-time', ...ui('过期时间', 'Expires') },
  },
};

const range = (extra: Record<string, JsonSchema> = {}) => dayRangeQuery(extra);

export const helloCalls: Record<string, CallDecl> = {
  orgs: {
    method: 'POST',
    path: '/orgs',
    caller: 'service',
    summary: "Make the voice organisation of the app's organisation, or answer the one made before",
    answer: ok('the voice organisation', recordOf('orgs')),
    errors: [401, 403],
  },
  'projects.refactor': {
    method: 'POST',
    path: '/projects/refactor',
    caller: 'service',
    summary: "Make the app's voice project in its organisation's voice organisation (made first by POST /orgs), or answer the one made before",
    optionalBody: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 100, description: "the project's name (default: the app's)" } } },
    answer: ok('the voice project', recordOf('projects')),
    errors: [400, 401, 403, 409],
  },
  tokens: {
    method: 'POST',
    path: '/tokens',
    caller: 'service',
    summary: "A room token for a player to join one of the app's voice rooms, signed for the voice server configured; 503 when none is",
    body: tokenBody,
    answer: ok('the token and where to connect', tokenAnswer),
    status: 201,
    errors: [400, 401, 403, 409, 503],
  },
  'usages.daily': {
    method: 'GET',
    path: '/usages/daily',
    caller: 'service',
    summary: "The app's voice and recording minutes per day of the range (Beijing days), with what billing charges",
    query: range(),
    answer: ok('the days and their totals', { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, ...totals, days: { type: 'array', items: usageDay } } }),
    errors: [400, 401, 403],
  },
  'usages.daily.sum': {
    method: 'GET',
    path: '/usages/daily/sum',
    caller: 'service',
    summary: "Voice and recording minutes over the range in all, with what billing charges: every app's for an administrator, the app's own otherwise",
    query: range(),
    answer: ok('the totals', { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, ...totals, apps: { type: 'integer' } } }),
    errors: [400, 401, 403],
  },
  'usages.daily.top': {
    method: 'GET',
    path: '/usages/daily/top',
    caller: 'service',
    summary: 'The rooms with the most voice minutes over the range, most first',
    query: range(topK),
    answer: listAnswer('items', { type: 'object', properties: { room: { type: 'string' }, rtcMinutes: minutes, recordingMinutes: minutes, sessions: { type: 'integer' } } }),
    errors: [400, 401, 403],
  },
  'usages.daily.compute': {
    method: 'POST',
    path: '/usages/daily/compute',
    caller: 'service',
    summary: "Work the range's daily usage out again from the voice sessions and recordings ended on each day, and bill what it changed",
    optionalBody: range(),
    answer: ok('the days as computed', { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, ...totals, days: { type: 'array', items: usageDay } } }),
    errors: [400, 401, 403],
  },
};
