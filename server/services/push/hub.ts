/**
 * The push servers of this instance: the clients connected to each push app, by player and by channel, and the
 * fan-out of a send to those it is for. Connections are this process's own (a socket lives in one process); what
 * others must see — sends, states, usage — is in the database.
 */
import type { WebSocket } from 'ws';
import { SeenSends, FloodGuard } from './flood';

export interface Conn {
  id: string;
  /** The Lodestar app the push app is of. */
  appId: string;
  pushAppId: string;
  playerId: string;
  socket: WebSocket;
  channels: Set<string>;
  seen: SeenSends;
  flood: FloodGuard;
}

export interface Delivery {
  id: string;
  kind: 'message' | 'system';
  target: 'player' | 'players' | 'channel' | 'all';
  players?: string[];
  channel?: string;
  title?: string;
  body?: string;
  data?: Record<string, unknown>;
  createdAt: string;
}

class AppHub {
  readonly conns = new Set<Conn>();
  readonly byPlayer = new Map<string, Set<Conn>>();
  readonly byChannel = new Map<string, Set<Conn>>();
}

const add = <K>(map: Map<K, Set<Conn>>, key: K, c: Conn) => {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(c);
};
const drop = <K>(map: Map<K, Set<Conn>>, key: K, c: Conn) => {
  const set = map.get(key);
  if (set?.delete(c) && set.size === 0) map.delete(key);
};

export class PushHub {
  private readonly apps = new Map<string, AppHub>();

  private hub(pushAppId: string): AppHub {
    let h = this.apps.get(pushAppId);
    if (!h) this.apps.set(pushAppId, (h = new AppHub()));
    return h;
  }

  count(pushAppId: string): number {
    return this.apps.get(pushAppId)?.conns.size ?? 0;
  }

  /** Push apps with clients connected here, and how many. */
  counts(): Map<string, number> {
    return new Map([...this.apps].map(([id, h]) => [id, h.conns.size]));
  }

  join(c: Conn): void {
    const h = this.hub(c.pushAppId);
    h.conns.add(c);
    add(h.byPlayer, c.playerId, c);
  }

  leave(c: Conn): void {
    const h = this.apps.get(c.pushAppId);
    if (!h) return;
    h.conns.delete(c);
    drop(h.byPlayer, c.playerId, c);
    for (const ch of c.channels) drop(h.byChannel, ch, c);
    if (h.conns.size === 0) this.apps.delete(c.pushAppId);
  }

  subscribe(c: Conn, channels: string[]): void {
    const h = this.hub(c.pushAppId);
    for (const ch of channels) {
      c.channels.add(ch);
      add(h.byChannel, ch, c);
    }
  }

  unsubscribe(c: Conn, channels: string[]): void {
    const h = this.hub(c.pushAppId);
    for (const ch of channels) {
      c.channels.delete(ch);
      drop(h.byChannel, ch, c);
    }
  }

  /** The connections of one push app (to close them). */
  connections(pushAppId?: string): Conn[] {
    if (pushAppId) return [...(this.apps.get(pushAppId)?.conns ?? [])];
    return [...this.apps.values()].flatMap((h) => [...h.conns]);
  }

  /**
   * Gives a send to every connection here it is for, once per connection (the frame is written once for all):
   * answers how many connections got it and which players they are.
   */
  deliver(pushAppId: string, d: Delivery): { connections: number; players: Set<string> } {
    const h = this.apps.get(pushAppId);
    const players = new Set<string>();
    if (!h) return { connections: 0, players };
    const targets: Iterable<Conn> =
      d.target === 'all' ? h.conns : d.target === 'channel' ? (h.byChannel.get(d.channel ?? '') ?? []) : (d.players ?? []).flatMap((p) => [...(h.byPlayer.get(p) ?? [])]);
    const frame = JSON.stringify({ type: d.kind, id: d.id, title: d.title ?? '', body: d.body ?? '', data: d.data ?? {}, ...(d.target === 'channel' ? { channel: d.channel } : {}), sentAt: d.createdAt });
    let connections = 0;
    for (const c of targets) {
      if (c.socket.readyState !== c.socket.OPEN || !c.seen.first(d.id)) continue;
      c.socket.send(frame);
      connections += 1;
      players.add(c.playerId);
    }
    return { connections, players };
  }
}
