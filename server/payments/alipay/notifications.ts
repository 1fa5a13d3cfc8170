import Decimal from 'decimal.js';
import { PAYMENT_STATUS, type Payment } from '../../../resources/payments-api';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import { recordOperation } from '../../audit';
import { findTransaction, transition } from '../../billing/ledger';
import { ApiError } from '../../engine/errors';
import { findPayment, movePayment } from './store';
import type { PaymentProvider } from './provider';

/** Who the operation history names for what Alipay (or the sandbox standing in for it) told us. */
export const NOTIFY_ACTOR = 'alipay:notify';

/** Alipay's trade states of a paid trade, and of one closed unpaid or refunded in full. */
export const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
export const CLOSED = 'TRADE_CLOSED';

/** Why a notification was refused; each is a message of the dictionary. */
export type RefusalReason = 'invalid signature' | 'unknown trade' | 'amount does not match the payment' | 'notification for another app';

/** The parameter each refusal is about. */
export const REFUSED_FIELD: Record<RefusalReason, string> = {
  'invalid signature': '/sign',
  'unknown trade': '/out_trade_no',
  'amount does not match the payment': '/total_amount',
  'notification for another app': '/app_id',
};

/** A notification refused: thrown inside its work, answered 403 naming the parameter. */
export class Refusal extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

export type NotificationOutcome = 'paid' | 'failed' | 'unchanged' | 'late';

/** An amount as Alipay writes it: yuan, at most 2 decimals. */
export const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

async function apply(q: Queryable, params: Record<string, string>): Promise<{ outcome: NotificationOutcome; payment: Payment }> {
  const payment = await findPayment(q, params.out_trade_no ?? '', true);
  if (!payment) throw new Refusal('unknown trade');
  // The amount is part of what was signed; a different one is a forgery (or a different trade).
  if (!AMOUNT.test(params.total_amount ?? '') || !new Decimal(params.total_amount).eq(payment.Amount)) throw new Refusal('amount does not match the payment');
  const status = params.trade_status ?? '';
  const trade = { tradeNo: params.trade_no || undefined, tradeStatus: status };
  if (payment.Status !== PAYMENT_STATUS.callback || !(PAID.has(status) || status === CLOSED)) return { outcome: 'unchanged', payment };

  // Claim the payment (callback → updating) so a concurrent duplicate finds it taken, then settle it.
  await movePayment(q, payment.OutTradeNo, PAYMENT_STATUS.callback, PAYMENT_STATUS.updating, trade);
  const paid = PAID.has(status);
  const deposit = await findTransaction(q, payment.TransactionId);
  if (deposit?.Status !== 'Pending') {
    // The deposit was cancelled meanwhile: the payment closes without moving money, and finance is told (history).
    const closed = (await movePayment(q, payment.OutTradeNo, PAYMENT_STATUS.updating, PAYMENT_STATUS.fail, trade))!;
    return { outcome: paid ? 'late' : 'failed', payment: closed };
  }
  await transition(q, payment.TransactionId, paid ? 'activate' : 'cancel');
  const after = (await movePayment(q, payment.OutTradeNo, PAYMENT_STATUS.updating, paid ? PAYMENT_STATUS.success : PAYMENT_STATUS.fail, trade))!;
  await recordOperation(q, {
    actor: NOTIFY_ACTOR,
    action: paid ? 'payment.succeed' : 'payment.fail',
    target: payment.OutTradeNo,
    before: payment,
    after: { ...after, TradeNo: trade.tradeNo ?? null, TradeStatus: status },
  });
  return { outcome: paid ? 'paid' : 'failed', payment: after };
}

/** Written outside the refused work, so the record survives its rollback. Never the signature or any key. */
async function recordRefusal(ctx: Ctx, params: Record<string, string>, reason: string): Promise<void> {
  await recordOperation(ctx.db, {
    actor: NOTIFY_ACTOR,
    action: 'payment.notification.refused',
    target: (params.out_trade_no ?? '').slice(0, 64) || '-',
    after: {
      Reason: reason,
      TradeStatus: params.trade_status?.slice(0, 32) ?? null,
      TotalAmount: params.total_amount?.slice(0, 32) ?? null,
      NotifyId: params.notify_id?.slice(0, 64) ?? null,
    },
  });
}

/**
 * Applies one payment notification: its signature is checked first (the SDK's RSA2 verification), then, in one
 * database transaction, the payment moves through the callback codes and a paid one activates its Pending deposit;
 * a closed one cancels it. A notification for a payment already settled changes nothing. A forged one (bad
 * signature, another app, unknown trade, wrong amount) is recorded in the operation history and refused (403).
 */
export async function applyNotification(ctx: Ctx, provider: PaymentProvider, params: Record<string, string>): Promise<{ outcome: NotificationOutcome; payment: Payment }> {
  try {
    if (!provider.verify(params)) throw new Refusal('invalid signature');
    if (params.app_id !== provider.appId) throw new Refusal('notification for another app');
    const result = await ctx.db.transaction((q) => apply(q, params));
    // An authentic word that comes too late (paid after the payment closed or its deposit was cancelled) cannot be
    // applied; it is answered (Alipay would only repeat it) and finance sees it in the history.
    const late = result.outcome === 'late' || (result.outcome === 'unchanged' && result.payment.Status === PAYMENT_STATUS.fail && PAID.has(params.trade_status ?? ''));
    if (late) await recordRefusal(ctx, params, 'payment already closed');
    return result;
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    await recordRefusal(ctx, params, e.reason);
    throw new ApiError(403, 'NOTIFICATION_REFUSED', 'payment notification refused', [{ field: REFUSED_FIELD[e.reason], message: e.reason }]);
  }
}
