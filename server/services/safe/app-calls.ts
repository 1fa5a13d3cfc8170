/**
 * Safe's calls on the app: enable (its record, id the app id), the credential refresh, a package's protection status
 * and logs, the manifest key, and the token URL of a protection's integrity manifest with the signed download it
 * points at.
 */
import { safe } from '../../../resources/safe';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import { publicOrigin } from '../../auth/callers';
import { Signer } from '../../blob/signing';
import { errorResponses, type Api } from '../../engine/api';
import type { CallHandlers } from '../../engine/declared-calls';
import { conflict, forbidden, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { manifestKey } from './manifest-key';
import { safeModels, SERVICE } from './models';

/** How long a token URL stays usable. */
export const TOKEN_URL_SECONDS = 15 * 60;
export const DOWNLOAD_PATH = `${safe.base}/safe/:id/protections/:protectionId/manifest`;

const signers = new WeakMap<Ctx, Signer>();
function signer(ctx: Ctx): Signer {
  let s = signers.get(ctx);
  if (!s) signers.set(ctx, (s = new Signer(ctx.db, () => ctx.config.secretKey)));
  return s;
}
const linkParts = (appId: string, protectionId: string, expires: number) => ['safe-manifest', appId, protectionId, String(expires)];

export function appCalls(ctx: Ctx): CallHandlers {
  const m = safeModels(ctx);
  const protection = (scopeId: string, id: string) => records(ctx.db, m.protections).get(scopeId, id);
  return {
    enable: async ({ scopeId, actor }) => {
      const found = await records(ctx.db, m.apps).maybe(scopeId, scopeId);
      if (found) return found;
      const [made] = await records(ctx.db, m.apps).insertMany(scopeId, [{ id: scopeId, data: { enabledAt: new Date().toISOString(), info: {}, config: {} } }], { skipConflicts: true });
      if (!made) return records(ctx.db, m.apps).get(scopeId, scopeId);
      await recordOperation(ctx.db, { actor, appId: scopeId, action: `${SERVICE}.apps.create`, target: scopeId, after: made });
      return made;
    },
    'protections.status': async ({ record }) => {
      const { status, hardening, manifestSha256, error, finishedAt } = record!;
      return Object.fromEntries(Object.entries({ status, hardening, manifestSha256, error, finishedAt }).filter(([, v]) => v !== undefined));
    },
    'protections.logs': async ({ record }) => {
      const logs = (record!.logs ?? []) as unknown[];
      return { total: logs.length, logs };
    },
    manifestKey: async () => {
      const { keyId, publicKeyPem, publicKey } = await manifestKey(ctx.db);
      return { algorithm: 'Ed25519', keyId, publicKeyPem, publicKey };
    },
    tokenUrl: async ({ req, scopeId, input }) => {
      const p = await protection(scopeId, String(input.protectionId));
      if (p.status !== 'succeed') throw conflict('INVALID_TRANSITION', 'the package is not protected yet');
      const expires = Math.floor(Date.now() / 1000) + TOKEN_URL_SECONDS;
      const sig = await signer(ctx).sign(linkParts(scopeId, String(p.id), expires));
      const path = DOWNLOAD_PATH.replace(':id', scopeId).replace(':protectionId', String(p.id));
      return { url: `${publicOrigin(ctx, req)}${path}?${new URLSearchParams({ expires: String(expires), sig })}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
  };
}

/** The download a token URL points at: the signed integrity manifest, without a credential. */
export function mountManifestDownload(api: Api, ctx: Ctx): void {
  const m = safeModels(ctx);
  api.route({
    method: 'GET',
    url: DOWNLOAD_PATH,
    summary: "Download a protection's signed integrity manifest through a link GET /safe/{id}/token-url handed out (no credential; the link's signature and expiry are checked)",
    tag: SERVICE,
    auth: 'none',
    params: { type: 'object', additionalProperties: false, required: ['id', 'protectionId'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, protectionId: { type: 'string', minLength: 1, maxLength: 64 } } },
    querystring: { type: 'object', additionalProperties: false, required: ['expires', 'sig'], properties: { expires: { type: 'integer', minimum: 0, maximum: 1e12 }, sig: { type: 'string', minLength: 1, maxLength: 200 } } },
    responses: {
      200: { description: 'the manifest: its signed text, the signature and the key id', schema: { type: 'object', properties: { signed: { type: 'string' }, signature: { type: 'string' }, keyId: { type: 'string' }, algorithm: { type: 'string' } } } },
      ...errorResponses(403, 404),
    },
    handler: async (req) => {
      const { id, protectionId } = req.params as { id: string; protectionId: string };
      const { expires, sig } = req.query as { expires: number; sig: string };
      if (!(await signer(ctx).verify(linkParts(id, protectionId, expires), sig)) || expires * 1000 < Date.now()) throw forbidden('link invalid or expired');
      const manifest: Data | undefined = await records(ctx.db, m.manifests).first(id, { where: { protectionId } });
      if (!manifest?.signature) throw notFound();
      return { signed: manifest.signed, signature: manifest.signature, keyId: manifest.keyId, algorithm: 'Ed25519' };
    },
  });
}
