import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../../resources/types';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { paramsSchema, type Api } from '../../../engine/api';
import { ApiError, conflict, notFound } from '../../../engine/errors';
import type { Access } from '../../../engine/guard';
import { adminCaller, appCaller, BASE, errors, idString, iso, ok, SERVICE, text } from './shared';

/**
 * The id domain: one per app, addressed by the app id, created by the first POST. Its production flag says the
 * platform let it out of test; the send-for-review flag says it asked to be. The developer asks (or leaves
 * production) through `PUT /id-domains/:id/production`; administrators set the flags through the two RPC calls.
 */
interface DomainRow {
  app_id: string;
  name: string;
  description: string;
  sms_signature: string;
  production: boolean;
  send_for_review: boolean;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const present = (r: DomainRow) => ({
  id: r.app_id,
  idDomainID: r.app_id,
  name: r.name,
  description: r.description,
  smsSignature: r.sms_signature,
  production: r.production,
  sendForReview: r.send_for_review,
  version: r.version,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

const domainSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    idDomainID: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    smsSignature: { type: 'string' },
    production: { type: 'boolean' },
    sendForReview: { type: 'boolean' },
    version: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

const fields: Record<string, JsonSchema> = {
  name: text(64, 1),
  description: text(500),
  // The bracketed signature at the start of every SMS, e.g. 【Demo Game】 (brackets added when sending).
  smsSignature: { type: 'string', maxLength: 20, pattern: '^[^【】\\[\\]]*$' },
};
const version: JsonSchema = { type: 'integer', minimum: 1, maximum: 2147483647 };

const COLS = 'app_id, name, description, sms_signature, production, send_for_review, version, created_at, updated_at';

async function findDomain(db: Queryable, appId: string): Promise<DomainRow | undefined> {
  return (await db.query<DomainRow>(`SELECT ${COLS} FROM passport_id_domains WHERE app_id = $1`, [appId])).rows[0];
}

/** The caller's id domain named by the path (or body) id; another app's id is not found. */
async function ownDomain(ctx: Ctx, access: Access, id: string | undefined): Promise<DomainRow> {
  if (id !== undefined && id !== access.scopeId) throw notFound('id domain not found');
  const row = await findDomain(ctx.db, access.scopeId);
  if (!row) throw notFound('id domain not found');
  return row;
}

/**
 * Changes the caller's id domain where `guard` (SQL over its columns) holds and the version matches (when given);
 * otherwise 404, a version conflict, or `refusal`.
 */
async function change(ctx: Ctx, access: Access, sets: string, params: unknown[], guard: string, ver: number | undefined, refusal: () => ApiError) {
  const before = await ownDomain(ctx, access, undefined);
  const all = [access.scopeId, ...params];
  const versionCond = ver === undefined ? '' : ` AND version = $${all.push(ver)}`;
  const res = await ctx.db.query<DomainRow>(
    `UPDATE passport_id_domains SET ${sets}, version = version + 1, updated_at = now() WHERE app_id = $1 AND (${guard})${versionCond} RETURNING ${COLS}`,
    all,
  );
  if (res.rows[0]) return { before: present(before), after: present(res.rows[0]) };
  const now = await ownDomain(ctx, access, undefined);
  if (ver !== undefined && now.version !== ver) {
    throw conflict('VERSION_CONFLICT', 'version conflict', [{ field: '/version', message: `current version is ${now.version}` }]);
  }
  throw refusal();
}

const audit = (ctx: Ctx, access: Access, action: string, before?: unknown, after?: unknown) =>
  recordOperation(ctx.db, { actor: access.principal.actor, appId: access.scopeId, action: `passport.id-domains.${action}`, target: access.scopeId, before, after });

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
const alreadyProduction = () => conflict('INVALID_TRANSITION', 'the id domain is already in production');
const alreadyReviewing = () => conflict('INVALID_TRANSITION', 'the id domain is already waiting for review');

export function mountIdDomains(api: Api, ctx: Ctx): void {
  const tag = SERVICE;
  const answer = ok('the id domain', domainSchema);

  api.route({
    method: 'POST',
    url: `${BASE}/id-domains`,
    summary: "Create the app's id domain (one per app; its id is the app id)",
    tag,
    auth: 'service',
    body: { type: 'object', additionalProperties: false, required: ['name'], properties: fields },
    responses: { 201: answer, ...errors(400, 401, 403, 409) },
    handler: async (req, reply) => {
      const access = await appCaller(ctx, req);
      const body = req.body as { name: string; description?: string; smsSignature?: string };
      const res = await ctx.db.query<DomainRow>(
        `INSERT INTO passport_id_domains (app_id, name, description, sms_signature) VALUES ($1, $2, $3, $4)
         ON CONFLICT (app_id) DO NOTHING RETURNING ${COLS}`,
        [access.scopeId, body.name, body.description ?? '', body.smsSignature ?? ''],
      );
      if (!res.rows[0]) throw conflict('DUPLICATE', 'the app already has an id domain');
      const created = present(res.rows[0]);
      await audit(ctx, access, 'create', undefined, created);
      reply.code(201);
      return created;
    },
  });

  api.route({
    method: 'GET',
    url: `${BASE}/id-domains/:id`,
    summary: "Get the app's id domain (id: the app id)",
    tag,
    auth: 'service',
    params: paramsSchema('id'),
    responses: { 200: answer, ...errors(401, 403, 404) },
    handler: async (req) => present(await ownDomain(ctx, await appCaller(ctx, req), idOf(req))),
  });

  api.route({
    method: 'PUT',
    url: `${BASE}/id-domains/:id`,
    summary: "Update the app's id domain (carries the version read)",
    tag,
    auth: 'service',
    params: paramsSchema('id'),
    body: { type: 'object', additionalProperties: false, required: ['name', 'version'], properties: { ...fields, version } },
    responses: { 200: answer, ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      await ownDomain(ctx, access, idOf(req));
      const body = req.body as { name: string; description?: string; smsSignature?: string; version: number };
      const { before, after } = await change(
        ctx,
        access,
        'name = $2, description = $3, sms_signature = $4',
        [body.name, body.description ?? '', body.smsSignature ?? ''],
        'true',
        body.version,
        () => conflict('VERSION_CONFLICT', 'version conflict'),
      );
      await audit(ctx, access, 'update', before, after);
      return after;
    },
  });

  api.route({
    method: 'PUT',
    url: `${BASE}/id-domains/:id/production`,
    summary: 'Ask for the id domain to go to production (production: true, reviewed by the platform), or return it to test (false)',
    tag,
    auth: 'service',
    params: paramsSchema('id'),
    body: { type: 'object', additionalProperties: false, required: ['production'], properties: { production: { type: 'boolean' }, version } },
    responses: { 200: answer, ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const current = await ownDomain(ctx, access, idOf(req));
      const body = req.body as { production: boolean; version?: number };
      const { before, after } = body.production
        ? await change(ctx, access, 'send_for_review = true', [], 'NOT production AND NOT send_for_review', body.version, () =>
            current.production ? alreadyProduction() : alreadyReviewing(),
          )
        : await change(ctx, access, 'production = false, send_for_review = false', [], 'production OR send_for_review', body.version, () =>
            conflict('INVALID_TRANSITION', 'the id domain is not in production'),
          );
      await audit(ctx, access, body.production ? 'request-production' : 'leave-production', before, after);
      return after;
    },
  });

  const adminFlag = (url: string, flag: 'production' | 'sendForReview', sets: string, summary: string) =>
    api.route({
      method: 'PUT',
      url: `${BASE}/${url}`,
      summary,
      tag,
      auth: 'service',
      access: ['admin'],
      body: { type: 'object', additionalProperties: false, required: [flag], properties: { idDomainId: idString, [flag]: { type: 'boolean' } } },
      responses: { 200: answer, ...errors(400, 401, 403, 404) },
      handler: async (req) => {
        const access = await adminCaller(ctx, req);
        const body = req.body as Record<string, unknown>;
        await ownDomain(ctx, access, body.idDomainId as string | undefined);
        const { before, after } = await change(ctx, access, sets, [body[flag]], 'true', undefined, () => notFound('id domain not found'));
        await audit(ctx, access, url, before, after);
        return after;
      },
    });
  adminFlag(
    'update-id-domain-production',
    'production',
    'production = $2, send_for_review = false',
    "Set an id domain's production flag (administrators; concludes a pending review)",
  );
  adminFlag('update-id-domain-send-for-review', 'sendForReview', 'send_for_review = $2', "Set an id domain's send-for-review flag (administrators)");

  api.route({
    method: 'POST',
    url: `${BASE}/internal/notify-app-secret-update`,
    summary: "The account service says an app's secret changed: passport drops what it cached for the app",
    tag,
    auth: 'service',
    optionalBody: { type: 'object', additionalProperties: false, properties: { appId: idString } },
    responses: { 200: ok('forgotten', { type: 'object', properties: { appId: { type: 'string' }, forgotten: { type: 'boolean' } } }), ...errors(400, 401, 403) },
    handler: async (req) => {
      const access = await secretNotifier(ctx, req);
      const named = (req.body as { appId?: string } | undefined)?.appId;
      if (named !== undefined && named !== access.scopeId) throw notFound();
      ctx.apps.forget(access.scopeId);
      await recordOperation(ctx.db, { actor: access.principal.actor, appId: access.scopeId, action: 'passport.app-secret.notify', target: access.scopeId });
      return { appId: access.scopeId, forgotten: true };
    },
  });
}

/**
 * The caller of the secret notice: an administrator, or the app with its old or its new secret (a new secret
 * fails against the cached app until the cache is dropped, so a refusal drops it and checks once more).
 */
async function secretNotifier(ctx: Ctx, req: FastifyRequest): Promise<Access> {
  try {
    return await appCaller(ctx, req);
  } catch (err) {
    const header = req.headers.authorization;
    if (!(err instanceof ApiError) || err.status !== 401 || !header?.startsWith('Basic ')) throw err;
    const appId = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8').split(':')[0];
    ctx.apps.forget(appId);
    return appCaller(ctx, req);
  }
}
