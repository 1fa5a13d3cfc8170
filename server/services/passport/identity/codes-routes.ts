import type { FastifyRequest } from 'fastify';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Api, Page } from '../../../engine/api';
import type { CallHandlers } from '../../../engine/declared-calls';
import { ApiError, badRequest, notFound } from '../../../engine/errors';
import { CODE_RULES, maskPhone, PHONE_PATTERN, sendCode } from './codes';
import { codeLogsView } from '../../../../resources/passport/identity-domain';
import { appCaller, BASE, clientApp, errors, idString, ok, SERVICE } from './shared';

/** The app a code is asked for: named by the game client, or the game server's own (its app credential). */
async function codeApp(ctx: Ctx, req: FastifyRequest, appId: string | undefined): Promise<{ appId: string; actor?: string }> {
  if (appId) return { appId: (await clientApp(ctx, appId)).AppId };
  if (!req.headers.authorization) throw badRequest([{ field: '/appId', message: 'required without the app credential' }]);
  const { scopeId, principal } = await appCaller(ctx, req);
  return { appId: scopeId, actor: principal.actor };
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
      const { appId, actor } = await codeApp(ctx, req, body.appId);
      const result = await sendCode(ctx, appId, body.phone, log);
      await recordOperation(ctx.db, {
        actor: actor ?? `player:${maskPhone(body.phone)}`,
        appId,
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
}

/** The id domain's code requests (`codes.logs`), from the sending log. */
export const codeLogHandlers = (ctx: Ctx): CallHandlers => ({
  'codes.logs': async ({ scopeId, params, input }) => {
    if (params.id !== scopeId) throw notFound('id domain not found');
    const q = input as unknown as Page & { result?: string };
    const values: unknown[] = [scopeId, q.result ?? null];
    const where = 'app_id = $1 AND ($2::text IS NULL OR result = $2)';
    const [rows, total] = await Promise.all([
      ctx.db.query<LogRow>(
        `SELECT id, phone_masked, template_id, template_name, result, created_at FROM passport_sms_logs WHERE ${where}
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [...values, q.count, q.start],
      ),
      ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM passport_sms_logs WHERE ${where}`, values),
    ]);
    return {
      total: Number(total.rows[0].n),
      [codeLogsView.listKey]: rows.rows.map((r) => ({
        id: String(r.id),
        phone: r.phone_masked,
        templateId: r.template_id,
        templateName: r.template_name,
        result: r.result,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  },
});
