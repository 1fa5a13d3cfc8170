import Decimal from 'decimal.js';
import { PURCHASE_FLOW } from '../../../../resources/passport/economy-flow';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { ApiError } from '../../../engine/errors';
import type { Data } from '../../../engine/store';
import { AMOUNT, CLOSED, NOTIFY_ACTOR, PAID, REFUSED_FIELD, Refusal } from '../../../payments/alipay/notifications';
import type { PaymentProvider } from '../../../payments/alipay/provider';
import { sandboxNotification } from '../../../payments/alipay/sandbox';
import { priceOf } from './catalog';
import { allowed, fulfilOrFail, lockTransaction, moveTransaction } from './flow';
import { economyModels, type EconomyModels } from './models';

export type NotifyOutcome = 'fulfilled' | 'fulfil-failed' | 'charge-failed' | 'refunded' | 'unchanged';

const isFull = (refund: string | undefined, amount: string) => !!refund && AMOUNT.test(refund) && new Decimal(refund).eq(amount);

/** Applies a verified notification to its transaction, in the caller's database transaction. */
async function apply(q: Queryable, models: EconomyModels, params: Record<string, string>): Promise<{ outcome: NotifyOutcome; before?: Data; after?: Data }> {
  const trx = await lockTransaction(q, models, { outTradeNo: params.out_trade_no ?? '' });
  if (!trx || trx.type !== 'RealMoneyPurchase') throw new Refusal('unknown trade');
  const amount = priceOf(trx).amount;
  if (!AMOUNT.test(params.total_amount ?? '') || !new Decimal(params.total_amount).eq(amount)) throw new Refusal('amount does not match the payment');
  const status = params.trade_status ?? '';
  const trade = params.trade_no ? { tradeNo: params.trade_no.slice(0, 64) } : {};
  if (PAID.has(status) && !params.refund_fee && allowed(trx, 'charge')) {
    const charged = await moveTransaction(q, models, trx, 'charge', { ...trade, chargedAt: new Date().toISOString() });
    const after = await fulfilOrFail(q, models, charged);
    return { outcome: after.status === PURCHASE_FLOW.fulfil.to ? 'fulfilled' : 'fulfil-failed', before: trx, after };
  }
  if (status === CLOSED && isFull(params.refund_fee, amount) && allowed(trx, 'refund')) {
    return { outcome: 'refunded', before: trx, after: await moveTransaction(q, models, trx, 'refund', { refundedAt: new Date().toISOString() }) };
  }
  if (status === CLOSED && !params.refund_fee && allowed(trx, 'chargeFail')) {
    return { outcome: 'charge-failed', before: trx, after: await moveTransaction(q, models, trx, 'chargeFail', { ...trade, failureReason: 'payment closed' }) };
  }
  // Anything else (a repeat, a partial refund, a state already left) changes nothing.
  return { outcome: 'unchanged', before: trx };
}

/**
 * A payment provider's notification about a real-money purchase (Alipay's asynchronous notification, or the
 * sandbox's, signed the same way): the signature is checked with the platform's payment provider, then in one
 * database transaction a paid Pending purchase is charged and fulfilled (or marked FulfillFailed when its contents
 * cannot be granted), a closed one fails, a fully refunded one is Refunded. The same notification again changes
 * nothing. A forged or unknown one is refused (403) and written to the operation history.
 */
export async function applyPurchaseNotification(ctx: Ctx, provider: PaymentProvider, params: Record<string, string>): Promise<NotifyOutcome> {
  const models = economyModels(ctx);
  try {
    if (!provider.verify(params)) throw new Refusal('invalid signature');
    if (params.app_id !== provider.appId) throw new Refusal('notification for another app');
    return await ctx.db.transaction(async (q) => {
      const { outcome, before, after } = await apply(q, models, params);
      if (after) {
        await recordOperation(q, {
          actor: NOTIFY_ACTOR,
          appId: String(after.appId),
          action: `passport.transactions.notify.${outcome}`,
          target: String(after.id),
          before: { ...before, appId: undefined },
          after: { ...after, appId: undefined, TradeStatus: params.trade_status ?? null },
        });
      }
      return outcome;
    });
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    await recordOperation(ctx.db, {
      actor: NOTIFY_ACTOR,
      action: 'passport.payment.notification.refused',
      target: (params.out_trade_no ?? '').slice(0, 64) || '-',
      after: { Reason: err.reason, TradeStatus: params.trade_status?.slice(0, 32) ?? null, TotalAmount: params.total_amount?.slice(0, 32) ?? null },
    });
    throw new ApiError(403, 'NOTIFICATION_REFUSED', 'payment notification refused', [{ field: REFUSED_FIELD[err.reason], message: err.reason }]);
  }
}

/** The payment sandbox's notification that a real-money purchase was paid (or turned down), applied as the provider's. */
export async function paySandbox(ctx: Ctx, provider: PaymentProvider, trx: Data, result: 'success' | 'fail'): Promise<NotifyOutcome> {
  const payment = { OutTradeNo: String(trx.outTradeNo), Amount: new Decimal(priceOf(trx).amount).toFixed(2), CreatedAt: String(trx.createdAt) };
  return applyPurchaseNotification(ctx, provider, await sandboxNotification(ctx.db, provider.appId, payment, result));
}
