import type { FastifyRequest } from 'fastify';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import { ApiError, notFound } from '../../../engine/errors';
import type { Access } from '../../../engine/guard';
import { basicCredentials } from '../../../auth/principal';
import { appCaller, BASE, errors, idString, ok, SERVICE } from './shared';

/**
 * The caller of the secret notice: an administrator, or the app with its old or its new secret (a new secret
 * fails against the cached app until the cache is dropped, so a refusal drops it and checks once more).
 */
async function secretNotifier(ctx: Ctx, req: FastifyRequest): Promise<Access> {
  try {
    return await appCaller(ctx, req);
  } catch (err) {
    const basic = basicCredentials(req);
    if (!(err instanceof ApiError) || err.status !== 401 || !basic) throw err;
    await ctx.apps.forget(basic.appId);
    return appCaller(ctx, req);
  }
}

/** The account service's notice that an app's secret changed. */
export function mountAppSecretNotice(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: `${BASE}/internal/notify-app-secret-update`,
    summary: "The account service says an app's secret changed: passport drops what it cached for the app",
    tag: SERVICE,
    auth: 'service',
    optionalBody: { type: 'object', additionalProperties: false, properties: { appId: idString } },
    responses: { 200: ok('forgotten', { type: 'object', properties: { appId: { type: 'string' }, forgotten: { type: 'boolean' } } }), ...errors(400, 401, 403) },
    handler: async (req) => {
      const access = await secretNotifier(ctx, req);
      const named = (req.body as { appId?: string } | undefined)?.appId;
      if (named !== undefined && named !== access.scopeId) throw notFound();
      await ctx.apps.forget(access.scopeId);
      await recordOperation(ctx.db, { actor: access.principal.actor, appId: access.scopeId, action: 'passport.app-secret.notify', target: access.scopeId });
      return { appId: access.scopeId, forgotten: true };
    },
  });
}
