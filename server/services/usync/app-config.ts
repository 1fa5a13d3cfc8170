/**
 * The operator's limits on an app's rooms (`resources/usync/app-config.ts`): read by the allocation and the joins,
 * and answered by the config search — an app credential for its own app, an administrator for any.
 */
import type { Ctx } from '../../context';
import { modelOf } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { forbidden } from '../../engine/errors';
import { settingsOf } from '../../engine/singleton';
import { findApp } from '../../platform/apps';
import { SERVICE } from './models';

export const OWN_CONFIG_ONLY = "an app credential reads its own app's config only";

export interface AppLimits {
  maxOpenRooms: number;
  maxConnectedPlayers: number;
}

/** An app's Sync limits: what an administrator saved over the schema's defaults. */
export async function appLimitsOf(ctx: Ctx, appId: string): Promise<AppLimits> {
  const s = await settingsOf(ctx.db, modelOf(ctx, SERVICE, 'appConfig'), appId);
  return { maxOpenRooms: Number(s.maxOpenRooms), maxConnectedPlayers: Number(s.maxConnectedPlayers) };
}

export function appConfigCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'appConfig.search': async (call) => {
      const named = (call.input as { appIds?: string[] }).appIds;
      const appIds = named?.length ? named : [call.scopeId];
      // The engine lets the app credential and administrators make a service call; only an administrator reads another app's.
      if (!call.actor.startsWith('admin:') && appIds.some((id) => id !== call.scopeId)) throw forbidden(OWN_CONFIG_ONLY);
      const m = modelOf(ctx, SERVICE, 'appConfig');
      const items = [];
      // An id naming no app is left out of the answer.
      for (const appId of appIds) if (appId === call.scopeId || (await findApp(ctx.db, appId))) items.push({ appId, config: { id: appId, ...(await settingsOf(ctx.db, m, appId)) } });
      return { items };
    },
  };
}
