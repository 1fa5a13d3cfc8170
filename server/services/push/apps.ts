/**
 * A push app's life (spec 001 §4: created → running → failure / deleted / waiting_exited), moved by what happens to
 * its server: created by the create call; running once its server starts, when the first client connects; failure
 * when its server version is disabled or gone (checked every few seconds, at start and on connecting);
 * waiting_exited while the instance serving it shuts down (its clients told to reconnect), running again when a
 * client connects; deleted by the delete action, its clients disconnected. Restart moves a failed or exiting app
 * back to created.
 */
import { randomBytes } from 'node:crypto';
import { refusedMessage } from '../../../resources/action-call';
import { push } from '../../../resources/push';
import { LIVE_STATES } from '../../../resources/push/resources';
import { PUSH_CLOSE } from '../../../resources/push/socket';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { conflict, notFound, type FieldError } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import type { Data } from '../../engine/store';
import { appsOf, runtimeOf, SERVICE } from './runtime';
import { defaultVersion, versionOf, type ServerVersion } from './versions';

const action = (name: string) => push.resources.find((r) => r.name === 'apps')!.actions!.find((a) => a.name === name)!;

/** The states a push app's server may start from when a client connects. */
export const STARTABLE = ['created', 'running', 'waiting_exited'];

/** The version a push app runs: the one it names, or the platform's default when it names none. */
export const versionOfApp = (ctx: Ctx, app: Data): Promise<ServerVersion | undefined> => (app.serverVersion ? versionOf(ctx, String(app.serverVersion)) : defaultVersion(ctx));

/** Moves a push app to `to` when it is in one of `from`, with the reason and the move in the history. */
export async function moveApp(ctx: Ctx, appId: string, id: string, from: string[], to: string, reason: string, actor = 'system:push', set: Data = {}): Promise<Data | undefined> {
  return ctx.db.transaction(async (tx) => {
    const before = await appsOf(ctx, tx).maybe(appId, id, 'update');
    if (!before || !from.includes(String(before.status))) return undefined;
    const after = await appsOf(ctx, tx).updateOne(appId, id, { status: to, set: { statusReason: reason, ...set } });
    await recordOperation(tx, { actor, appId, action: `${SERVICE}.apps.${to}`, target: id, before, after });
    return after;
  });
}

/** A push app whose version is disabled or gone fails (answers the failed app); otherwise nothing moves. */
export async function checkVersion(ctx: Ctx, appId: string, app: Data): Promise<Data | undefined> {
  const version = await versionOfApp(ctx, app);
  if (version?.enabled) return undefined;
  return moveApp(ctx, appId, String(app.id), STARTABLE, 'failure', version ? 'the server version is disabled' : 'the server version no longer exists');
}

/** Its server started: a client connected to a created app, or to one left waiting to exit. */
export const startApp = (ctx: Ctx, appId: string, id: string) => moveApp(ctx, appId, id, ['created', 'waiting_exited'], 'running', '', 'system:push', { startedAt: new Date().toISOString() });

/** Every push app that may run, failed when its version no longer allows it. */
export async function checkApps(ctx: Ctx): Promise<void> {
  for (const { scopeId, record } of await appsOf(ctx).findEverywhere({ where: { status: { $in: STARTABLE } } })) await checkVersion(ctx, scopeId, record);
}

/** Closing this instance: its push apps wait to exit, their clients told to connect again. */
export async function closeApps(ctx: Ctx): Promise<void> {
  const { hub } = runtimeOf(ctx);
  const open = hub.connections();
  const served = new Map(open.map((c) => [c.pushAppId, c.appId]));
  for (const c of open) c.socket.close(PUSH_CLOSE.restart, 'server restarting');
  for (const [id, appId] of served) await moveApp(ctx, appId, id, ['running'], 'waiting_exited', 'the server is restarting');
}

/** A push app's key is made once, when it is created; a version it names must be enabled. */
export const appHooks: ResourceHooks = {
  validate: async ({ ctx, data, existing }): Promise<FieldError[]> => {
    const asked = String(data.serverVersion ?? '');
    if (!asked || asked === existing?.serverVersion) return [];
    const v = await versionOf(ctx, asked);
    return v && v.enabled ? [] : [{ field: '/serverVersion', message: 'unknown or disabled server version' }];
  },
  derive: ({ existing }) => (existing ? {} : { appKey: `pk_${randomBytes(18).toString('base64url')}`, statusReason: '' }),
};

export function appCallHandlers(ctx: Ctx): CallHandlers {
  const move = async (call: CallInput, name: string, set: Data = {}) => {
    const a = action(name);
    const moved = await moveApp(ctx, call.scopeId, String(call.record!.id), a.from, a.to, '', call.actor, set);
    if (!moved) throw conflict('INVALID_TRANSITION', refusedMessage(a));
    return moved;
  };
  return {
    'apps.restart': (call) => move(call, 'restart'),
    'apps.delete': async (call) => {
      const moved = await move(call, 'delete');
      for (const c of runtimeOf(ctx).hub.connections(String(moved.id))) c.socket.close(PUSH_CLOSE.notRunning, 'push app deleted');
      return moved;
    },
    'apps.setServerVersion': async (call) => {
      const input = call.input as { id: string; serverVersion: string; servers?: number };
      const app = await appsOf(ctx).maybe(call.scopeId, input.id);
      if (!app) throw notFound('no such push app');
      if (!LIVE_STATES.includes(String(app.status))) throw conflict('INVALID_TRANSITION', 'the push app is deleted');
      const v = await versionOf(ctx, input.serverVersion);
      if (!v || !v.enabled) throw notFound('unknown or disabled server version');
      const after = await appsOf(ctx).updateOne(call.scopeId, input.id, { set: { serverVersion: v.serverVersion, ...(input.servers ? { servers: input.servers } : {}) } });
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.apps.update`, target: input.id, before: app, after });
      // A failed app on a version now enabled may start again.
      return (await moveApp(ctx, call.scopeId, input.id, ['failure'], 'created', '', call.actor)) ?? after;
    },
  };
}
