/**
 * A push app's life (spec 001 §4: created → running → failure / deleted / waiting_exited), moved by what happens to
 * its server: created by the create call; running once this platform's push server has opened it; failure when its
 * server version is disabled or gone; waiting_exited while the instance serving it shuts down (its clients told to
 * reconnect), running again when an instance opens it; deleted by the delete action, its clients disconnected.
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
import { defaultVersion, versionOf } from './versions';

const action = (name: string) => push.resources.find((r) => r.name === 'apps')!.actions!.find((a) => a.name === name)!;

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

/** Opens a created (or restarted) push app on this instance when its version is enabled; fails it otherwise. */
export async function openApp(ctx: Ctx, appId: string, app: Data): Promise<Data | undefined> {
  const version = await versionOf(ctx.db, String(app.serverVersion));
  const id = String(app.id);
  if (!version || !version.enabled) return moveApp(ctx, appId, id, ['created', 'running', 'waiting_exited'], 'failure', version ? 'the server version is disabled' : 'the server version no longer exists');
  return moveApp(ctx, appId, id, ['created', 'waiting_exited'], 'running', '', 'system:push', { startedAt: new Date().toISOString() });
}

/** Every push app's state brought in line with its version, and every one created or left exiting opened. */
export async function openApps(ctx: Ctx): Promise<void> {
  for (const { scopeId, record } of await appsOf(ctx).findEverywhere({ where: { status: { $in: ['created', 'running', 'waiting_exited'] } } })) {
    await openApp(ctx, scopeId, record);
  }
}

/** Closing this instance: its push apps wait to exit, their clients told to connect again. */
export async function closeApps(ctx: Ctx): Promise<void> {
  const { hub } = runtimeOf(ctx);
  const open = hub.connections();
  const byApp = new Set(open.map((c) => c.pushAppId));
  for (const c of open) c.socket.close(PUSH_CLOSE.restart, 'server restarting');
  for (const { scopeId, record } of await appsOf(ctx).findEverywhere({ where: { status: 'running' } })) {
    if (byApp.has(String(record.id))) await moveApp(ctx, scopeId, String(record.id), ['running'], 'waiting_exited', 'the server is restarting');
  }
}

/** A new push app's key and version (the default one when it names none); the version must be enabled. */
export const appHooks: ResourceHooks = {
  validate: async ({ ctx, data, existing }): Promise<FieldError[]> => {
    const asked = String(data.serverVersion ?? '');
    if (!asked || asked === existing?.serverVersion) return [];
    const v = await versionOf(ctx.db, asked);
    return v && v.enabled ? [] : [{ field: '/serverVersion', message: 'unknown or disabled server version' }];
  },
  derive: ({ existing }) => (existing ? {} : { appKey: `pk_${randomBytes(18).toString('base64url')}`, connections: 0, statusReason: '' }),
  // A new push app is given the default version when it names none, and opened.
  changed: async ({ ctx, scopeId, ids }) => {
    for (const id of ids) {
      let app = await appsOf(ctx).maybe(scopeId, id);
      if (app?.status !== 'created') continue;
      const fallback = app.serverVersion ? undefined : (await defaultVersion(ctx.db))?.version;
      if (fallback) app = await appsOf(ctx).updateOne(scopeId, id, { set: { serverVersion: fallback } });
      await openApp(ctx, scopeId, app);
    }
  },
};

function liveApp(call: CallInput): Data {
  return call.record!;
}

export function appCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'apps.restart': async (call) => {
      const app = liveApp(call);
      const a = action('restart');
      const moved = await moveApp(ctx, call.scopeId, String(app.id), a.from, a.to, '', call.actor);
      if (!moved) throw conflict('INVALID_TRANSITION', refusedMessage(a));
      return (await openApp(ctx, call.scopeId, moved)) ?? (await appsOf(ctx).get(call.scopeId, String(app.id)));
    },
    'apps.delete': async (call) => {
      const app = liveApp(call);
      const a = action('delete');
      const moved = await moveApp(ctx, call.scopeId, String(app.id), LIVE_STATES, a.to, '', call.actor, { connections: 0 });
      if (!moved) throw conflict('INVALID_TRANSITION', refusedMessage(a));
      for (const c of runtimeOf(ctx).hub.connections(String(app.id))) c.socket.close(PUSH_CLOSE.notRunning, 'push app deleted');
      return moved;
    },
    'apps.setServerVersion': async (call) => {
      const input = call.input as { id: string; serverVersion: string; servers?: number };
      const app = await appsOf(ctx).maybe(call.scopeId, input.id);
      if (!app) throw notFound('no such push app');
      if (app.status === 'deleted') throw conflict('INVALID_TRANSITION', 'the push app is deleted');
      const v = await versionOf(ctx.db, input.serverVersion);
      if (!v || !v.enabled) throw notFound('unknown or disabled server version');
      const after = await appsOf(ctx).updateOne(call.scopeId, input.id, { set: { serverVersion: v.version, ...(input.servers ? { servers: input.servers } : {}) } });
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.apps.update`, target: input.id, before: app, after });
      // A failed app on a version now enabled runs again.
      return after.status === 'failure' ? ((await moveApp(ctx, call.scopeId, input.id, ['failure'], 'created', '')) && (await openApp(ctx, call.scopeId, await appsOf(ctx).get(call.scopeId, input.id)))) ?? after : after;
    },
    'auth.refresh': async (call) => {
      await ctx.apps.forget(call.scopeId);
      return { refreshed: true };
    },
  };
}
