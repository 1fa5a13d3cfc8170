/**
 * Sync's own calls beside its records (spec 001 §7 "Sync lobby (/lobby)"), paths as the spec gives them: the service
 * rooms the game's server creates, lists and seats players in with the app credential, the same join and leave for
 * a game client with a passport player token, the app's initialisation, rooms by pod, the transports and usage.
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, listAnswer, ok, recordOf } from '../call-shapes';
import type { JsonSchema } from '../types';
import roomSchema from '../../schemas/usync/room.json' with { type: 'json' };
import { PERF, PERF_PATH } from './perf';
import { roomsByPodAnswer, seatTicket, transportsAnswer, usageAnswer, usageDay } from './shapes';

const playerId: JsonSchema = { type: 'string', minLength: 1, maxLength: 128, description: "the player's id in the game" };
const roomProps = roomSchema.properties;
const createBody: JsonSchema = { type: 'object', additionalProperties: false, required: ['profileId'], properties: { profileId: roomProps.profileId, name: roomProps.name, customProperties: roomProps.customProperties } };
const seatAnswer = ok('the seat ticket', seatTicket);

export const usyncCalls: Record<string, CallDecl> = {
  usyncInit: {
    method: 'POST',
    path: '/api/app/:id/usync-init',
    appParam: 'id',
    caller: 'service',
    summary: "Make the app ready for rooms (id: the app id): a 'standard' tier and a 'default' room profile with the spec's values, unless the app has some already; answers the app's tiers and profiles",
    answer: ok('the tiers and profiles', { type: 'object', required: ['tiers', 'profiles'], properties: { tiers: { type: 'array', items: recordOf('tiers') }, profiles: { type: 'array', items: recordOf('profiles') } } }),
    errors: [401, 403, 404],
  },
  'serviceRooms.create': {
    method: 'POST',
    path: '/service/rooms',
    caller: 'service',
    summary: "Create a room of a profile for the game's server: it is given to the relay at once (READY), or fails allocation when its profile's rooms are all open or its transport is unavailable here",
    body: createBody,
    status: 201,
    answer: ok('the room after its allocation', recordOf('rooms')),
    errors: [400, 401, 403],
  },
  'serviceRooms.list': {
    method: 'GET',
    path: '/service/rooms',
    caller: 'service',
    summary: 'The rooms players may join now (READY or RUNNING and not full), of one profile if named, newest first',
    query: { type: 'object', additionalProperties: false, properties: { profileId: { type: 'string', maxLength: 64 }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } } },
    answer: listAnswer('items', recordOf('rooms')),
    errors: [400, 401, 403],
  },
  'serviceRooms.get': {
    method: 'GET',
    path: '/service/rooms/:id',
    caller: 'service',
    summary: 'One room of the app',
    answer: ok('the room', recordOf('rooms')),
    errors: [401, 403, 404],
  },
  'serviceRooms.join': {
    method: 'POST',
    path: '/service/rooms/:id/join',
    caller: 'service',
    summary: 'Seat a player in a room for the game\'s server: answers a seat token the player\'s client connects to the relay with. A player already seated gets a new token for the same seat (the old one ends)',
    body: { type: 'object', additionalProperties: false, required: ['playerId'], properties: { playerId } },
    answer: seatAnswer,
    errors: [400, 401, 403, 404, 409],
  },
  'serviceRooms.leave': {
    method: 'POST',
    path: '/service/rooms/:id/leave',
    caller: 'service',
    summary: "End a player's seat in a room: their client is disconnected and the others told",
    body: { type: 'object', additionalProperties: false, required: ['playerId'], properties: { playerId } },
    answer: ok('the seat, left', recordOf('seats')),
    errors: [400, 401, 403, 404, 409],
  },
  'player.join': {
    method: 'POST',
    path: '/rooms/:id/join',
    caller: 'player',
    summary: 'Take a seat in a room as the signed-in player (a passport player token of the app): answers the seat token to connect to the relay with',
    answer: seatAnswer,
    errors: [401, 403, 404, 409],
  },
  'player.leave': {
    method: 'POST',
    path: '/rooms/:id/leave',
    caller: 'player',
    summary: "Give up the signed-in player's seat in a room",
    answer: ok('the seat, left', recordOf('seats')),
    errors: [401, 403, 404, 409],
  },
  roomsByPod: {
    method: 'GET',
    path: '/api/rooms-by-pod',
    caller: 'service',
    summary: "The app's open rooms and connected players per server instance",
    answer: ok('per instance', roomsByPodAnswer),
    errors: [401, 403],
  },
  transports: {
    method: 'GET',
    path: '/api/transports',
    caller: 'service',
    summary: 'The transports a room profile may name, and whether this deployment serves each (ws does; utp and kcp2k do not)',
    answer: ok('the transports', transportsAnswer),
    errors: [401, 403],
  },
  usage: {
    method: 'GET',
    path: '/api/usage',
    caller: 'service',
    summary: "The app's billed Sync usage over a range of days: each day's peak of concurrent users and bytes relayed",
    query: dayRangeQuery(),
    answer: ok('the usage', usageAnswer),
    errors: [400, 401, 403],
  },
  dailyUsage: {
    method: 'GET',
    path: '/api/daily-usage',
    caller: 'service',
    summary: "The app's Sync usage per day of a range, one row a day",
    query: dayRangeQuery(),
    answer: listAnswer('days', usageDay),
    errors: [400, 401, 403],
  },
  perfSessionsOfApp: {
    method: 'GET',
    path: `${PERF_PATH}/appid/:id`,
    appParam: 'id',
    caller: 'service',
    summary: "The app's perf sessions (id: the app id), newest first, of one status if named",
    query: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: Object.values(PERF) }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } } },
    answer: listAnswer('items', recordOf('perfSessions')),
    errors: [400, 401, 403, 404],
  },
};
