/**
 * The rooms this instance's relay hosts, with their seats and connections, and the relay itself: a message given to
 * everyone else in the room or to named players, the frame written once for all. Pure of the database: what must
 * be stored is the caller's (`relay.ts`, `rooms.ts`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { FloodGuard } from '../push/flood';
import type { RoomPlugin } from './plugin-host';

export type SeatState = 'reserved' | 'connected' | 'away';

export interface LiveSeat {
  seatId: string;
  playerId: string;
  tokenHash: string;
  state: SeatState;
  /** Until when (ms) a reserved seat waits for its client, or an away one for its return. */
  until: number;
  conn?: Conn;
  reconnects: number;
}

/** A player's connection as the relay uses it: a `ws` socket here, or one bridged from another instance (`bridge.ts`). */
export interface RelaySocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(frame: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer) => void): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
}

export interface Conn {
  socket: RelaySocket;
  seat: LiveSeat;
  flood: FloodGuard;
}

export interface RoomLimits {
  maxPlayers: number;
  messagesPerSecond: number;
  maxMessageBytes: number;
  /** Bytes a second the room may relay. */
  netAllowance: number;
  reconnectMs: number;
  idleMs: number;
}

export interface LiveRoom {
  id: string;
  appId: string;
  limits: RoomLimits;
  /** When (ms) its time to live ends. */
  expiresAt: number;
  /** Since when (ms) no player has been connected; undefined while one is. */
  emptySince: number | undefined;
  running: boolean;
  seats: Map<string, LiveSeat>;
  messages: number;
  bytes: number;
  /** The room's network bucket: bytes it may still relay, refilled at its allowance. */
  net: { tokens: number; at: number };
  /** The room's stored changes, one after another in the order they happened. */
  chain: Promise<unknown>;
  /** The plugin the room runs, when its profile names one released (`plugin-host.ts`). */
  plugin?: RoomPlugin;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newSeatToken = () => `st_${randomBytes(24).toString('base64url')}`;

export class RelayHub {
  readonly rooms = new Map<string, LiveRoom>();

  open(id: string, appId: string, limits: RoomLimits, expiresAt: number, now: number): LiveRoom {
    const room: LiveRoom = { id, appId, limits, expiresAt, emptySince: now, running: false, seats: new Map(), messages: 0, bytes: 0, net: { tokens: limits.netAllowance, at: now }, chain: Promise.resolve() };
    this.rooms.set(id, room);
    return room;
  }

  /** The seat a token is of, in the room named. */
  seatOf(room: LiveRoom, token: string): LiveSeat | undefined {
    const hash = hashToken(token);
    for (const s of room.seats.values()) if (s.tokenHash === hash) return s;
    return undefined;
  }

  /** Writes a server message to everyone connected in the room but `except`. */
  tell(room: LiveRoom, msg: Record<string, unknown>, except?: LiveSeat): void {
    const frame = JSON.stringify(msg);
    for (const s of room.seats.values()) if (s !== except && s.conn && s.conn.socket.readyState === s.conn.socket.OPEN) s.conn.socket.send(frame);
  }

  /**
   * Relays a client's message: to the players named (those connected), or everyone else; with `echo` the sender too.
   * Answers the bytes written, or `undefined` when the room's network allowance cannot take them now.
   */
  relay(room: LiveRoom, from: LiveSeat, data: unknown, to: string[] | undefined, echo: boolean, inBytes: number, now: number): number | undefined {
    const targets: LiveSeat[] = [];
    if (to) for (const p of new Set(to)) {
      const s = room.seats.get(p);
      if (s && s.conn && (s !== from || echo)) targets.push(s);
    }
    else for (const s of room.seats.values()) if (s.conn && (s !== from || echo)) targets.push(s);
    const frame = JSON.stringify({ type: 'message', from: from.playerId, data, ...(to ? { to } : {}) });
    const size = Buffer.byteLength(frame) * targets.length + inBytes;
    const net = room.net;
    net.tokens = Math.min(room.limits.netAllowance, net.tokens + ((now - net.at) / 1000) * room.limits.netAllowance);
    net.at = now;
    if (size > net.tokens) return undefined;
    net.tokens -= size;
    for (const s of targets) if (s.conn!.socket.readyState === s.conn!.socket.OPEN) s.conn!.socket.send(frame);
    room.messages += 1;
    room.bytes += size;
    return size;
  }
}
