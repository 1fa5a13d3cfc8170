/**
 * The app's calls about rooms beside their records: the game server's service rooms (create, list, get), the close
 * action and the room's live state, rooms by pod, the transports, and the app's initialisation with a tier and a
 * profile of the spec's values (spec 001 §9, the service's `prices`).
 */
import { usync } from '../../../resources/usync';
import { JOINABLE_ROOM } from '../../../resources/usync/resources';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers } from '../../engine/declared-calls';
import { badRequest, notFound } from '../../engine/errors';
import type { Data } from '../../engine/store';
import { profilesOf, roomsOf, runtimeOf, seatsOf, SERVICE, tiersOf } from './models';
import { atOwner } from './owners';
import { allocate, closeByCall, limitsOf, OPEN_SEAT, roomInfo, SERVED_TRANSPORTS, STANDARD_TIER, UNSERVED } from './rooms';
import { RELAY_URL } from './seats';

const TRANSPORTS = ['ws', 'utp', 'kcp2k'];
const price = (key: string) => Number(usync.prices![key]);

/** A room of a profile made by a call, then allocated (answers it after its allocation). */
export async function createRoom(ctx: Ctx, appId: string, body: { profileId: string; name?: string; customProperties?: Data }, actor: string): Promise<Data> {
  const found = await limitsOf(ctx, appId, body.profileId);
  if (!found) throw badRequest([{ field: '/profileId', message: 'no such room profile' }]);
  const data = { name: body.name ?? '', profileId: body.profileId, customProperties: body.customProperties ?? {}, statusReason: '', maxPlayers: found.limits.maxPlayers, transport: found.profile.transport, players: 0, pod: '', messages: 0, bytes: 0, pluginVersion: 0 };
  const created = await roomsOf(ctx).insert(appId, data);
  await recordOperation(ctx.db, { actor, appId, action: `${SERVICE}.rooms.create`, target: String(created.id), after: created });
  return allocate(ctx, appId, created, actor);
}

/** The app's first tier and profile, of the spec's values, unless it has some already. */
async function init(ctx: Ctx, appId: string, actor: string) {
  if ((await tiersOf(ctx).count(appId)) === 0) {
    const tier = await tiersOf(ctx).insert(appId, { ...STANDARD_TIER, name: 'standard', description: '', netAllowance: price('netAllowance') });
    await recordOperation(ctx.db, { actor, appId, action: `${SERVICE}.tiers.create`, target: String(tier.id), after: tier });
  }
  if ((await profilesOf(ctx).count(appId)) === 0) {
    const tier = (await tiersOf(ctx).find(appId, { limit: 1 }))[0];
    const profile = await profilesOf(ctx).insert(appId, {
      name: 'default',
      description: '',
      tierId: tier.id,
      roomCount: price('roomCount'),
      ratio: price('ratio'),
      ttlMinutes: price('roomTtlMinutes'),
      idleSeconds: price('idleSeconds'),
      reconnectSeconds: 20,
      transport: 'ws',
    });
    await recordOperation(ctx.db, { actor, appId, action: `${SERVICE}.profiles.create`, target: String(profile.id), after: profile });
  }
  return { tiers: await tiersOf(ctx).find(appId), profiles: await profilesOf(ctx).find(appId) };
}

export function serviceCallHandlers(ctx: Ctx): CallHandlers {
  const room = async (appId: string, id: string) => {
    const found = await roomsOf(ctx).maybe(appId, id);
    if (!found) throw notFound('no such room');
    return found;
  };
  return {
    usyncInit: (call) => init(ctx, call.scopeId, call.actor),
    'serviceRooms.create': (call) => createRoom(ctx, call.scopeId, call.input as { profileId: string }, call.actor),
    'serviceRooms.list': async (call) => {
      const q = call.input as { profileId?: string; limit?: number };
      const open = await roomsOf(ctx).find(call.scopeId, { where: { status: { $in: JOINABLE_ROOM }, ...(q.profileId ? { profileId: q.profileId } : {}) }, orderBy: '-createdAt' });
      const { hub, pod } = runtimeOf(ctx);
      // Seats of a room hosted by another instance are counted from their records.
      const seated = async (r: Data) =>
        hub.rooms.get(String(r.id))?.seats.size ?? (r.pod === pod ? Infinity : await seatsOf(ctx).count(call.scopeId, { roomId: String(r.id), status: { $in: OPEN_SEAT } }));
      const items: Data[] = [];
      for (const r of open) if (items.length < (q.limit ?? 50) && (await seated(r)) < Number(r.maxPlayers)) items.push(r);
      return { total: items.length, items };
    },
    'serviceRooms.get': (call) => room(call.scopeId, call.params.id),
    'rooms.close': (call) => atOwner(ctx, call.scopeId, String(call.record!.id), 'close', { actor: call.actor }, () => closeByCall(ctx, call.scopeId, String(call.record!.id), call.actor)),
    'rooms.info': async (call) => {
      const id = String(call.record!.id);
      return atOwner(ctx, call.scopeId, id, 'info', {}, async () => roomInfo(runtimeOf(ctx).hub.rooms.get(id), await room(call.scopeId, id), RELAY_URL));
    },
    roomsByPod: async (call) => {
      const open = await roomsOf(ctx).find(call.scopeId, { where: { status: { $in: JOINABLE_ROOM } } });
      const pods = new Map<string, { pod: string; rooms: number; players: number }>();
      for (const r of open) {
        const p = pods.get(String(r.pod)) ?? { pod: String(r.pod), rooms: 0, players: 0 };
        p.rooms += 1;
        p.players += Number(r.players ?? 0);
        pods.set(p.pod, p);
      }
      return { items: [...pods.values()] };
    },
    transports: async () => ({ items: TRANSPORTS.map((name) => (SERVED_TRANSPORTS.includes(name) ? { name, available: true } : { name, available: false, reason: UNSERVED })) }),
  };
}
