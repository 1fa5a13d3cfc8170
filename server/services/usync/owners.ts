/**
 * Rooms on several instances (ADR 0036): the instance that allocated a room hosts it until it closes, named in the
 * room's `pod` and in Redis; what a call asks of a room hosted elsewhere (a join, a leave, the close, its live
 * state) is asked of its owner, which alone reserves seats and counts their time. A room is closed by another
 * instance only once its owner's lease has run out; an instance that could not renew its own lease closes its rooms
 * itself, as the others will take them for orphans. Without REDIS_URL one instance hosts every room, and at start-up
 * it closes those left open by the one before it.
 */
import { OPEN_ROOM, ROOM } from '../../../resources/usync/resources';
import { RELAY_CLOSE } from '../../../resources/usync/socket';
import type { Ctx } from '../../context';
import { dropDead, onFrame, OWNER_GONE } from './bridge';
import { startCluster, type CallOps } from './cluster';
import { roomsOf, runtimeOf } from './models';
import { closeAll, closeByCall, closeRoom, roomInfo } from './rooms';
import { join, leave, RELAY_URL } from './seats';

const str = (v: unknown) => String(v ?? '');
export const LOST_HOLD = 'the server lost its hold on its rooms';

/** Runs `here` for a room hosted here (or by no live instance), else asks the room's owner to run `op`. */
export async function atOwner<T>(ctx: Ctx, appId: string, roomId: string, op: string, args: Record<string, unknown>, here: () => Promise<T>): Promise<T> {
  const { cluster, hub, pod } = runtimeOf(ctx);
  if (!cluster || hub.rooms.has(roomId)) return here();
  const room = await roomsOf(ctx).maybe(appId, roomId);
  const owner = str(room?.pod);
  if (!room || !owner || owner === pod || !OPEN_ROOM.includes(str(room.status)) || !(await cluster.alive(owner))) return here();
  return (await cluster.call(owner, op, { ...args, appId, roomId })) as T;
}

/** What the other instances may ask of this one about the rooms it hosts. */
function opsOf(ctx: Ctx): CallOps {
  return {
    join: (a) => join(ctx, str(a.appId), str(a.roomId), str(a.playerId), a.via === 'player' ? 'player' : 'service'),
    leave: (a) => leave(ctx, str(a.appId), str(a.roomId), str(a.playerId)),
    close: (a) => closeByCall(ctx, str(a.appId), str(a.roomId), str(a.actor)),
    info: async (a) => roomInfo(runtimeOf(ctx).hub.rooms.get(str(a.roomId)), await roomsOf(ctx).get(str(a.appId), str(a.roomId)), RELAY_URL),
  };
}

/** With REDIS_URL: this instance's lease taken and renewed, its channel heard. */
export async function joinCluster(ctx: Ctx): Promise<void> {
  const url = ctx.config.redisUrl;
  if (!url) return;
  const rt = runtimeOf(ctx);
  const cluster = await startCluster(url, rt.pod, ctx.config.syncLeaseMs, opsOf(ctx), (msg) => onFrame(ctx, cluster, msg), async () => {
    await dropDead(ctx, cluster);
    await closeOrphans(ctx);
  }, (err, what) => rt.report(err, what));
  rt.cluster = cluster;
}

/** Stopping: the connections carried from here to other instances ended, the lease given up at once. */
export async function leaveCluster(ctx: Ctx): Promise<void> {
  const rt = runtimeOf(ctx);
  if (!rt.cluster) return;
  // Each owner told first, while the channel is still open; then the client.
  for (const [id, b] of [...rt.bridged]) {
    rt.bridged.delete(id);
    await rt.cluster.send(b.owner, { t: 'gone', conn: id });
    b.socket.close(RELAY_CLOSE.restart, 'the server is restarting');
  }
  await rt.cluster.stop();
  rt.cluster = undefined;
}

/**
 * An instance whose lease was not renewed within its time (Redis out of its reach) closes the rooms it hosts: the
 * others take them for orphans from then on. Answers whether it did.
 */
export async function fence(ctx: Ctx, now = Date.now()): Promise<boolean> {
  const { cluster, hub } = runtimeOf(ctx);
  if (!cluster || now - cluster.renewedAt() <= cluster.leaseMs || hub.rooms.size === 0) return false;
  // A pause of this process alone (its renewal not run yet) is no loss: Redis says whether the lease ran out.
  if (await cluster.holds()) return false;
  await closeAll(ctx, LOST_HOLD);
  return true;
}

/**
 * Rooms left open by an instance that is gone: without Redis (one instance), every open room this one does not host;
 * with it, those whose owner's lease has run out, and those never allocated within a lease of their creation.
 */
export async function closeOrphans(ctx: Ctx): Promise<void> {
  const { cluster, hub, pod } = runtimeOf(ctx);
  const alive = new Map<string, Promise<boolean>>();
  const ownerAlive = (owner: string) => (alive.has(owner) ? alive : alive.set(owner, cluster!.alive(owner))).get(owner)!;
  for (const { scopeId, record } of await roomsOf(ctx).findEverywhere({ where: { status: { $in: [ROOM.created, ...OPEN_ROOM] } } })) {
    const id = str(record.id);
    const owner = str(record.pod);
    if (hub.rooms.has(id) || (cluster && owner === pod)) continue;
    if (cluster && (owner ? await ownerAlive(owner) : Date.now() - Date.parse(str(record.createdAt)) < cluster.leaseMs)) continue;
    await closeRoom(ctx, scopeId, id, OWNER_GONE);
  }
}
