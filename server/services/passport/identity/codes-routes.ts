import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Page } from '../../../engine/api';
import type { CallHandlers } from '../../../engine/declared-calls';
import { ApiError, notFound } from '../../../engine/errors';
import { tablePage } from '../../../engine/table-page';
import { CODE_RULES, maskPhone, sendCode } from './codes';
import { codeLogsView } from '../../../../resources/passport/identity-domain';

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
    const { count, start, result } = input as unknown as Page & { result?: string };
    const columns = 'id::text AS id, phone_masked AS phone, template_id, template_name, result, created_at';
    const page = { table: 'passport_sms_logs', columns, appId: scopeId, where: { result }, orderBy: 'created_at DESC, id DESC', count, start };
    const { total, rows } = await tablePage(ctx.db, page);
    return { total, [codeLogsView.listKey]: rows };
  },
});
