/**
 * A room's life (spec 001 §4), each move made by what happens to it: CREATED by a create call; SERVER_ALLOCATED once
 * this instance's relay takes a place for it among its profile's rooms, or ALLOCATION_FAILED when the profile's rooms
 * are all open or its transport is not served here; READY once the relay holds it open for players; RUNNING when the
 * first player connects (`relay.ts`); CLOSED by the close call, when no player has been connected for the profile's
 * idle time, at its time to live (`sweep.ts`), when the server stops, or when its server is gone (`owners.ts`). Each move is in the room's log and the
 * operation history.
 */
import { refusedMessage } from '../../../resources/action-call';
import { rooms as roomDecl, OPEN_ROOM, ROOM } from '../../../resources/usync/resources';
import { RELAY_CLOSE } from '../../../resources/usync/socket';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import { recordOperation } from '../../audit';
import { lockNames } from '../../db/locks';
import { conflict, notFound } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import type { Data } from '../../engine/store';
import tierSchema from '../../../schemas/usync/tier.json' with { type: 'json' };
import type { LiveRoom, RoomLimits } from './hub';
import { appLimitsOf } from './app-config';
import { logsOf, profilesOf, roomsOf, runtimeOf, seatsOf, SERVICE, tiersOf } from './models';
import { pluginOf, startPlugin, stopPlugin } from './plugin-host';
import { flushUsage } from './usage';

export const SYSTEM = 'system:usync';
/** The transports this deployment serves. */
export const SERVED_TRANSPORTS = ['ws'];
export const UNSERVED = 'the transport is unavailable in this deployment';
export const APP_ROOMS_FULL = "the app's rooms open at once are at its limit";
/** The states of a seat still held. */
export const OPEN_SEAT = ['reserved', 'connected', 'away'];

export interface LogEntry {
  tag?: 'Room' | 'Seat' | 'LogicPlugin';
  event: string;
  playerId?: string;
  reason?: string;
}

/** One line of a room's log. */
export async function logRoom(ctx: Ctx, db: Queryable, appId: string, roomId: string, e: LogEntry): Promise<void> {
  await logsOf(ctx, db).insert(appId, { roomId, tag: e.tag ?? 'Room', event: e.event, playerId: e.playerId ?? '', reason: e.reason ?? '' }, { parentId: roomId });
}

/** Moves a room to `to` when it is in one of `from`, with its reason in the log and the history; answers the moved room. */
export async function moveRoom(ctx: Ctx, appId: string, id: string, from: string[], to: string, reason: string, actor = SYSTEM, set: Data = {}): Promise<Data | undefined> {
  return ctx.db.transaction((tx) => moveRoomIn(ctx, tx, appId, id, from, to, reason, actor, set));
}

/** `moveRoom` inside the caller's transaction. */
async function moveRoomIn(ctx: Ctx, tx: Queryable, appId: string, id: string, from: string[], to: string, reason: string, actor = SYSTEM, set: Data = {}): Promise<Data | undefined> {
  const before = await roomsOf(ctx, tx).maybe(appId, id, 'update');
  if (!before || !from.includes(String(before.status))) return undefined;
  const after = await roomsOf(ctx, tx).updateOne(appId, id, { status: to, set: { statusReason: reason, ...set } });
  await logRoom(ctx, tx, appId, id, { event: to, reason });
  await recordOperation(tx, { actor, appId, action: `${SERVICE}.rooms.${to}`, target: id, before, after });
  return after;
}

/**
 * Moves a room to allocated when its profile and its app have places left: the count and the move are one transaction
 * holding the app's lock, so instances allocating at once never open more rooms than the limits. Answers the room
 * moved, or why it was refused (undefined room and no reason: it had left `created`).
 */
async function takePlace(ctx: Ctx, appId: string, id: string, profile: Data, actor: string, set: Data): Promise<{ room?: Data; refused?: string }> {
  const { maxOpenRooms } = await appLimitsOf(ctx, appId);
  return ctx.db.transaction(async (tx) => {
    await lockNames(tx, [`usync-open-rooms|${appId}`]);
    const open = roomsOf(ctx, tx);
    if ((await open.count(appId, { profileId: profile.id as string, status: { $in: OPEN_ROOM } })) >= Number(profile.roomCount)) return { refused: "the profile's rooms are all open" };
    if ((await open.count(appId, { status: { $in: OPEN_ROOM } })) >= maxOpenRooms) return { refused: APP_ROOMS_FULL };
    return { room: await moveRoomIn(ctx, tx, appId, id, [ROOM.created], ROOM.allocated, '', actor, set) };
  });
}

/** The limits of a profile naming no tier: the tier schema's defaults. */
export const STANDARD_TIER: Data = Object.fromEntries(Object.entries(tierSchema.properties).map(([k, p]) => [k, (p as { default?: unknown }).default]));

/** What a room of a profile may do: the profile's and its tier's limits (players per room at most the tier's). */
export async function limitsOf(ctx: Ctx, appId: string, profileId: string): Promise<{ limits: RoomLimits; profile: Data } | undefined> {
  const profile = await profilesOf(ctx).maybe(appId, profileId);
  if (!profile) return undefined;
  const tier = profile.tierId ? await tiersOf(ctx).maybe(appId, String(profile.tierId)) : STANDARD_TIER;
  if (!tier) return undefined;
  const limits: RoomLimits = {
    maxPlayers: Math.min(Number(profile.ratio), Number(tier.maxPlayers)),
    messagesPerSecond: Number(tier.messagesPerSecond),
    maxMessageBytes: Number(tier.maxMessageBytes),
    netAllowance: Number(tier.netAllowance),
    reconnectMs: Number(profile.reconnectSeconds) * 1000,
    idleMs: Number(profile.idleSeconds) * 1000,
  };
  return { limits, profile };
}

/** Gives a created room to this instance's relay, or fails its allocation; answers the room after. */
export async function allocate(ctx: Ctx, appId: string, room: Data, actor = SYSTEM): Promise<Data> {
  const id = String(room.id);
  const found = await limitsOf(ctx, appId, String(room.profileId));
  const fail = async (reason: string) => (await moveRoom(ctx, appId, id, [ROOM.created], ROOM.failed, reason, actor)) ?? room;
  if (!found) return fail('no such room profile');
  const { limits, profile } = found;
  if (!SERVED_TRANSPORTS.includes(String(profile.transport))) return fail(UNSERVED);
  const rt = runtimeOf(ctx);
  const now = Date.now();
  const expiresAt = Date.parse(String(room.createdAt)) + Number(profile.ttlMinutes) * 60_000;
  // Named its owner in Redis first: a room other instances could not find is never opened to players.
  try {
    await rt.cluster?.claim(id, expiresAt);
  } catch {
    return fail('the rooms directory (Redis) is unreachable');
  }
  // The plugin's released version now: the room runs it to its end, whatever is released after.
  const plugin = await pluginOf(ctx, appId, profile);
  const ran = plugin ? { pluginId: plugin.pluginId, pluginVersion: plugin.version } : {};
  const { room: allocated, refused } = await takePlace(ctx, appId, id, profile, actor, { pod: rt.pod, allocatedAt: new Date(now).toISOString(), expiresAt: new Date(expiresAt).toISOString(), ...ran });
  if (!allocated) {
    await rt.cluster?.release(id);
    return refused ? fail(refused) : await roomsOf(ctx).get(appId, id);
  }
  const live = rt.hub.open(id, appId, limits, expiresAt, now);
  if (plugin) startPlugin(ctx, live, plugin);
  return (await moveRoom(ctx, appId, id, [ROOM.allocated], ROOM.ready, '', actor)) ?? allocated;
}

/**
 * Closes a room: its connected players told why and disconnected with `code`, its open seats ended, what it relayed
 * counted as usage and kept on the room. Answers the closed room, or undefined when it was closed already.
 */
export async function closeRoom(ctx: Ctx, appId: string, id: string, reason: string, actor = SYSTEM, code: number = RELAY_CLOSE.roomClosed): Promise<Data | undefined> {
  const rt = runtimeOf(ctx);
  const live = rt.hub.rooms.get(id);
  let tally: Data = {};
  if (live && live.appId === appId) {
    rt.hub.rooms.delete(id);
    stopPlugin(live);
    rt.hub.tell(live, { type: 'closing', reason });
    for (const s of live.seats.values()) s.conn?.socket.close(code, reason);
    await live.chain.catch(() => undefined);
    tally = { messages: live.messages, bytes: live.bytes };
    await flushUsage(ctx);
  }
  const closed = await moveRoom(ctx, appId, id, [ROOM.created, ...OPEN_ROOM], ROOM.closed, reason, actor, { closedAt: new Date().toISOString(), players: 0, ...tally });
  if (closed) await rt.cluster?.release(id);
  if (closed) await seatsOf(ctx).update(appId, { roomId: id, status: { $in: OPEN_SEAT } }, { status: 'left', set: { leftAt: new Date().toISOString() } });
  return closed;
}

/** Closing this instance: every room it hosts closed, its players told the server is restarting. */
export async function closeAll(ctx: Ctx, reason: string): Promise<void> {
  for (const r of [...runtimeOf(ctx).hub.rooms.values()]) await closeRoom(ctx, r.appId, r.id, reason, SYSTEM, RELAY_CLOSE.restart);
}

/** A room created through the records' create takes its profile's players and transport, and is then allocated. */
export const roomHooks: ResourceHooks = {
  derive: async ({ ctx, scopeId, data, existing }) => {
    if (existing) return {};
    const found = await limitsOf(ctx, scopeId, String(data.profileId));
    return { maxPlayers: found?.limits.maxPlayers ?? 0, transport: found?.profile.transport ?? 'ws', statusReason: '', players: 0, messages: 0, bytes: 0, pluginVersion: 0 };
  },
  changed: async ({ ctx, scopeId, ids }) => {
    for (const id of ids) {
      const room = await roomsOf(ctx).maybe(scopeId, id);
      if (room?.status === ROOM.created) await allocate(ctx, scopeId, room);
    }
  },
};

const closeAction = roomDecl.actions!.find((a) => a.name === 'close')!;

/** A room as its relay sees it now. */
export function roomInfo(live: LiveRoom | undefined, room: Data, relayUrl: string) {
  const seats = [...(live?.seats.values() ?? [])];
  const of = (state: string) => seats.filter((s) => s.state === state).map((s) => s.playerId);
  return { status: room.status, connected: of('connected'), away: of('away'), reserved: of('reserved'), messages: live?.messages ?? Number(room.messages ?? 0), bytes: live?.bytes ?? Number(room.bytes ?? 0), relayUrl };
}

/** The room's close, by a caller. */
export async function closeByCall(ctx: Ctx, appId: string, id: string, actor: string): Promise<Data> {
  const room = await roomsOf(ctx).maybe(appId, id);
  if (!room) throw notFound('no such room');
  const closed = await closeRoom(ctx, appId, id, 'closed by a call', actor);
  if (!closed) throw conflict('INVALID_TRANSITION', refusedMessage(closeAction));
  return closed;
}
