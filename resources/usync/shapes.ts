/** The shapes of Sync's own answers: a seat ticket, a room's live state, the transports, rooms by pod and usage. */
import type { JsonSchema, Text } from '../types';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const titled = (schema: JsonSchema, zh: string, en: string): JsonSchema => ({ ...schema, 'x-ui': { title: t(zh, en) } });
const int: JsonSchema = { type: 'integer', minimum: 0 };

/** What a join answers: the seat, and the token and address its client connects with. */
export const seatTicket: JsonSchema = {
  type: 'object',
  required: ['roomId', 'seatId', 'playerId', 'token', 'relayUrl', 'reservedUntil', 'reconnectSeconds'],
  properties: {
    roomId: { type: 'string' },
    seatId: { type: 'string' },
    playerId: { type: 'string' },
    token: { type: 'string', description: 'the seat token: the relay connection takes it with the room id; a join again gives a new one and ends the old' },
    relayUrl: { type: 'string', description: "the relay's address under the server (a WebSocket): connect with ?roomId=&token=" },
    reservedUntil: { type: 'string', format: 'date-time', description: 'the seat is given up unless its client connects before' },
    reconnectSeconds: { type: 'integer', description: 'how long a dropped client may come back with the same token and keep its seat' },
  },
};

/** A room's live state, as its relay sees it (`GET /api/rooms/{id}/info`). */
export const roomInfoAnswer: JsonSchema = {
  type: 'object',
  required: ['status', 'connected', 'away', 'reserved', 'messages', 'bytes', 'relayUrl'],
  properties: {
    status: titled({ type: 'string' }, '状态', 'Status'),
    connected: titled({ type: 'array', items: { type: 'string' } }, '已连接玩家', 'Players connected'),
    away: titled({ type: 'array', items: { type: 'string' } }, '断线重连中的玩家', 'Players away'),
    reserved: titled({ type: 'array', items: { type: 'string' } }, '已预留座位的玩家', 'Players reserved'),
    messages: titled(int, '中继消息数', 'Messages relayed'),
    bytes: titled(int, '中继流量（字节）', 'Bytes relayed'),
    relayUrl: titled({ type: 'string' }, '中继地址', 'Relay address'),
  },
};

export const transportsAnswer: JsonSchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: { type: 'object', required: ['name', 'available'], properties: { name: { type: 'string' }, available: { type: 'boolean' }, reason: { type: 'string' } } },
    },
  },
};

export const roomsByPodAnswer: JsonSchema = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: { type: 'object', properties: { pod: { type: 'string' }, rooms: int, players: int } } } },
};

/** One day of the app's Sync usage. */
export const usageDay: JsonSchema = {
  type: 'object',
  properties: { day: titled({ type: 'string', format: 'date' }, '日期', 'Day'), ccu: titled(int, '峰值在线人数', 'Peak concurrent users'), netBytes: titled(int, '网络流量（字节）', 'Network traffic (bytes)') },
};

export const usageAnswer: JsonSchema = {
  type: 'object',
  required: ['from', 'to', 'ccu', 'netBytes', 'days'],
  properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' }, ccu: { ...int, description: 'the highest day peak of the range' }, netBytes: int, days: { type: 'array', items: usageDay } },
};
