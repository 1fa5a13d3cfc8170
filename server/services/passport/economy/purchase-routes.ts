import type { Ctx } from '../../../context';
import { recordOperation } from '../../../audit';
import { errorResponses, errorSchema, type Api } from '../../../engine/api';
import { ApiError, badRequest, notFound } from '../../../engine/errors';
import type { CallHandlers } from '../../../engine/declared-calls';
import { formRoute } from '../../../payments/alipay/routes';
import { requireProvider } from '../../../payments/alipay/provider';
import { answerOf, grantAndMove, lockTransaction } from './flow';
import { economyModels } from './models';
import { applyPurchaseNotification, paySandbox } from './notify';
import { NOTIFY_PATH } from './purchase';

/** Transactions: re-fulfilment and the payment sandbox (declared endpoints, by name). */
export function purchaseHandlers(ctx: Ctx): CallHandlers {
  const models = economyModels(ctx);
  return {
    'transactions.reFulfil': ({ scopeId, actor, record }) =>
      ctx.db.transaction(async (q) => {
        const id = String(record!.id);
        const before = await lockTransaction(q, models, { appId: scopeId, id });
        if (!before) throw notFound();
        const after = await grantAndMove(q, models, before, 'reFulfil');
        const change = { before: answerOf(before), after: answerOf(after) };
        await recordOperation(q, { actor, appId: scopeId, action: 'passport.transactions.reFulfil', target: id, ...change });
        return answerOf(after);
      }),
    'transactions.sandboxPay': async ({ scopeId, record, input }) => {
      const trx = record!;
      const provider = await requireProvider(ctx);
      if (provider.kind !== 'sandbox') throw notFound('the payment sandbox is not in use');
      if (trx.type !== 'RealMoneyPurchase') throw new ApiError(409, 'NOT_REAL_MONEY', 'not a real-money purchase');
      await paySandbox(ctx, provider, trx, input.result as 'success' | 'fail');
      return ctx.store.get(models.transactions, scopeId, String(trx.id));
    },
  };
}

/** Payment providers' notifications about real-money purchases. */
export function mountPurchaseRoutes(api: Api, ctx: Ctx): void {
  formRoute(api, {
    method: 'POST',
    url: NOTIFY_PATH,
    summary:
      "A payment provider's notification about a real-money purchase (Alipay's, form-encoded or JSON): the signature is verified, then a paid purchase is charged and fulfilled once (FulfillFailed when the inventory refuses), a closed one fails, a fully refunded one is Refunded; repeats change nothing",
    tag: 'passport',
    auth: 'none',
    body: { type: 'object', maxProperties: 80, additionalProperties: { type: 'string', maxLength: 4096 } },
    responses: {
      200: { description: '`success`, as Alipay expects (also for a notification already applied)', schema: { type: 'string' } },
      ...errorResponses(400),
      403: {
        description: 'refused: bad signature, another merchant app, an unknown trade or a different amount (recorded in the operation history)',
        schema: errorSchema,
      },
    },
    handler: async (req, reply) => {
      const params = req.body as Record<string, string> | undefined;
      if (!params || typeof params !== 'object') throw badRequest([{ field: '/', message: 'invalid parameters' }]);
      await applyPurchaseNotification(ctx, await requireProvider(ctx), params);
      return reply.type('text/plain; charset=utf-8').send('success');
    },
  });
}
