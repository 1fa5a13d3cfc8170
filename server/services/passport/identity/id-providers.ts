import { ID_PROVIDERS, type IdProvider } from '../../../../resources/passport/identity';
import type { JsonSchema } from '../../../../resources/types';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { type Api } from '../../../engine/api';
import { badRequest, conflict, notFound } from '../../../engine/errors';
import { appCaller, BASE, errors, iso, listAnswer, ok, SERVICE } from './shared';

/**
 * The login providers of spec 002 §9 for one app: each enabled or not, with its app key and secret. The secret is
 * write-only: answers (and the operation history) carry only whether one is set and its last four characters.
 */
interface ProviderRow {
  provider: string;
  enabled: boolean;
  app_key: string;
  app_secret: string;
  version: number;
  updated_at: Date | string | null;
}

/** Providers that sign players in without a key of their own (the game server vouches for them). */
const KEYLESS: IdProvider[] = ['ServiceLogin'];

export const maskSecret = (secret: string) => (secret ? `••••••${secret.length >= 12 ? secret.slice(-4) : ''}` : '');

const present = (r: ProviderRow) => ({
  id: r.provider,
  provider: r.provider,
  enabled: r.enabled,
  appKey: r.app_key,
  appSecretSet: r.app_secret !== '',
  appSecretMasked: maskSecret(r.app_secret),
  version: r.version,
  updatedAt: iso(r.updated_at),
});

const providerSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    provider: { type: 'string', enum: [...ID_PROVIDERS] },
    enabled: { type: 'boolean' },
    appKey: { type: 'string' },
    appSecretSet: { type: 'boolean' },
    appSecretMasked: { type: 'string' },
    version: { type: 'integer', description: '0 until the provider is first saved' },
    updatedAt: { type: ['string', 'null'], format: 'date-time' },
  },
};

const unsaved = (provider: string): ProviderRow => ({ provider, enabled: false, app_key: '', app_secret: '', version: 0, updated_at: null });

async function rowsOf(db: Queryable, appId: string, lock = false): Promise<Map<string, ProviderRow>> {
  const res = await db.query<ProviderRow>(
    `SELECT provider, enabled, app_key, app_secret, version, updated_at FROM passport_id_providers WHERE app_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [appId],
  );
  return new Map(res.rows.map((r) => [r.provider, r]));
}

/**
 * A login provider's credentials for the app, when the app enabled it with a key; otherwise undefined (sign-in
 * with it is refused as not configured).
 */
export async function providerCredentials(ctx: Ctx, appId: string, provider: string): Promise<{ appKey: string; appSecret: string } | undefined> {
  const res = await ctx.db.query<ProviderRow>('SELECT enabled, app_key, app_secret FROM passport_id_providers WHERE app_id = $1 AND provider = $2', [appId, provider]);
  const row = res.rows[0];
  if (!row?.enabled || (!row.app_key && !KEYLESS.includes(provider as IdProvider))) return undefined;
  return { appKey: row.app_key, appSecret: row.app_secret };
}

interface ProviderBody {
  enabled: boolean;
  appKey?: string;
  appSecret?: string;
  version?: number;
}

export function mountIdProviders(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${BASE}/id-providers`,
    summary: 'The login providers of the app, each with its enabled flag and app key (secrets are never answered, only masked)',
    tag: SERVICE,
    auth: 'service',
    responses: { 200: listAnswer('idProviders', providerSchema), ...errors(401, 403) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const saved = await rowsOf(ctx.db, access.scopeId);
      return { total: ID_PROVIDERS.length, idProviders: ID_PROVIDERS.map((p) => present(saved.get(p) ?? unsaved(p))) };
    },
  });

  api.route({
    method: 'PUT',
    url: `${BASE}/id-providers/:id`,
    summary: 'Set a login provider (id: its name): enabled, app key, and the secret (write-only: left out keeps it, empty clears it)',
    tag: SERVICE,
    auth: 'service',
    params: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', maxLength: 32 } } },
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled'],
      properties: {
        enabled: { type: 'boolean' },
        appKey: { type: 'string', maxLength: 200, pattern: '^\\S*$' },
        appSecret: { type: 'string', maxLength: 4096 },
        version: { type: 'integer', minimum: 0, maximum: 2147483647, description: 'The version read (0 before the first save); a stale one is refused' },
      },
    },
    responses: { 200: ok('the provider', providerSchema), ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const provider = (req.params as { id: string }).id;
      if (!ID_PROVIDERS.includes(provider as IdProvider)) throw notFound('no such login provider');
      const body = req.body as ProviderBody;
      const { before, after } = await ctx.db.transaction(async (tx) => {
        const current = (await rowsOf(tx, access.scopeId, true)).get(provider) ?? unsaved(provider);
        if (body.version !== undefined && body.version !== current.version) {
          throw conflict('VERSION_CONFLICT', 'version conflict', [{ field: '/version', message: `current version is ${current.version}` }]);
        }
        const appKey = body.appKey ?? current.app_key;
        const appSecret = body.appSecret ?? current.app_secret;
        if (body.enabled && !appKey && !KEYLESS.includes(provider as IdProvider)) {
          throw badRequest([{ field: '/appKey', message: 'required to enable this provider' }]);
        }
        const res = await tx.query<ProviderRow>(
          `INSERT INTO passport_id_providers (app_id, provider, enabled, app_key, app_secret) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (app_id, provider) DO UPDATE SET enabled = EXCLUDED.enabled, app_key = EXCLUDED.app_key,
             app_secret = EXCLUDED.app_secret, version = passport_id_providers.version + 1, updated_at = now()
           RETURNING provider, enabled, app_key, app_secret, version, updated_at`,
          [access.scopeId, provider, body.enabled, appKey, appSecret],
        );
        return { before: present(current), after: present(res.rows[0]) };
      });
      await recordOperation(ctx.db, { actor: access.principal.actor, appId: access.scopeId, action: 'passport.id-providers.update', target: provider, before, after });
      return after;
    },
  });
}
