/**
 * Seats: a join (the game's server with the app credential naming the player, or the player with a passport player
 * token) reserves a place in an open room and answers a seat token its client connects to the relay with; the seat
 * is given up unless the client connects within the reservation. A leave ends it. A player joining again keeps the
 * seat and is given a new token, the old one ending.
 */
import { socketUrl } from '../../../resources/socket-types';
import { usync } from '../../../resources/usync';
import { JOINABLE_ROOM } from '../../../resources/usync/resources';
import { RELAY_CLOSE } from '../../../resources/usync/socket';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { lockNames } from '../../db/locks';
import { conflict, notFound } from '../../engine/errors';
import { appLimitsOf } from './app-config';
import { hashToken, newSeatToken, type LiveRoom, type LiveSeat } from './hub';
import { persist, roomsOf, runtimeOf, seatsOf } from './models';
import { atOwner } from './owners';
import { enqueue } from './plugin-host';
import { logRoom, OPEN_SEAT } from './rooms';

export const APP_PLAYERS_FULL = "the app's players connected at once are at its limit";

/** How long a reserved seat waits for its client to connect. */
export const RESERVE_MS = 60_000;
export const RELAY_URL = socketUrl(usync.base, usync.sockets!.relay);

async function openRoom(ctx: Ctx, appId: string, roomId: string): Promise<LiveRoom> {
  const room = await roomsOf(ctx).maybe(appId, roomId);
  if (!room) throw notFound('no such room');
  const live = runtimeOf(ctx).hub.rooms.get(roomId);
  if (!JOINABLE_ROOM.includes(String(room.status)) || !live || live.appId !== appId) throw conflict('INVALID_TRANSITION', 'the room is not open to players');
  return live;
}

export async function join(ctx: Ctx, appId: string, roomId: string, playerId: string, via: 'player' | 'service') {
  const live = await openRoom(ctx, appId, roomId);
  const token = newSeatToken();
  const until = Date.now() + RESERVE_MS;
  let seat = live.seats.get(playerId);
  if (seat) seat.tokenHash = hashToken(token);
  else {
    if (live.seats.size >= live.limits.maxPlayers) throw conflict('INVALID_TRANSITION', 'the room is full');
    const { maxConnectedPlayers } = await appLimitsOf(ctx, appId);
    // The count and the seat are one transaction holding the app's lock: joins on several instances at once never
    // seat more players than the limit.
    const stored = await ctx.db.transaction(async (tx) => {
      await lockNames(tx, [`usync-seats|${appId}`]);
      if ((await seatsOf(ctx, tx).count(appId, { status: { $in: OPEN_SEAT } })) >= maxConnectedPlayers) throw conflict('INVALID_TRANSITION', APP_PLAYERS_FULL);
      return seatsOf(ctx, tx).insert(appId, { roomId, playerId, via, reservedUntil: new Date(until).toISOString(), reconnects: 0 }, { parentId: roomId });
    });
    seat = { seatId: String(stored.id), playerId, tokenHash: hashToken(token), state: 'reserved', until, reconnects: 0 };
    live.seats.set(playerId, seat);
    await persist(ctx, live, 'seat reserved', () => logRoom(ctx, ctx.db, appId, roomId, { tag: 'Seat', event: 'reserved', playerId }));
  }
  const reservedUntil = seat.state === 'reserved' ? new Date(seat.until).toISOString() : new Date(until).toISOString();
  return { roomId, seatId: seat.seatId, playerId, token, relayUrl: RELAY_URL, reservedUntil, reconnectSeconds: live.limits.reconnectMs / 1000 };
}

/**
 * Ends a seat: its connection closed with `code`, the others told, the seat `left` (or `expired`, a reservation never
 * taken) in its record and the room's log. Answers the seat's record.
 */
export function endSeat(ctx: Ctx, live: LiveRoom, seat: LiveSeat, status: 'left' | 'expired', reason: string, code: number = RELAY_CLOSE.left) {
  const rt = runtimeOf(ctx);
  live.seats.delete(seat.playerId);
  // The plugin heard of the player at its first connection; it hears of their leaving.
  if (seat.state !== 'reserved') enqueue(ctx, live, 'onLeave', [seat.playerId, reason]);
  const conn = seat.conn;
  seat.conn = undefined;
  conn?.socket.close(code, reason);
  if (![...live.seats.values()].some((s) => s.state === 'connected') && live.emptySince === undefined) live.emptySince = Date.now();
  rt.hub.tell(live, { type: 'left', playerId: seat.playerId, reason });
  return persist(ctx, live, 'seat ended', async () => {
    const after = await seatsOf(ctx).updateOne(live.appId, seat.seatId, { status, set: { leftAt: new Date().toISOString() } });
    await roomsOf(ctx).updateOne(live.appId, live.id, { set: { players: [...live.seats.values()].filter((s) => s.state === 'connected').length } });
    await logRoom(ctx, ctx.db, live.appId, live.id, { tag: 'Seat', event: status, playerId: seat.playerId, reason });
    return after;
  });
}

export async function leave(ctx: Ctx, appId: string, roomId: string, playerId: string) {
  const live = await openRoom(ctx, appId, roomId);
  const seat = live.seats.get(playerId);
  if (!seat) throw notFound('the player has no seat in this room');
  await endSeat(ctx, live, seat, 'left', 'left');
  return seatsOf(ctx).get(appId, seat.seatId);
}

export function seatCallHandlers(ctx: Ctx): CallHandlers {
  const playerOf = (input: unknown) => String((input as { playerId: string }).playerId);
  // A room hosted by another instance: its owner reserves or ends the seat, on its own clock.
  const joined = (appId: string, roomId: string, playerId: string, via: 'player' | 'service') => atOwner(ctx, appId, roomId, 'join', { playerId, via }, () => join(ctx, appId, roomId, playerId, via));
  const left = (appId: string, roomId: string, playerId: string) => atOwner(ctx, appId, roomId, 'leave', { playerId }, () => leave(ctx, appId, roomId, playerId));
  return {
    'serviceRooms.join': (call) => joined(call.scopeId, call.params.id, playerOf(call.input), 'service'),
    'serviceRooms.leave': (call) => left(call.scopeId, call.params.id, playerOf(call.input)),
    'player.join': (call) => joined(call.scopeId, call.params.id, call.player!.userId, 'player'),
    'player.leave': (call) => left(call.scopeId, call.params.id, call.player!.userId),
  };
}
