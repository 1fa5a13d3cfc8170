/**
 * The push server's client connection (`GET <base>/connect`, a WebSocket): a game client connects with its push
 * app's key and a passport player token, subscribes to channels, and is given the messages and system notifications
 * the send calls address to it. Everything a client and the server send is a JSON object with a `type`.
 */
import type { SocketDecl } from '../socket-types';
import type { JsonSchema } from '../types';

const channels: JsonSchema = { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$' } };
const msg = (type: string, properties: Record<string, JsonSchema> = {}): JsonSchema => ({ type: 'object', required: ['type'], properties: { type: { const: type }, ...properties } });

/** The close codes, by what they mean; the server and the playground read the same numbers. */
export const PUSH_CLOSE = {
  restart: 1012,
  badMessage: 4400,
  badToken: 4401,
  notRunning: 4403,
  unknownKey: 4404,
  flood: 4429,
  full: 4503,
} as const;

/** Channels a connection may subscribe to at most. */
export const MAX_CHANNELS = 50;

export const pushConnect: SocketDecl = {
  path: '/connect',
  summary: "A game client's connection to its push app: subscribe to channels and receive the messages and system notifications sent to the player, a list holding them, a channel they subscribed to, or everyone",
  query: {
    type: 'object',
    additionalProperties: false,
    required: ['appKey', 'token'],
    properties: {
      appKey: { type: 'string', minLength: 1, maxLength: 100, description: "the push app's key" },
      token: { type: 'string', minLength: 1, maxLength: 200, description: "a passport player token of the push app's Lodestar app" },
      channels: { type: 'string', maxLength: 2000, description: 'channels to subscribe to at once, comma-separated' },
    },
  },
  clientMessages: {
    subscribe: msg('subscribe', { channels }),
    unsubscribe: msg('unsubscribe', { channels }),
    ping: msg('ping'),
  },
  serverMessages: {
    welcome: msg('welcome', { connectionId: { type: 'string' }, playerId: { type: 'string' }, pushAppId: { type: 'string' }, channels: { type: 'array', items: { type: 'string' } } }),
    subscribed: msg('subscribed', { channels: { type: 'array', items: { type: 'string' } } }),
    message: msg('message', { id: { type: 'string' }, title: { type: 'string' }, body: { type: 'string' }, data: { type: 'object' }, channel: { type: 'string' }, sentAt: { type: 'string' } }),
    system: msg('system', { id: { type: 'string' }, title: { type: 'string' }, body: { type: 'string' }, data: { type: 'object' }, sentAt: { type: 'string' } }),
    pong: msg('pong'),
    throttled: msg('throttled', { retryAfterMs: { type: 'integer' } }),
    error: msg('error', { message: { type: 'string' } }),
  },
  closeCodes: {
    [PUSH_CLOSE.restart]: 'the server is restarting: connect again',
    [PUSH_CLOSE.badMessage]: 'a message that is not one of the declared ones',
    [PUSH_CLOSE.badToken]: 'the player token is invalid, expired, or of another app',
    [PUSH_CLOSE.notRunning]: 'the push app is not running (deleted, failed, or its service disabled)',
    [PUSH_CLOSE.unknownKey]: 'no push app has this key',
    [PUSH_CLOSE.flood]: 'the client kept sending while throttled',
    [PUSH_CLOSE.full]: "the push app's servers hold as many players as they may",
  },
};
