import Decimal from 'decimal.js';
import { addMonths, monthBounds, type MonthStatement } from '../../resources/bills-api';
import type { Queryable } from '../db';
import { appBill } from './bills';
import { sumAmounts } from './prices';

/**
 * An organisation's monthly statement: every app that has lines or usage in the month, and the balance at the
 * month's end. That balance counts what entered the ledger before the end, plus the bills of this and earlier
 * months whenever they were processed (a month is billed after it ends), so the statement's total is in it.
 */
export async function monthStatement(q: Queryable, orgId: string, month: string): Promise<MonthStatement> {
  const { start, end } = monthBounds(month);
  const org = await q.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId]);
  const apps = await q.query<{ app_id: string }>(
    `SELECT a.app_id FROM apps a WHERE a.org_id = $1 AND (
       EXISTS (SELECT 1 FROM bill_items b WHERE b.app_id = a.app_id AND b.month = $2)
       OR EXISTS (SELECT 1 FROM usage_daily u WHERE u.app_id = a.app_id AND u.day >= ($2 || '-01')::date AND u.day < ($3 || '-01')::date AND u.quantity <> 0))
     ORDER BY a.project_name, a.app_id`,
    [orgId, month, addMonths(month, 1)],
  );
  const bills = [];
  for (const a of apps.rows) bills.push(await appBill(q, a.app_id, month));
  const balance = await q.query<{ balance: string }>(
    `SELECT coalesce(sum(e.amount), 0)::text AS balance FROM ledger_entries e JOIN transactions t ON t.id = e.transaction_id
     WHERE e.org_id = $1 AND CASE WHEN t.type = 'Bill' AND t.bill_month IS NOT NULL THEN t.bill_month <= $2 ELSE e.created_at < $3::timestamptz END`,
    [orgId, month, end],
  );
  return {
    OrgId: orgId,
    OrganizationName: org.rows[0]?.name ?? '',
    Month: month,
    Start: start,
    End: end,
    Apps: bills,
    Amount: sumAmounts(bills.map((b) => b.Amount)),
    BalanceAtEnd: new Decimal(balance.rows[0].balance).toFixed(2),
  };
}
