/**
 * A push app's channel providers and its players' devices: a provider is saved only with the credentials it needs
 * (kept write-only), one per provider and push app; the spec's `PUT` and `DELETE` of the list name the provider; the
 * game client registers its device with a player token.
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers } from '../../engine/declared-calls';
import { badRequest, notFound, type FieldError } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import type { Data } from '../../engine/store';
import { missingCredentials } from './delivery';
import { appsOf, devicesOf, providersOf, SERVICE } from './runtime';

/** An enabled provider needs its credentials (those saved before count), and a push app has one of each provider. */
export const providerHooks: ResourceHooks = {
  validate: async ({ ctx, scopeId, data, existing }): Promise<FieldError[]> => {
    const merged = { ...existing, ...data };
    const errors: FieldError[] = [];
    if (merged.enabled !== false) for (const k of missingCredentials(merged)) errors.push({ field: `/${k}`, message: 'required for this provider' });
    if (!existing || existing.provider !== merged.provider) {
      const twin = await providersOf(ctx).first(scopeId, { where: { pushAppId: String(merged.pushAppId), provider: String(merged.provider) } });
      if (twin && twin.id !== existing?.id) errors.push({ field: '/provider', message: 'duplicate value' });
    }
    return errors;
  },
};

export function channelCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'channels.put': async (call) => {
      const pushAppId = String(call.record!.id);
      const input = call.input as Data;
      const existing = await providersOf(ctx).first(call.scopeId, { where: { pushAppId, provider: String(input.provider) } });
      const merged = { enabled: true, ...existing, ...input, pushAppId };
      const missing = merged.enabled !== false ? missingCredentials(merged) : [];
      if (missing.length) throw badRequest(missing.map((k) => ({ field: `/${k}`, message: 'required for this provider' })));
      const saved = existing
        ? await providersOf(ctx).updateOne(call.scopeId, String(existing.id), { set: input })
        : await providersOf(ctx).insert(call.scopeId, merged, { parentId: pushAppId });
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.channels.${existing ? 'update' : 'create'}`, target: String(saved.id), before: existing ? existing : null, after: saved });
      return saved;
    },
    'channels.remove': async (call) => {
      const pushAppId = String(call.record!.id);
      const removed = await providersOf(ctx).remove(call.scopeId, { pushAppId, provider: String(call.input.provider) });
      if (removed.length === 0) throw notFound('no such channel provider');
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.channels.delete`, target: String(removed[0].id), before: removed[0], after: null });
      return { removed: removed.length };
    },
    'devices.register': async (call) => {
      const app = await appsOf(ctx).maybe(call.scopeId, call.params.id);
      if (!app || app.status === 'deleted') throw notFound('no such push app');
      const input = call.input as { provider: string; token: string; platform?: string };
      const playerId = call.player!.userId;
      const pushAppId = String(app.id);
      const same = await devicesOf(ctx).first(call.scopeId, { where: { pushAppId, provider: input.provider, token: input.token } });
      if (same) return devicesOf(ctx).updateOne(call.scopeId, String(same.id), { set: { playerId, platform: input.platform ?? '', failures: 0 } });
      call.reply.code(201);
      return devicesOf(ctx).insert(call.scopeId, { pushAppId, playerId, provider: input.provider, token: input.token, platform: input.platform ?? '', failures: 0 }, { parentId: pushAppId });
    },
  };
}
