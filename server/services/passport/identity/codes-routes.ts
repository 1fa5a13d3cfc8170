import type { FastifyRequest } from 'fastify';
import { recordOperation } from '../../../audit';
import { requireServiceEnabled, servicePrincipal } from '../../../auth/principal';
import type { Ctx } from '../../../context';
import { paramsSchema, type Api } from '../../../engine/api';
import { ApiError, badRequest, notFound } from '../../../engine/errors';
import type { AppView } from '../../../platform/apps';
import { CODE_RULES, maskPhone, PHONE_PATTERN, sendCode } from './codes';
import { codeLogsView } from '../../../../resources/passport/identity-domain';
import codeLogSchema from '../../../../schemas/passport/identity/views/code-log.json' with { type: 'json' };
import { appCaller, BASE, errors, idString, iso, listAnswer, ok, pageQuery, SERVICE, type Page } from './shared';

/** The app a code is asked for: named by the game client, or the game server's own (its app credential). */
async function codeApp(ctx: Ctx, req: FastifyRequest, appId: string | undefined): Promise<{ app: AppView; actor?: string }> {
  if (!appId) {
    if (!req.headers.authorization) throw badRequest([{ field: '/appId', message: 'required without the app credential' }]);
    const principal = await servicePrincipal(ctx.db, ctx.apps, req);
    requireServiceEnabled(principal.app, SERVICE);
    return { app: principal.app, actor: principal.actor };
  }
  const app = await ctx.apps.get(appId);
  if (!app) throw notFound();
  requireServiceEnabled(app, SERVICE);
  return { app };
}

interface LogRow {
  id: string | number;
  phone_masked: string;
  template_id: string | null;
  template_name: string;
  result: string;
  created_at: Date | string;
}

export function mountCodes(api: Api, ctx: Ctx, log: (line: string) => void): void {
  api.route({
    method: 'POST',
    url: `${BASE}/sdk/verification-codes`,
    summary: 'Send a sign-in code to a phone number (six digits, valid ten minutes, five tries; one per number every 60 seconds)',
    tag: SERVICE,
    auth: 'none',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['phone'],
      properties: {
        appId: { ...idString, description: "The game's app id; leave out when calling with the app credential" },
        phone: { type: 'string', maxLength: 20, pattern: PHONE_PATTERN },
      },
    },
    responses: {
      200: ok('the code was sent', {
        type: 'object',
        properties: { phone: { type: 'string' }, expiresInSeconds: { type: 'integer' }, resendAfterSeconds: { type: 'integer' } },
      }),
      ...errors(400, 401, 403, 404, 429),
    },
    handler: async (req, reply) => {
      const body = req.body as { appId?: string; phone: string };
      const { app, actor } = await codeApp(ctx, req, body.appId);
      const result = await sendCode(ctx, app.AppId, body.phone, log);
      await recordOperation(ctx.db, {
        actor: actor ?? `player:${maskPhone(body.phone)}`,
        appId: app.AppId,
        action: 'passport.verification-codes.send',
        target: maskPhone(body.phone),
        after: { result: result.sent ? 'Sent' : 'RateLimited' },
      });
      if (!result.sent) {
        reply.header('retry-after', String(result.retryAfter));
        throw new ApiError(429, 'TOO_MANY_REQUESTS', 'too many requests', [{ field: '/phone', message: 'a code was sent to this number less than a minute ago' }]);
      }
      return { phone: maskPhone(body.phone), expiresInSeconds: CODE_RULES.ttlMinutes * 60, resendAfterSeconds: CODE_RULES.resendSeconds };
    },
  });

  api.route({
    method: 'GET',
    url: `${BASE}/id-domains/:id/verification-code-logs`,
    summary: 'The code requests of the id domain (id: the app id), newest first: number masked, template, time and result',
    tag: SERVICE,
    auth: 'service',
    params: paramsSchema('id'),
    querystring: pageQuery({ result: { type: 'string', enum: codeLogSchema.properties.result.enum } }),
    responses: {
      200: listAnswer(codeLogsView.listKey, codeLogSchema),
      ...errors(400, 401, 403, 404),
    },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      if ((req.params as { id: string }).id !== access.scopeId) throw notFound('id domain not found');
      const q = req.query as Page & { result?: string };
      const params: unknown[] = [access.scopeId, q.result ?? null];
      const where = 'app_id = $1 AND ($2::text IS NULL OR result = $2)';
      const [rows, total] = await Promise.all([
        ctx.db.query<LogRow>(
          `SELECT id, phone_masked, template_id, template_name, result, created_at FROM passport_sms_logs WHERE ${where}
           ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
          [...params, q.count, q.start],
        ),
        ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM passport_sms_logs WHERE ${where}`, params),
      ]);
      return {
        total: Number(total.rows[0].n),
        [codeLogsView.listKey]: rows.rows.map((r) => ({
          id: String(r.id),
          phone: r.phone_masked,
          templateId: r.template_id,
          templateName: r.template_name,
          result: r.result,
          createdAt: iso(r.created_at),
        })),
      };
    },
  });
}
