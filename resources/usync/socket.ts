/**
 * The relay (`GET <base>/relay`, a WebSocket): a client connects with its room's id and the seat token a join call
 * gave, and sends and is given messages as JSON objects with a `type`. A message is relayed to everyone else in the
 * room, or to the players it names; players joining, dropping, coming back and leaving are told to the others.
 */
import type { SocketDecl } from '../socket-types';
import type { JsonSchema } from '../types';

const msg = (type: string, properties: Record<string, JsonSchema> = {}): JsonSchema => ({ type: 'object', required: ['type'], properties: { type: { const: type }, ...properties } });
const player: JsonSchema = { type: 'string' };

/** The close codes, by what they mean; the relay, the tests and the playground read the same numbers. */
export const RELAY_CLOSE = {
  restart: 1012,
  left: 4000,
  roomClosed: 4001,
  badMessage: 4400,
  badToken: 4401,
  notOpen: 4409,
  replaced: 4410,
  flood: 4429,
} as const;

export const relaySocket: SocketDecl = {
  path: '/relay',
  summary: "A player's connection to a room's relay, with the seat token a join gave: messages relayed to everyone else in the room, to named players, or to the room's plugin; a dropped client may come back with the same token within the profile's grace and keep its seat",
  query: {
    type: 'object',
    additionalProperties: false,
    required: ['roomId', 'token'],
    properties: {
      roomId: { type: 'string', minLength: 1, maxLength: 64, description: 'the room' },
      token: { type: 'string', minLength: 1, maxLength: 200, description: 'the seat token a join call answered' },
    },
  },
  clientMessages: {
    send: msg('send', { data: { description: 'any JSON value' }, to: { type: 'array', items: player, maxItems: 64, description: 'the players to give it to; left out: everyone else' }, echo: { type: 'boolean', description: 'the sender is given it too' } }),
    plugin: msg('plugin', { data: { description: "any JSON value, given to the room plugin's onMessage" } }),
    ping: msg('ping'),
    leave: msg('leave'),
  },
  serverMessages: {
    welcome: msg('welcome', { roomId: { type: 'string' }, seatId: { type: 'string' }, playerId: player, reconnected: { type: 'boolean' }, players: { type: 'array', items: { type: 'object', properties: { playerId: player, status: { type: 'string' } } } } }),
    message: msg('message', { from: player, data: {}, to: { type: 'array', items: player } }),
    plugin: msg('plugin', { data: { description: "what the room plugin sent (room.broadcast or room.send)" } }),
    joined: msg('joined', { playerId: player }),
    away: msg('away', { playerId: player }),
    back: msg('back', { playerId: player }),
    left: msg('left', { playerId: player, reason: { type: 'string' } }),
    pong: msg('pong'),
    throttled: msg('throttled', { retryAfterMs: { type: 'integer' }, reason: { type: 'string' } }),
    error: msg('error', { message: { type: 'string' } }),
    closing: msg('closing', { reason: { type: 'string' } }),
  },
  closeCodes: {
    [RELAY_CLOSE.restart]: 'the server is restarting: the room is closed',
    [RELAY_CLOSE.left]: 'the player left the room (their seat ended)',
    [RELAY_CLOSE.roomClosed]: 'the room closed (by a call, idle, or at its time to live)',
    [RELAY_CLOSE.badMessage]: 'a message that is not one of the declared ones',
    [RELAY_CLOSE.badToken]: "the seat token is unknown, ended, or not this room's",
    [RELAY_CLOSE.notOpen]: 'the room is not open',
    [RELAY_CLOSE.replaced]: 'another connection took the seat with the same token',
    [RELAY_CLOSE.flood]: 'the client kept sending while throttled',
  },
};
