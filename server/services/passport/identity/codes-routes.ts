import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Page } from '../../../engine/api';
import type { CallHandlers } from '../../../engine/declared-calls';
import { ApiError, notFound } from '../../../engine/errors';
import { CODE_RULES, maskPhone, sendCode } from './codes';
import { codeLogsView } from '../../../../resources/passport/identity-domain';

interface LogRow {
  id: string | number;
  phone_masked: string;
  template_id: string | null;
  template_name: string;
  result: string;
  created_at: Date | string;
}

/** Sends a sign-in code (`codes.send`); `log` is where a message goes with no SMS gateway configured. */
export const codeHandlers = (ctx: Ctx, log: (line: string) => void): CallHandlers => ({
  'codes.send': async ({ scopeId, actor, input, reply }) => {
    const phone = input.phone as string;
    const result = await sendCode(ctx, scopeId, phone, log);
    await recordOperation(ctx.db, {
      actor: actor || `player:${maskPhone(phone)}`,
      appId: scopeId,
      action: 'passport.verification-codes.send',
      target: maskPhone(phone),
      after: { result: result.sent ? 'Sent' : 'RateLimited' },
    });
    if (!result.sent) {
      reply.header('retry-after', String(result.retryAfter));
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'too many requests', [{ field: '/phone', message: 'a code was sent to this number less than a minute ago' }]);
    }
    return { phone: maskPhone(phone), expiresInSeconds: CODE_RULES.ttlMinutes * 60, resendAfterSeconds: CODE_RULES.resendSeconds };
  },

  /** The id domain's code requests, from the sending log. */
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
