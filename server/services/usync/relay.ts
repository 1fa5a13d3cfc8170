/**
 * The relay's connections (the declared socket `relay`, `resources/usync/socket.ts`): a client names its room and
 * gives its seat token; its messages are relayed to everyone else or to the players named, within its tier's rate
 * (throttled, then dropped when it keeps flooding), message size and the room's network allowance. A first
 * connection runs the room; a dropped one leaves the seat away until it comes back or its grace ends.
 */
import type { FastifyRequest } from 'fastify';
import { ROOM } from '../../../resources/usync/resources';
import { RELAY_CLOSE } from '../../../resources/usync/socket';
import type { Ctx } from '../../context';
import type { SocketHandler } from '../../engine/sockets';
import { FloodGuard } from '../push/flood';
import { bridge } from './bridge';
import type { Conn, LiveRoom, LiveSeat, RelaySocket } from './hub';
import { persist, roomsOf, runtimeOf, seatsOf } from './models';
import { enqueue } from './plugin-host';
import { logRoom, moveRoom } from './rooms';
import { endSeat } from './seats';
import { addBytes, notePeak } from './usage';

type Query = { roomId: string; token: string };
const MAX_TARGETS = 64;

const connectedCount = (live: LiveRoom) => [...live.seats.values()].filter((s) => s.state === 'connected').length;
const send = (socket: RelaySocket, msg: Record<string, unknown>) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(msg));

export function relayHandler(ctx: Ctx): SocketHandler {
  return (socket, req) => {
    const { roomId, token } = (req as FastifyRequest<{ Querystring: Query }>).query;
    const { hub, cluster } = runtimeOf(ctx);
    // A room hosted by another instance: the connection is carried to it (`bridge.ts`).
    if (cluster && !hub.rooms.has(roomId)) return bridge(ctx, cluster, roomId, token, socket);
    attach(ctx, roomId, token, socket);
  };
}

/** A connection for a room hosted here (made here, or bridged from another instance), taken by its seat or refused. */
export function attach(ctx: Ctx, roomId: string, token: string, socket: RelaySocket): void {
  const { hub } = runtimeOf(ctx);
  const live = hub.rooms.get(roomId);
  if (!live) return void socket.close(RELAY_CLOSE.notOpen, 'room not open');
  const seat = hub.seatOf(live, token);
  if (!seat) return void socket.close(RELAY_CLOSE.badToken, 'seat token invalid');
  connect(ctx, live, seat, socket);
}

function connect(ctx: Ctx, live: LiveRoom, seat: LiveSeat, socket: RelaySocket): void {
  const { hub } = runtimeOf(ctx);
  const previous = seat.conn;
  const was = seat.state;
  if (previous) {
    seat.conn = undefined;
    previous.socket.close(RELAY_CLOSE.replaced, 'seat taken by another connection');
  }
  const conn: Conn = { socket, seat, flood: new FloodGuard(live.limits.messagesPerSecond, Date.now()) };
  seat.conn = conn;
  seat.state = 'connected';
  live.emptySince = undefined;
  const back = was === 'away' || Boolean(previous);
  if (back) seat.reconnects += 1;
  socket.on('message', (data: Buffer) => onMessage(ctx, live, conn, data));
  socket.on('close', () => dropped(ctx, live, conn));
  socket.on('error', () => dropped(ctx, live, conn));
  send(socket, { type: 'welcome', roomId: live.id, seatId: seat.seatId, playerId: seat.playerId, reconnected: back, players: [...live.seats.values()].map((s) => ({ playerId: s.playerId, status: s.state })) });
  if (!previous) hub.tell(live, { type: back ? 'back' : 'joined', playerId: seat.playerId }, seat);
  // The plugin hears of a player once, at the seat's first connection (a player coming back is the same player).
  if (was === 'reserved') enqueue(ctx, live, 'onJoin', [seat.playerId]);
  const first = !live.running;
  live.running = true;
  void persist(ctx, live, 'seat connected', async () => {
    const now = new Date().toISOString();
    await seatsOf(ctx).updateOne(live.appId, seat.seatId, { status: 'connected', set: { connectedAt: now, reconnects: seat.reconnects } });
    await roomsOf(ctx).updateOne(live.appId, live.id, { set: { players: connectedCount(live) } });
    await logRoom(ctx, ctx.db, live.appId, live.id, { tag: 'Seat', event: back ? 'back' : 'connected', playerId: seat.playerId });
    if (first) await moveRoom(ctx, live.appId, live.id, [ROOM.ready], ROOM.running, '', `player:${seat.playerId}`, { startedAt: now });
    await notePeak(ctx, live.appId);
  });
}

/** The connection ended without a leave: the seat waits for its player to come back, or ends at once without grace. */
function dropped(ctx: Ctx, live: LiveRoom, conn: Conn): void {
  const { seat } = conn;
  if (seat.conn !== conn) return;
  seat.conn = undefined;
  if (!runtimeOf(ctx).hub.rooms.has(live.id) || live.seats.get(seat.playerId) !== seat) return;
  if (live.limits.reconnectMs === 0) return void endSeat(ctx, live, seat, 'left', 'the connection dropped');
  seat.state = 'away';
  seat.until = Date.now() + live.limits.reconnectMs;
  if (connectedCount(live) === 0) live.emptySince = Date.now();
  runtimeOf(ctx).hub.tell(live, { type: 'away', playerId: seat.playerId });
  void persist(ctx, live, 'seat away', async () => {
    await seatsOf(ctx).updateOne(live.appId, seat.seatId, { status: 'away' });
    await roomsOf(ctx).updateOne(live.appId, live.id, { set: { players: connectedCount(live) } });
    await logRoom(ctx, ctx.db, live.appId, live.id, { tag: 'Seat', event: 'away', playerId: seat.playerId });
  });
}

/** The players a send names, when it names them well. */
function targetsOf(to: unknown): string[] | undefined | false {
  if (to === undefined) return undefined;
  if (!Array.isArray(to) || to.length === 0 || to.length > MAX_TARGETS || !to.every((p) => typeof p === 'string')) return false;
  return to as string[];
}

function onMessage(ctx: Ctx, live: LiveRoom, conn: Conn, data: Buffer): void {
  const { socket, seat } = conn;
  if (seat.conn !== conn) return;
  const now = Date.now();
  const verdict = conn.flood.take(now);
  if (verdict === 'close') return void endSeat(ctx, live, seat, 'left', 'flooding', RELAY_CLOSE.flood);
  if (verdict === 'throttled') return void send(socket, { type: 'throttled', retryAfterMs: conn.flood.waitMs(), reason: 'rate' });
  if (data.length > live.limits.maxMessageBytes) return void send(socket, { type: 'error', message: 'message too large' });
  let msg: Record<string, unknown>;
  try {
    msg = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
  } catch {
    return void socket.close(RELAY_CLOSE.badMessage, 'not JSON');
  }
  if (msg === null || typeof msg !== 'object') return void socket.close(RELAY_CLOSE.badMessage, 'not an object');
  if (msg.type === 'ping') return void send(socket, { type: 'pong' });
  if (msg.type === 'leave') return void endSeat(ctx, live, seat, 'left', 'left');
  if (msg.type === 'plugin') return toPlugin(ctx, live, conn, msg.data ?? null, data.length);
  if (msg.type !== 'send') return void socket.close(RELAY_CLOSE.badMessage, 'unknown message type');
  const to = targetsOf(msg.to);
  if (to === false) return void send(socket, { type: 'error', message: 'invalid players' });
  const bytes = runtimeOf(ctx).hub.relay(live, seat, msg.data ?? null, to, msg.echo === true, data.length, now);
  if (bytes === undefined) return void send(socket, { type: 'throttled', retryAfterMs: 1000, reason: 'bandwidth' });
  addBytes(ctx, live.appId, bytes);
}

/** A message for the room's plugin (its onMessage), counted as relayed bytes; the sender told when it cannot be taken. */
function toPlugin(ctx: Ctx, live: LiveRoom, conn: Conn, data: unknown, inBytes: number): void {
  if (!live.plugin) return void send(conn.socket, { type: 'error', message: 'the room runs no plugin' });
  if (!enqueue(ctx, live, 'onMessage', [conn.seat.playerId, data])) return void send(conn.socket, { type: 'throttled', retryAfterMs: 1000, reason: 'plugin' });
  live.bytes += inBytes;
  addBytes(ctx, live.appId, inBytes);
}
