import type { TransactionItem, TransactionList, TransactionQuery } from '../../resources/transactions-api';
import type { Queryable } from '../db';
import { conflict, notFound } from '../engine/errors';
import { containsPattern, Where } from '../platform/org/sql';
import { TRANSACTION_COLUMNS, toTransaction } from './ledger';

/** Transactions as lists show them: with the organisation's name. Reads only; money moves through ledger.ts. */

const ITEM_COLUMNS = `${TRANSACTION_COLUMNS
  .split(', ')
  .map((c) => `t.${c}`)
  .join(', ')}, o.name AS org_name`;

type ItemRow = Parameters<typeof toTransaction>[0] & { org_name: string };

const toItem = (r: ItemRow): TransactionItem => ({ ...toTransaction(r), OrgName: r.org_name });

const FROM = 'FROM transactions t JOIN organizations o ON o.id = t.org_id';

export interface TransactionFilter extends TransactionQuery {
  /** A member's view: only these organisations. */
  onlyOrgs?: string[];
}

/** Transactions, newest first, with the number of all that match. */
export async function listTransactions(db: Queryable, f: TransactionFilter): Promise<TransactionList> {
  const where = new Where();
  if (f.onlyOrgs) where.add('t.org_id = ANY($?::text[])', f.onlyOrgs);
  if (f.orgId) where.add('t.org_id = $?', f.orgId);
  if (f.type) where.add('t.type = $?', f.type);
  if (f.adjustmentType) where.add('t.adjustment_type = $?', f.adjustmentType);
  if (f.status) where.add('t.status = $?', f.status);
  if (f.appId) where.add('t.app_id = $?', f.appId);
  if (f.from) where.add('t.created_at >= $?::timestamptz', f.from);
  if (f.to) where.add('t.created_at < $?::timestamptz', f.to);
  if (f.orgName) where.add('o.name ILIKE $?', containsPattern(f.orgName));
  if (f.companyName) where.add('o.company_name ILIKE $?', containsPattern(f.companyName));
  if (f.q) where.add('(t.id = $? OR t.reference = $? OR t.note ILIKE $?)', f.q, f.q, containsPattern(f.q));
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} ${where}`, where.params);
  const page = where.page(f);
  const rows = await db.query<ItemRow>(`SELECT ${ITEM_COLUMNS} ${FROM} ${where} ORDER BY t.created_at DESC, t.id ASC ${page.sql}`, page.params);
  return { TotalCount: Number(total.rows[0].n), Items: rows.rows.map(toItem) };
}

export async function findTransactionItem(db: Queryable, id: string): Promise<TransactionItem | undefined> {
  const res = await db.query<ItemRow>(`SELECT ${ITEM_COLUMNS} ${FROM} WHERE t.id = $1`, [id]);
  return res.rows[0] ? toItem(res.rows[0]) : undefined;
}

/** Changes a transaction's note, only at the version the caller read (a stale one is 409). Amounts never change. */
export async function updateNote(db: Queryable, id: string, note: string, version: number): Promise<TransactionItem> {
  const res = await db.query('UPDATE transactions SET note = $2, updated_at = now(), version = version + 1 WHERE id = $1 AND version = $3', [id, note, version]);
  if (res.rowCount === 0) {
    const current = await findTransactionItem(db, id);
    if (!current) throw notFound();
    throw conflict('VERSION_CONFLICT', 'version conflict', [{ field: '/Version', message: `current version is ${current.Version}` }]);
  }
  return (await findTransactionItem(db, id))!;
}

/** Whether an app belongs to an organisation. */
export async function appInOrg(db: Queryable, appId: string, orgId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM apps WHERE app_id = $1 AND org_id = $2', [appId, orgId])).rows.length > 0;
}

export async function orgExists(db: Queryable, orgId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM organizations WHERE id = $1', [orgId])).rows.length > 0;
}
