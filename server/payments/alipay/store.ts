import { randomBytes, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { paymentStatusName, type Payment, type PaymentMethod, type PaymentStatusCode } from '../../../resources/payments-api';
import type { Queryable } from '../../db';
import { iso } from '../access';

interface Row {
  out_trade_no: string;
  org_id: string;
  transaction_id: string;
  provider: 'alipay' | 'sandbox';
  method: PaymentMethod;
  amount: string;
  status: PaymentStatusCode;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'out_trade_no, org_id, transaction_id, provider, method, amount::text AS amount, status, created_at, updated_at';

export const toPayment = (r: Row): Payment => ({
  OutTradeNo: r.out_trade_no,
  OrgId: r.org_id,
  TransactionId: r.transaction_id,
  Amount: new Decimal(r.amount).toFixed(2),
  Method: r.method,
  Status: r.status,
  StatusName: paymentStatusName(r.status),
  Provider: r.provider,
  CreatedAt: iso(r.created_at)!,
  UpdatedAt: iso(r.updated_at)!,
});

/** A merchant order number: the UTC date and 16 random hex digits (Alipay allows up to 64 letters and digits). */
export function newOutTradeNo(now = new Date()): string {
  return `${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(8).toString('hex')}`;
}

export async function insertPayment(
  q: Queryable,
  p: { outTradeNo: string; orgId: string; transactionId: string; provider: 'alipay' | 'sandbox'; method: PaymentMethod; amount: string; createdBy: string },
): Promise<Payment> {
  const res = await q.query<Row>(
    `INSERT INTO payments (id, out_trade_no, org_id, transaction_id, provider, method, amount, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8) RETURNING ${COLUMNS}`,
    [randomUUID(), p.outTradeNo, p.orgId, p.transactionId, p.provider, p.method, p.amount, p.createdBy],
  );
  return toPayment(res.rows[0]);
}

export async function findPayment(q: Queryable, outTradeNo: string, lock = false): Promise<Payment | undefined> {
  const res = await q.query<Row>(`SELECT ${COLUMNS} FROM payments WHERE out_trade_no = $1${lock ? ' FOR UPDATE' : ''}`, [outTradeNo]);
  return res.rows[0] ? toPayment(res.rows[0]) : undefined;
}

/** Moves a payment to `status` only from `from`; undefined when it was elsewhere (someone else moved it first). */
export async function movePayment(
  q: Queryable,
  outTradeNo: string,
  from: PaymentStatusCode,
  status: PaymentStatusCode,
  trade: { tradeNo?: string; tradeStatus?: string } = {},
): Promise<Payment | undefined> {
  const res = await q.query<Row>(
    `UPDATE payments SET status = $3, trade_no = COALESCE($4, trade_no), trade_status = COALESCE($5, trade_status), updated_at = now()
     WHERE out_trade_no = $1 AND status = $2 RETURNING ${COLUMNS}`,
    [outTradeNo, from, status, trade.tradeNo ?? null, trade.tradeStatus ?? null],
  );
  return res.rows[0] ? toPayment(res.rows[0]) : undefined;
}
