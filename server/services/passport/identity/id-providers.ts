import { ID_PROVIDERS, type IdProvider } from '../../../../resources/passport/identity';
import { recordOperation } from '../../../audit';
import { modelOf, type Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import type { CallHandlers } from '../../../engine/declared-calls';
import { badRequest, conflict, notFound } from '../../../engine/errors';
import type { ResourceModel } from '../../../engine/model';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { SERVICE } from './shared';

/**
 * The login providers of spec 002 §9 for one app, declared as the `id-providers` resource (one record per provider
 * once saved, its `appSecret` write-only). The spec's calls are not plain CRUD, so they are served here through the
 * records query API: the list answers all nine providers, saved or not (an unsaved one at version 0), addressed by
 * their names, and `PUT` creates or updates one. Answers (and the operation history) carry only whether a secret is
 * set and its last four characters; the sign-in reads the secret through the store (`providerCredentials`).
 */

/** Providers that sign players in without a key of their own (the game server vouches for them). */
const KEYLESS: IdProvider[] = ['ServiceLogin'];

export const maskSecret = (secret: string) => (secret ? `••••••${secret.length >= 12 ? secret.slice(-4) : ''}` : '');

const modelOfProviders = (ctx: Ctx) => modelOf(ctx, SERVICE, 'id-providers');

/** A provider as the spec's calls answer it: named by the provider, version 0 and no time before its first save. */
function answer(provider: string, record?: Data): Data {
  return {
    id: provider,
    provider,
    enabled: record?.enabled === true,
    appKey: String(record?.appKey ?? ''),
    appSecretSet: record?.appSecretSet === true,
    appSecretMasked: String(record?.appSecretMasked ?? ''),
    version: Number(record?.version ?? 0),
    updatedAt: record ? String(record.updatedAt) : null,
  };
}

const savedOf = (db: Queryable, m: ResourceModel, appId: string, provider: string, lock?: 'update') =>
  records(db, m).first(appId, { where: { provider }, lock });

/**
 * A login provider's credentials for the app, when the app enabled it with a key; otherwise undefined (sign-in
 * with it is refused as not configured). The secret is read through the store, as answers never carry it.
 */
export async function providerCredentials(ctx: Ctx, appId: string, provider: string): Promise<{ appKey: string; appSecret: string } | undefined> {
  const m = modelOfProviders(ctx);
  const saved = await savedOf(ctx.db, m, appId, provider);
  const appKey = String(saved?.appKey ?? '');
  if (!saved || saved.enabled !== true || (!appKey && !KEYLESS.includes(provider as IdProvider))) return undefined;
  const { appSecret } = await ctx.store.writeOnlyValues(m, appId, String(saved.id));
  return { appKey, appSecret: String(appSecret ?? '') };
}

interface ProviderBody {
  enabled: boolean;
  appKey?: string;
  appSecret?: string;
  version?: number;
}

/** Saves a provider's settings (created on its first save), checking the version read; answers before and after. */
export async function saveProvider(ctx: Ctx, appId: string, provider: string, body: ProviderBody): Promise<{ before: Data; after: Data }> {
  const m = modelOfProviders(ctx);
  return ctx.db.transaction(async (tx) => {
    const q = records(tx, m);
    let current = await savedOf(tx, m, appId, provider, 'update');
    const appKey = body.appKey ?? String(current?.appKey ?? '');
    if (body.enabled && !appKey && !KEYLESS.includes(provider as IdProvider)) throw badRequest([{ field: '/appKey', message: 'required to enable this provider' }]);
    // The secret is written only when sent: left out, the stored one stays (it is never read back).
    const set: Data = { provider, enabled: body.enabled, appKey };
    if (body.appSecret !== undefined) Object.assign(set, { appSecret: body.appSecret, appSecretMasked: maskSecret(body.appSecret) });
    if (!current) {
      // Unsaved, a provider is at version 0 (a later version is checked by the update).
      if (body.version) throw conflict('VERSION_CONFLICT', 'version conflict', [{ field: '/version', message: 'current version is 0' }]);
      // A first save racing another one stores one record; the later one then updates it.
      const [created] = await q.insertMany(appId, [{ data: { appSecretMasked: '', ...set } }], { skipConflicts: true });
      if (created) return { before: answer(provider), after: answer(provider, created) };
      current = await savedOf(tx, m, appId, provider, 'update');
      if (!current) throw notFound();
    }
    const updated = await q.updateOne(appId, String(current.id), { set }, { version: body.version });
    return { before: answer(provider, current), after: answer(provider, updated) };
  });
}

/** A provider the path names (404 for a name that is none of the nine). */
function providerOf(name: string): IdProvider {
  if (!ID_PROVIDERS.includes(name as IdProvider)) throw notFound('no such login provider');
  return name as IdProvider;
}

/** The behaviour of the login providers' calls (`resources/passport/identity-calls.ts`). */
export function idProviderHandlers(ctx: Ctx): CallHandlers {
  const m = modelOfProviders(ctx);
  const listKey = m.res.listKey ?? m.res.name;
  return {
    'idProviders.list': async ({ scopeId }) => {
      const saved = new Map((await records(ctx.db, m).find(scopeId)).map((r) => [String(r.provider), r]));
      return { total: ID_PROVIDERS.length, [listKey]: ID_PROVIDERS.map((p) => answer(p, saved.get(p))) };
    },
    'idProviders.show': async ({ scopeId, params }) => {
      const provider = providerOf(params.id);
      return answer(provider, await savedOf(ctx.db, m, scopeId, provider));
    },
    'idProviders.set': async ({ scopeId, actor, params, input }) => {
      const provider = providerOf(params.id);
      const { before, after } = await saveProvider(ctx, scopeId, provider, input as unknown as ProviderBody);
      await recordOperation(ctx.db, { actor, appId: scopeId, action: 'passport.id-providers.update', target: provider, before, after });
      return after;
    },
  };
}
