import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { entityAction, refusedMessage } from '../../resources/action-call';
import {
  direction,
  TRANSACTIONS,
  type AdjustmentType,
  type Balance,
  type Transaction,
  type TransactionAction,
  type TransactionStatus,
  type TransactionType,
} from '../../resources/billing-api';
import type { Queryable } from '../db';
import { conflict, notFound } from '../engine/errors';

/**
 * The money ledger. A transaction is a request that changes a balance (a deposit, a bill, a refund, an
 * adjustment) with a status; `ledger_entries` is append-only (a trigger refuses updates and deletes): a
 * transaction writes its signed amount when it becomes Active and the opposite amount if it is later
 * invalidated. A balance is always the sum of the entries. Call these inside a database transaction.
 */

interface Row {
  id: string;
  org_id: string;
  app_id: string | null;
  type: TransactionType;
  adjustment_type: AdjustmentType | null;
  amount: string;
  status: TransactionStatus;
  bill_month: string | null;
  reference: string | null;
  note: string;
  created_by: string;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export const toTransaction = (r: Row): Transaction => ({
  Id: r.id,
  OrgId: r.org_id,
  AppId: r.app_id,
  Type: r.type,
  AdjustmentType: r.adjustment_type,
  Amount: new Decimal(r.amount).toFixed(2),
  Status: r.status,
  BillMonth: r.bill_month,
  Reference: r.reference,
  Note: r.note,
  CreatedBy: r.created_by,
  CreatedAt: iso(r.created_at),
  UpdatedAt: iso(r.updated_at),
  Version: r.version,
});

export const TRANSACTION_COLUMNS =
  'id, org_id, app_id, type, adjustment_type, amount::text AS amount, status, bill_month, reference, note, created_by, created_at, updated_at, version';

export interface NewTransaction {
  orgId: string;
  appId?: string | null;
  type: TransactionType;
  adjustmentType?: AdjustmentType | null;
  /** A positive decimal string with at most 2 decimals. */
  amount: string;
  status: 'Pending' | 'Active';
  billMonth?: string | null;
  /** What it stems from (a payment, a redeem code); unique per type, so it is recorded once. */
  reference?: string | null;
  note?: string;
  createdBy: string;
}

async function enter(q: Queryable, t: Row, reason: 'activate' | 'invalidate'): Promise<void> {
  const signed = new Decimal(t.amount).times(direction(t.type, t.adjustment_type)).times(reason === 'activate' ? 1 : -1);
  await q.query('INSERT INTO ledger_entries (org_id, transaction_id, amount, reason) VALUES ($1, $2, $3::numeric, $4)', [t.org_id, t.id, signed.toFixed(2), reason]);
}

export async function createTransaction(q: Queryable, t: NewTransaction): Promise<Transaction> {
  const res = await q.query<Row>(
    `INSERT INTO transactions (id, org_id, app_id, type, adjustment_type, amount, status, bill_month, reference, note, created_by)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8, $9, $10, $11) RETURNING ${TRANSACTION_COLUMNS}`,
    [randomUUID(), t.orgId, t.appId ?? null, t.type, t.adjustmentType ?? null, t.amount, t.status, t.billMonth ?? null, t.reference ?? null, t.note ?? '', t.createdBy],
  );
  const row = res.rows[0];
  if (row.status === 'Active') await enter(q, row, 'activate');
  return toTransaction(row);
}

export async function findTransaction(q: Queryable, id: string): Promise<Transaction | undefined> {
  const res = await q.query<Row>(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE id = $1`, [id]);
  return res.rows[0] ? toTransaction(res.rows[0]) : undefined;
}

/** A transaction locked for the rest of the database transaction. */
export async function lockTransaction(q: Queryable, id: string): Promise<Transaction | undefined> {
  const res = await q.query<Row>(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE id = $1 FOR UPDATE`, [id]);
  return res.rows[0] ? toTransaction(res.rows[0]) : undefined;
}

/**
 * Moves a transaction by one declared action (`TRANSACTIONS`, spec 000 §4) with a single conditional update,
 * writing the ledger entry the move implies: activate enters its amount, invalidating an Active one enters the
 * opposite. A move from a state the action does not allow is 409 with its `refused`; an unknown id is 404.
 */
export async function transition(q: Queryable, id: string, action: TransactionAction): Promise<{ before: Transaction; after: Transaction }> {
  const rule = entityAction(TRANSACTIONS, action);
  const before = await lockTransaction(q, id);
  if (!before) throw notFound();
  const res = await q.query<Row>(
    `UPDATE transactions SET status = $2, updated_at = now(), version = version + 1
     WHERE id = $1 AND status = ANY($3::text[]) RETURNING ${TRANSACTION_COLUMNS}`,
    [id, rule.to, rule.from],
  );
  const after = res.rows[0];
  if (!after) throw conflict('INVALID_TRANSITION', refusedMessage(rule));
  if (action === 'activate') await enter(q, after, 'activate');
  if (action === 'invalidate' && before.Status === 'Active') await enter(q, after, 'invalidate');
  return { before, after: toTransaction(after) };
}

const ZERO: Omit<Balance, 'OrgId'> = {
  Balance: '0.00',
  LastMonthBalance: '0.00',
  DepositAmount: '0.00',
  AdjustmentAmount: '0.00',
  IncreasedAmount: '0.00',
  ReducedAmount: '0.00',
  RefundAmount: '0.00',
  PendingAmount: '0.00',
  TotalBillAmount: '0.00',
};

/**
 * The balances of organisations (spec 000 §3): the ledger's sums, split by the kind of transaction that
 * entered them; `LastMonthBalance` is the ledger before this month began in Asia/Shanghai; `PendingAmount`
 * the amount of Pending deposits and refunds waiting for their payment.
 */
export async function balancesOf(q: Queryable, orgIds: string[], now: Date = new Date()): Promise<Balance[]> {
  if (!orgIds.length) return [];
  const res = await q.query<Record<string, string>>(
    `WITH month_start AS (SELECT (date_trunc('month', $2::timestamptz AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai') AS at),
     sums AS (
       SELECT e.org_id,
         sum(e.amount) AS balance,
         sum(e.amount) FILTER (WHERE e.created_at < (SELECT at FROM month_start)) AS last_month,
         sum(e.amount) FILTER (WHERE t.type = 'Deposit') AS deposit,
         sum(e.amount) FILTER (WHERE t.type = 'Adjustment') AS adjustment,
         sum(e.amount) FILTER (WHERE t.type = 'Adjustment' AND t.adjustment_type = 'Increase') AS increased,
         -sum(e.amount) FILTER (WHERE t.type = 'Adjustment' AND t.adjustment_type = 'Reduce') AS reduced,
         -sum(e.amount) FILTER (WHERE t.type = 'Refund') AS refund,
         -sum(e.amount) FILTER (WHERE t.type = 'Bill') AS bills
       FROM ledger_entries e JOIN transactions t ON t.id = e.transaction_id
       WHERE e.org_id = ANY($1::text[]) GROUP BY e.org_id),
     pending AS (
       SELECT org_id, sum(amount) AS pending FROM transactions WHERE org_id = ANY($1::text[]) AND status = 'Pending' GROUP BY org_id)
     SELECT o.id AS org_id,
       coalesce(s.balance, 0)::text AS balance, coalesce(s.last_month, 0)::text AS last_month, coalesce(s.deposit, 0)::text AS deposit,
       coalesce(s.adjustment, 0)::text AS adjustment, coalesce(s.increased, 0)::text AS increased, coalesce(s.reduced, 0)::text AS reduced,
       coalesce(s.refund, 0)::text AS refund, coalesce(p.pending, 0)::text AS pending, coalesce(s.bills, 0)::text AS bills
     FROM unnest($1::text[]) AS o(id) LEFT JOIN sums s ON s.org_id = o.id LEFT JOIN pending p ON p.org_id = o.id`,
    [orgIds, now.toISOString()],
  );
  const money = (v: string | undefined) => new Decimal(v ?? 0).toFixed(2);
  return res.rows.map((r) => ({
    ...ZERO,
    OrgId: r.org_id,
    Balance: money(r.balance),
    LastMonthBalance: money(r.last_month),
    DepositAmount: money(r.deposit),
    AdjustmentAmount: money(r.adjustment),
    IncreasedAmount: money(r.increased),
    ReducedAmount: money(r.reduced),
    RefundAmount: money(r.refund),
    PendingAmount: money(r.pending),
    TotalBillAmount: money(r.bills),
  }));
}
