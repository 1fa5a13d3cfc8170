/**
 * The send calls (`POST /apps/{id}/messages` and `/system-notify`): the send is stored first, then given to the
 * connected clients it is for (on this instance at once, on the others through the database's notices), and the
 * devices of the players it did not reach are left to the channel providers (`delivery.ts`).
 */
import type { Ctx } from '../../context';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { badRequest, conflict } from '../../engine/errors';
import type { Data } from '../../engine/store';
import type { Delivery } from './hub';
import { deliverOffline } from './delivery';
import { STARTABLE } from './apps';
import { devicesOf, runtimeOf, sendsOf } from './runtime';
import { countDelivered, countTraffic } from './usage';

export const SENDS_CHANNEL = 'push_sends';

interface SendInput {
  target: Delivery['target'];
  players?: string[];
  channel?: string;
  title?: string;
  body?: string;
  data?: Record<string, unknown>;
  offline?: boolean;
}

/** Who a send is for must be named as its target says (400 otherwise). */
function checkTarget(s: SendInput): void {
  const players = s.players ?? [];
  if (s.target === 'player' && players.length !== 1) throw badRequest([{ field: '/players', message: 'one player required' }]);
  if (s.target === 'players' && players.length === 0) throw badRequest([{ field: '/players', message: 'at least one player required' }]);
  if (s.target === 'channel' && !s.channel) throw badRequest([{ field: '/channel', message: 'channel required' }]);
  if (!s.title && !s.body && Object.keys(s.data ?? {}).length === 0) throw badRequest([{ field: '/body', message: 'a title, body or data required' }]);
}

export const deliveryOf = (send: Data): Delivery => ({
  id: String(send.id),
  kind: send.kind as Delivery['kind'],
  target: send.target as Delivery['target'],
  players: send.players as string[],
  channel: String(send.channel ?? ''),
  title: String(send.title ?? ''),
  body: String(send.body ?? ''),
  data: (send.data ?? {}) as Record<string, unknown>,
  createdAt: String(send.createdAt),
});

/** Gives a stored send to this instance's connections it is for; answers how many, and the players reached. */
export async function deliverOnline(ctx: Ctx, appId: string, send: Data): Promise<Set<string>> {
  const { connections, players } = runtimeOf(ctx).hub.deliver(String(send.pushAppId), deliveryOf(send));
  if (connections > 0) {
    await sendsOf(ctx).updateOne(appId, String(send.id), { add: { online: connections } });
    await countDelivered(ctx, appId, String(send.pushAppId), 'online', connections);
  }
  return players;
}

/** The devices of the players a send is for that it did not reach online (channel sends reach connected clients only). */
async function devicesToReach(ctx: Ctx, appId: string, send: Data, reached: Set<string>): Promise<string[]> {
  if (send.offline === false || send.target === 'channel') return [];
  const where: Data = { pushAppId: String(send.pushAppId) };
  if (send.target !== 'all') where.playerId = { $in: send.players as string[] };
  const devices = await devicesOf(ctx).find(appId, { where: where as never, limit: 100_000 });
  return devices.filter((d) => !reached.has(String(d.playerId))).map((d) => String(d.id));
}

async function send(ctx: Ctx, call: CallInput, kind: Delivery['kind']): Promise<Data> {
  const app = call.record!;
  if (!STARTABLE.includes(String(app.status))) throw conflict('INVALID_TRANSITION', 'the push app is not running');
  const input = call.input as unknown as SendInput;
  checkTarget(input);
  const pushAppId = String(app.id);
  const stored = await sendsOf(ctx).insert(
    call.scopeId,
    { pushAppId, kind, target: input.target, players: input.players ?? [], channel: input.channel ?? '', title: input.title ?? '', body: input.body ?? '', data: input.data ?? {}, offline: input.offline ?? true, online: 0, offlineSent: 0, offlineFailed: 0, pruned: 0, attempts: 0, errors: [], devicesLeft: [] },
    { status: 'pending', parentId: pushAppId },
  );
  await countTraffic(ctx, call.scopeId, pushAppId, 'send');
  await ctx.db.notify(SENDS_CHANNEL, JSON.stringify({ appId: call.scopeId, id: stored.id, from: runtimeOf(ctx).instance }));
  const reached = await deliverOnline(ctx, call.scopeId, stored);
  const left = await devicesToReach(ctx, call.scopeId, stored, reached);
  const personal = input.target === 'player' || input.target === 'players';
  const unreached = personal && reached.size === 0 && left.length === 0;
  const after = await sendsOf(ctx).updateOne(call.scopeId, String(stored.id), {
    status: left.length ? 'pending' : unreached ? 'failed' : 'delivered',
    set: { devicesLeft: left, nextAttemptAt: new Date().toISOString(), ...(unreached ? { errors: ['no connection or device reached the players'] } : {}) },
  });
  if (left.length) void deliverOffline(ctx, call.scopeId, String(stored.id)).catch((err: unknown) => call.req.log.error({ err }, 'push delivery failed'));
  return after;
}

/** Another instance's send: given to this instance's connections. */
export function hearSends(ctx: Ctx): (payload: string) => void {
  return (payload) => {
    const { appId, id, from } = JSON.parse(payload) as { appId: string; id: string; from: string };
    if (from === runtimeOf(ctx).instance) return;
    void sendsOf(ctx)
      .maybe(appId, id)
      .then((s) => s && deliverOnline(ctx, appId, s));
  };
}

export function sendCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'apps.messages': (call) => send(ctx, call, 'message'),
    'apps.systemNotify': (call) => send(ctx, call, 'system'),
  };
}
