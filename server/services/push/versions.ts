/**
 * Push server versions (service levels): the platform's declared records (`resources/push/server-versions.ts`,
 * `scope: 'platform'`), listed, created and edited by the engine; here what the declaration cannot say: at most one
 * default (making one the default unsets the others'; the default stays so until another is made the default), the
 * spec's change and removal by version number (`PUT`, `DELETE /server-versions`), the service levels, and the first
 * start's default version from the declaration's prices (CPU quota 0.5, 3,500 players per server).
 */
import { push } from '../../../resources/push';
import { recordOperation } from '../../audit';
import type { Ctx } from '../../context';
import { modelOf } from '../../context';
import type { Queryable } from '../../db';
import type { CallHandlers } from '../../engine/declared-calls';
import { conflict, notFound, type FieldError } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { PLATFORM_SCOPE_ID } from '../../engine/platform-scope';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { LIVE_STATES } from '../../../resources/push/resources';

export interface ServerVersion {
  id: string;
  serverVersion: string;
  name: string;
  cpuQuota: string;
  playerLimitPerServer: number;
  enabled: boolean;
  isDefault: boolean;
}

const KIND = 'serverVersions';
const versions = (ctx: Ctx, q: Queryable = ctx.db) => records(q, modelOf(ctx, push.name, KIND));
const apps = (ctx: Ctx) => records(ctx.db, modelOf(ctx, push.name, 'apps'));

/** Every version (only the enabled ones: the service levels), the default first, then by number. */
export async function listVersions(ctx: Ctx, onlyEnabled = false): Promise<ServerVersion[]> {
  const found = await versions(ctx).find(PLATFORM_SCOPE_ID, { where: onlyEnabled ? { enabled: true } : undefined, orderBy: ['-isDefault', 'serverVersion'] });
  return found as unknown as ServerVersion[];
}

export async function versionOf(ctx: Ctx, version: string): Promise<ServerVersion | undefined> {
  return (await versions(ctx).first(PLATFORM_SCOPE_ID, { where: { serverVersion: version } })) as ServerVersion | undefined;
}

export async function defaultVersion(ctx: Ctx): Promise<ServerVersion | undefined> {
  return (await versions(ctx).first(PLATFORM_SCOPE_ID, { where: { isDefault: true }, orderBy: '-updatedAt' })) as ServerVersion | undefined;
}

/** The first start's default version, from the declared prices (once, whichever server starts first). */
export async function ensureDefaultVersion(ctx: Ctx): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['push.serverVersions.default']);
    if (await versions(ctx, tx).exists(PLATFORM_SCOPE_ID)) return;
    const defaults = { cpuQuota: push.prices!.cpuQuota, playerLimitPerServer: Number(push.prices!.playerLimitPerServer) };
    await versions(ctx, tx).insert(PLATFORM_SCOPE_ID, { serverVersion: '1.0.0', name: 'Standard', ...defaults, enabled: true, isDefault: true, notes: '' });
  });
}

/** The version `id` became the default: the others are not any more. */
async function oneDefault(ctx: Ctx, id: string, actor: string): Promise<void> {
  for (const { record } of await versions(ctx).update(PLATFORM_SCOPE_ID, { isDefault: true, id: { $ne: id } }, { set: { isDefault: false } })) {
    await recordOperation(ctx.db, { actor, action: `${push.name}.${KIND}.update`, target: String(record.id), before: { ...record, isDefault: true }, after: record });
  }
}

/** The default stays so until another version is made the default. */
function keepsDefault(data: Data, existing: Data | undefined): FieldError[] {
  return existing?.isDefault && data.isDefault === false ? [{ field: '/isDefault', message: 'make another version the default instead' }] : [];
}

export const versionHooks: ResourceHooks = {
  validate: ({ data, existing }) => keepsDefault(data, existing),
  changed: async ({ ctx, ids }) => {
    for (const id of ids) {
      const v = await versions(ctx).maybe(PLATFORM_SCOPE_ID, id);
      if (v?.isDefault) await oneDefault(ctx, id, 'system:push');
    }
  },
};

export function versionCallHandlers(ctx: Ctx): CallHandlers {
  const named = async (version: string) => {
    const found = await versionOf(ctx, version);
    if (!found) throw notFound('no such server version');
    return found;
  };
  return {
    'apps.serviceLevels': async () => {
      const items = await listVersions(ctx, true);
      return { total: items.length, items };
    },
    'serverVersions.update': async (call) => {
      const { serverVersion, ...change } = call.input as Data;
      const before = await named(String(serverVersion));
      const refused = keepsDefault(change, before as unknown as Data);
      if (refused.length) throw conflict('INVALID_TRANSITION', refused[0].message);
      const after = await versions(ctx).updateOne(PLATFORM_SCOPE_ID, before.id, { set: change });
      await recordOperation(ctx.db, { actor: call.actor, action: `${push.name}.${KIND}.update`, target: before.id, before: before as unknown as Data, after });
      if (after.isDefault) await oneDefault(ctx, before.id, call.actor);
      return after;
    },
    'serverVersions.remove': async (call) => {
      const found = await named(String(call.input.version));
      if (found.isDefault) throw conflict('INVALID_TRANSITION', 'the default server version cannot be removed');
      const inUse = (await apps(ctx).findEverywhere({ where: { serverVersion: found.serverVersion, status: { $in: LIVE_STATES } }, limit: 1 })).length > 0;
      if (inUse) throw conflict('INVALID_TRANSITION', 'a push app runs this server version');
      await versions(ctx).remove(PLATFORM_SCOPE_ID, { id: found.id });
      await recordOperation(ctx.db, { actor: call.actor, action: `${push.name}.${KIND}.delete`, target: found.id, before: found as unknown as Data });
      return { removed: found.serverVersion };
    },
  };
}
