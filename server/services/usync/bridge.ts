/**
 * A player's connection that arrives at an instance not hosting its room is carried to the one that does (ADR
 * 0036): the edge (where the socket is) sends the opening, then every message the client sends, in order, on the
 * owner's channel; the owner takes it as a connection of its own (`CarriedSocket`, used by the relay like a `ws`
 * socket) and sends each frame, and the close, back on the edge's channel. Either side ending ends the other; an
 * instance whose lease ran out takes its bridged connections with it (`dropDead`).
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { RELAY_CLOSE } from '../../../resources/usync/socket';
import type { Ctx } from '../../context';
import type { Cluster, FrameMessage } from './cluster';
import type { RelaySocket } from './hub';
import { runtimeOf } from './models';
import { attach } from './relay';

const OPEN = 1;
const CLOSED = 3;
export const OWNER_GONE = 'the server hosting the room stopped';

/** At the owner: a connection whose socket is at the instance `edge`. */
export class CarriedSocket extends EventEmitter implements RelaySocket {
  readonly OPEN = OPEN;
  readyState = OPEN;

  constructor(
    private readonly cluster: Cluster,
    readonly id: string,
    readonly edge: string,
    private readonly forget: () => void,
  ) {
    super();
  }

  send(frame: string): void {
    if (this.readyState === OPEN) void this.cluster.send(this.edge, { t: 'out', conn: this.id, frame });
  }

  close(code: number = RELAY_CLOSE.left, reason = ''): void {
    if (this.readyState === CLOSED) return;
    void this.cluster.send(this.edge, { t: 'shut', conn: this.id, code, reason });
    this.gone();
  }

  /** The client's side ended (it closed, or its instance is gone). */
  gone(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.forget();
    this.emit('close');
  }

  take(data: Buffer): void {
    if (this.readyState === OPEN) this.emit('message', data);
  }
}

/** At the edge: carries a client's connection to the instance Redis names as its room's owner. */
export function bridge(ctx: Ctx, cluster: Cluster, roomId: string, token: string, socket: RelaySocket): void {
  const { bridged, report } = runtimeOf(ctx);
  const id = randomUUID();
  // Messages sent before the owner is known wait, in order: none may be lost while Redis is asked.
  let queue: Buffer[] | undefined = [];
  let owner: string | undefined;
  const forward = (data: Buffer) => void cluster.send(owner!, { t: 'in', conn: id, data: data.toString('base64') });
  socket.on('message', (data) => (queue ? queue.push(data) : forward(data)));
  const ended = () => {
    if (bridged.get(id)?.socket !== socket) return;
    bridged.delete(id);
    void cluster.send(owner!, { t: 'gone', conn: id });
  };
  socket.on('close', ended);
  socket.on('error', ended);
  void (async () => {
    owner = await cluster.ownerOf(roomId);
    if (!owner || owner === cluster.pod || !(await cluster.alive(owner))) return socket.close(RELAY_CLOSE.notOpen, 'room not open');
    if (socket.readyState !== socket.OPEN) return;
    bridged.set(id, { socket, owner });
    const heard = await cluster.send(owner, { t: 'open', conn: id, from: cluster.pod, roomId, token });
    if (heard === 0) return void (bridged.delete(id), socket.close(RELAY_CLOSE.notOpen, 'room not open'));
    // The client left while the opening was on its way: the owner is told after it.
    if (socket.readyState !== socket.OPEN) return void (bridged.delete(id), cluster.send(owner, { t: 'gone', conn: id }));
    for (const data of queue!) forward(data);
    queue = undefined;
  })().catch((err: unknown) => {
    report(err, 'sync: bridging a connection');
    socket.close(RELAY_CLOSE.restart, 'the server could not reach the room');
  });
}

/** The frames of bridged connections, at either end. */
export function onFrame(ctx: Ctx, cluster: Cluster, msg: FrameMessage): void {
  const { bridged, carried } = runtimeOf(ctx);
  if (msg.t === 'open') {
    const socket = new CarriedSocket(cluster, msg.conn, msg.from, () => carried.delete(msg.conn));
    carried.set(msg.conn, socket);
    return attach(ctx, msg.roomId, msg.token, socket);
  }
  if (msg.t === 'in') return carried.get(msg.conn)?.take(Buffer.from(msg.data, 'base64'));
  if (msg.t === 'gone') return carried.get(msg.conn)?.gone();
  const edge = bridged.get(msg.conn);
  if (!edge) return;
  if (msg.t === 'out' && edge.socket.readyState === edge.socket.OPEN) edge.socket.send(msg.frame);
  if (msg.t === 'shut') {
    bridged.delete(msg.conn);
    edge.socket.close(msg.code, msg.reason);
  }
}

/** Ends the bridged connections whose other end is an instance whose lease ran out. */
export async function dropDead(ctx: Ctx, cluster: Cluster): Promise<void> {
  const { bridged, carried } = runtimeOf(ctx);
  const pods = new Set([...[...bridged.values()].map((b) => b.owner), ...[...carried.values()].map((c) => c.edge)]);
  for (const pod of pods) {
    if (await cluster.alive(pod)) continue;
    for (const [id, b] of bridged) {
      if (b.owner !== pod) continue;
      bridged.delete(id);
      b.socket.close(RELAY_CLOSE.restart, OWNER_GONE);
    }
    for (const c of carried.values()) if (c.edge === pod) c.gone();
  }
}
