import type { IdProvider } from '../../../../resources/passport/identity';
import { modelOf, type Ctx } from '../../../context';
import type { ResourceHooks } from '../../../engine/hooks';
import { records } from '../../../engine/query';

/**
 * The login providers of spec 002 §9 for one app: the `id-providers` resource, one record per provider
 * (`enumerated`), its `appSecret` write-only and masked (`x-mask-of`). What is the service's own: a provider needs
 * its app key to be enabled (but those the game server vouches for), and the sign-in reads the secret.
 */

/** Providers that sign players in without a key of their own (the game server vouches for them). */
const KEYLESS: string[] = ['ServiceLogin'] satisfies IdProvider[];

export const idProviderHooks: ResourceHooks = {
  validate: ({ data }) => (data.enabled === true && !data.appKey && !KEYLESS.includes(String(data.provider)) ? [{ field: '/appKey', message: 'required to enable this provider' }] : []),
};

/**
 * A login provider's credentials for the app, when the app enabled it with a key; otherwise undefined (sign-in
 * with it is refused as not configured). The secret is read through the store, as answers never carry it.
 */
export async function providerCredentials(ctx: Ctx, appId: string, provider: string): Promise<{ appKey: string; appSecret: string } | undefined> {
  const m = modelOf(ctx, 'passport', 'id-providers');
  const saved = await records(ctx.db, m).first(appId, { where: { provider } });
  const appKey = String(saved?.appKey ?? '');
  if (!saved || saved.enabled !== true || (!appKey && !KEYLESS.includes(provider))) return undefined;
  const { appSecret } = await ctx.store.writeOnlyValues(m, appId, String(saved.id));
  return { appKey, appSecret: String(appSecret ?? '') };
}
