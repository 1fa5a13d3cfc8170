import { randomBytes } from 'node:crypto';
import type { Payment } from '../../../resources/payments-api';
import type { Queryable } from '../../db';
import { sandboxKeys, signAlipayParams } from './signing';

/** Alipay's `yyyy-MM-dd HH:mm:ss` in Beijing time. */
function alipayTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The asynchronous notification Alipay sends when a trade is paid (TRADE_SUCCESS) or closed (TRADE_CLOSED), with the
 * fields Alipay's notification carries, signed with the sandbox key as Alipay signs.
 */
export async function sandboxNotification(db: Queryable, appId: string, payment: Pick<Payment, 'OutTradeNo' | 'Amount' | 'CreatedAt'>, result: 'success' | 'fail', now = new Date()): Promise<Record<string, string>> {
  const paid = result === 'success';
  const params: Record<string, string> = {
    notify_time: alipayTime(now),
    notify_type: 'trade_status_sync',
    notify_id: randomBytes(16).toString('hex'),
    app_id: appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: `${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(10).toString('hex')}`,
    out_trade_no: payment.OutTradeNo,
    trade_status: paid ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
    total_amount: payment.Amount,
    subject: 'Lodestar balance top-up',
    gmt_create: alipayTime(new Date(payment.CreatedAt)),
    ...(paid ? { receipt_amount: payment.Amount, buyer_pay_amount: payment.Amount, gmt_payment: alipayTime(now) } : { gmt_close: alipayTime(now) }),
  };
  const { privateKey } = await sandboxKeys(db);
  return { ...params, sign: signAlipayParams(params, privateKey) };
}
