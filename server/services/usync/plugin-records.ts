/**
 * Plugins as records (`resources/usync/plugins.ts`): each create or update that changes the code makes an immutable
 * version (its number the next one, unless a version of the plugin already holds that content hash, which the
 * plugin then points at again); a release moves the plugin's live version, which rooms allocated afterwards run; a
 * profile is bound to a plugin by its own call; a transfer token downloads the app's plugins without the credential.
 */
import { createHash } from 'node:crypto';
import { errorResponses, ok } from '../../../resources/call-shapes';
import { usync } from '../../../resources/usync';
import { PLUGIN_TRANSFER_PATH, pluginTransferSchema } from '../../../resources/usync/plugins';
import { publicOrigin } from '../../auth/callers';
import { Signer } from '../../blob/signing';
import { modelOf, type Ctx } from '../../context';
import type { Queryable } from '../../db';
import type { Api } from '../../engine/api';
import type { CallHandlers } from '../../engine/declared-calls';
import { badRequest, forbidden, notFound } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import type { Data } from '../../engine/store';
import { auditIn } from '../../engine/write';
import { pluginsOf, pluginVersionsOf, profilesOf, SERVICE } from './models';

const TOKEN_SECONDS = 15 * 60;
const hashOf = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
const newest = async (ctx: Ctx, db: Queryable, appId: string, pluginId: string) => Number((await pluginVersionsOf(ctx, db).first(appId, { where: { pluginId }, orderBy: '-number' }))?.number ?? 0);

/** A plugin's version of a number, or 404. */
export async function pluginVersion(ctx: Ctx, appId: string, pluginId: string, number: number): Promise<Data> {
  const found = await pluginVersionsOf(ctx).first(appId, { where: { pluginId, number } });
  if (!found) throw notFound('no such plugin version');
  return found;
}

export const pluginHooks: ResourceHooks = {
  // The version the saved code is: the one holding its hash, or the next number (the answer's; `changed` makes it).
  derive: async ({ ctx, scopeId, data, existing }) => {
    const hash = hashOf(String(data.code));
    if (!existing) return { latestHash: hash, latestVersion: 1 };
    if (existing.latestHash === hash) return {};
    const found = await pluginVersionsOf(ctx).first(scopeId, { where: { pluginId: String(existing.id), hash } });
    return { latestHash: hash, latestVersion: Number(found?.number ?? (await newest(ctx, ctx.db, scopeId, String(existing.id))) + 1) };
  },
  changed: async ({ ctx, scopeId, ids }) => {
    for (const id of ids) {
      await ctx.db.transaction(async (tx) => {
        const plugin = await pluginsOf(ctx, tx).maybe(scopeId, id, 'update');
        if (!plugin) return;
        const hash = String(plugin.latestHash);
        const found = await pluginVersionsOf(ctx, tx).first(scopeId, { where: { pluginId: id, hash } });
        const number = Number(found?.number ?? (await newest(ctx, tx, scopeId, id)) + 1);
        if (!found) {
          const code = String(plugin.code);
          const version = await pluginVersionsOf(ctx, tx).insert(scopeId, { pluginId: id, number, hash, codeBytes: Buffer.byteLength(code), code }, { parentId: id });
          await auditIn(tx, { scopeId, principal: { actor: 'system:usync' } }, modelOf(ctx, SERVICE, 'pluginVersions'), 'create', String(version.id), undefined, version);
        }
        if (Number(plugin.latestVersion) !== number) await pluginsOf(ctx, tx).updateOne(scopeId, id, { set: { latestVersion: number } });
      });
    }
  },
};

const signer = (ctx: Ctx) => new Signer(ctx.db, () => ctx.config.secretKey);
const tokenParts = (appId: string, expires: number) => ['usync plugins', appId, String(expires)];

export function pluginCallHandlers(ctx: Ctx): CallHandlers {
  return {
    pluginRelease: async ({ scopeId, actor, record, input }) => {
      const id = String(record!.id);
      const asked = (input as { version?: number } | undefined)?.version;
      const version = await pluginVersion(ctx, scopeId, id, asked ?? Number(record!.latestVersion));
      return ctx.db.transaction(async (tx) => {
        const before = await pluginsOf(ctx, tx).get(scopeId, id, { lock: 'update' });
        const after = await pluginsOf(ctx, tx).updateOne(scopeId, id, { status: 'released', set: { liveVersion: version.number, releasedAt: new Date().toISOString() } });
        await auditIn(tx, { scopeId, principal: { actor } }, modelOf(ctx, SERVICE, 'plugins'), 'release', id, before, after);
        return after;
      });
    },
    pluginToken: async ({ req, scopeId }) => {
      const expires = Math.floor(Date.now() / 1000) + TOKEN_SECONDS;
      const sig = await signer(ctx).sign(tokenParts(scopeId, expires));
      const token = Buffer.from(JSON.stringify([scopeId, expires, sig])).toString('base64url');
      return { token, expiresAt: new Date(expires * 1000).toISOString(), url: `${publicOrigin(ctx, req)}${usync.base}${PLUGIN_TRANSFER_PATH}?token=${token}` };
    },
    profilePlugin: async ({ scopeId, actor, record, input }) => {
      const id = String(record!.id);
      const pluginId = (input as { pluginId?: string } | undefined)?.pluginId;
      if (pluginId && !(await pluginsOf(ctx).maybe(scopeId, pluginId))) throw badRequest([{ field: '/pluginId', message: 'no such plugin' }], 'no such plugin');
      return ctx.db.transaction(async (tx) => {
        const before = await profilesOf(ctx, tx).get(scopeId, id, { lock: 'update' });
        const after = await profilesOf(ctx, tx).updateOne(scopeId, id, pluginId ? { set: { pluginId } } : { unset: ['pluginId'] });
        await auditIn(tx, { scopeId, principal: { actor } }, modelOf(ctx, SERVICE, 'profiles'), 'plugin', id, before, after);
        return after;
      });
    },
  };
}

/** The address a transfer token is used at (no credential): the app's plugins, each with its released code. */
export function mountPluginTransfer(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${usync.base}${PLUGIN_TRANSFER_PATH}`,
    summary: "Download the app's plugins with a transfer token from GET /api/v1/plugins/token: each plugin's settings and the code of its released version (else its latest); no credential",
    tag: SERVICE,
    auth: 'none',
    querystring: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 1000, pattern: '^[A-Za-z0-9_-]+$', description: 'the transfer token (base64url)' } } },
    responses: { 200: ok("the app's plugins", pluginTransferSchema), ...errorResponses(403) },
    handler: async (req) => {
      let parts: unknown;
      try {
        parts = JSON.parse(Buffer.from((req.query as { token: string }).token, 'base64url').toString('utf8'));
      } catch {
        throw forbidden('token invalid or expired');
      }
      const [appId, expires, sig] = Array.isArray(parts) ? parts : [];
      const valid = Number(expires) * 1000 > Date.now() && (await signer(ctx).verify(tokenParts(String(appId), Number(expires)), String(sig)));
      if (!valid) throw forbidden('token invalid or expired');
      const all = await pluginsOf(ctx).find(String(appId), { orderBy: 'name' });
      const plugins = [];
      for (const p of all) {
        const released = p.liveVersion ? await pluginVersion(ctx, String(appId), String(p.id), Number(p.liveVersion)) : undefined;
        plugins.push({ name: p.name, description: p.description ?? '', code: String(released?.code ?? p.code), version: Number(released?.number ?? p.latestVersion), tickMs: p.tickMs, timeoutMs: p.timeoutMs, memoryMb: p.memoryMb });
      }
      return { appId, plugins };
    },
  });
}
