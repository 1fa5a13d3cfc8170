import Decimal from 'decimal.js';
import type { MonthlyAmount, MonthlyBillDiff, MonthlyServiceBills, MonthlyTotals, MonthlyTrend } from '../../resources/bills-api';
import { addMonths, monthsUpTo, shanghaiMonth } from '../../resources/bills-api';
import type { Queryable } from '../db';
import { lineOf, usageOfMonths } from './bills';
import { Money } from './prices';

/**
 * An organisation's money per month: billed lines, plus — for apps not billed for a month yet (the current month,
 * or a month not processed) — what their usage accrued so far, priced the way process-bill will price it.
 */
interface MonthAmounts {
  billed: Decimal;
  accrued: Decimal;
  services: Map<string, Decimal>;
}

const zero = () => new Money(0);

export async function orgMonthAmounts(q: Queryable, orgId: string, months: string[]): Promise<Map<string, MonthAmounts>> {
  const out = new Map<string, MonthAmounts>(months.map((m) => [m, { billed: zero(), accrued: zero(), services: new Map() }]));
  const add = (month: string, service: string, amount: Decimal.Value, kind: 'billed' | 'accrued') => {
    const m = out.get(month);
    if (!m) return;
    m[kind] = m[kind].plus(amount);
    m.services.set(service, (m.services.get(service) ?? zero()).plus(amount));
  };
  const billed = await q.query<{ month: string; service: string; amount: string }>(
    'SELECT month, service, sum(amount)::text AS amount FROM bill_items WHERE org_id = $1 AND month = ANY($2::text[]) GROUP BY 1, 2',
    [orgId, months],
  );
  for (const r of billed.rows) add(r.month, r.service, r.amount, 'billed');
  const sorted = [...months].sort();
  const usage = await usageOfMonths(q, sorted[0], sorted[sorted.length - 1], { orgIds: [orgId], unbilledOnly: true });
  for (const u of usage) add(u.month, u.service, lineOf(u).Amount, 'accrued');
  return out;
}

const money = (d: Decimal) => d.toFixed(2);

export async function monthlyAmount(q: Queryable, orgId: string, month: string): Promise<MonthlyAmount> {
  const m = (await orgMonthAmounts(q, orgId, [month])).get(month)!;
  return { OrgId: orgId, Month: month, BilledAmount: money(m.billed), AccruedAmount: money(m.accrued), Amount: money(m.billed.plus(m.accrued)) };
}

/** The months of a bill-year filter: a calendar year, or the 12 months ending with the current one. */
export const monthsOf = (year: string | undefined, now: Date = new Date()) =>
  year ? monthsUpTo(`${year}-12`, 12) : monthsUpTo(shanghaiMonth(now), 12);

export async function monthlyServiceBills(q: Queryable, orgId: string, months: string[]): Promise<MonthlyServiceBills> {
  const amounts = await orgMonthAmounts(q, orgId, months);
  return {
    OrgId: orgId,
    Items: months.map((Month) => {
      const m = amounts.get(Month)!;
      return { Month, Amount: money(m.billed.plus(m.accrued)), Services: Object.fromEntries([...m.services].sort().map(([s, a]) => [s, money(a)])) };
    }),
  };
}

export async function monthlyTrend(q: Queryable, orgId: string, now: Date = new Date()): Promise<MonthlyTrend> {
  const months = monthsUpTo(shanghaiMonth(now), 12);
  const amounts = await orgMonthAmounts(q, orgId, months);
  return { OrgId: orgId, Items: months.map((Month) => ({ Month, Amount: money(amounts.get(Month)!.billed.plus(amounts.get(Month)!.accrued)) })) };
}

export async function monthlyBillDiff(q: Queryable, orgId: string, month: string): Promise<MonthlyBillDiff> {
  const previous = addMonths(month, -1);
  const amounts = await orgMonthAmounts(q, orgId, [previous, month]);
  const total = (m: string) => amounts.get(m)!.billed.plus(amounts.get(m)!.accrued);
  const now = total(month);
  const before = total(previous);
  const diff = now.minus(before);
  return {
    OrgId: orgId,
    Month: month,
    PreviousMonth: previous,
    Amount: money(now),
    PreviousAmount: money(before),
    Diff: money(diff),
    Percent: before.isZero() ? null : diff.div(before).times(100).toFixed(2, Decimal.ROUND_HALF_UP),
  };
}

/** Active transactions per month and type; a bill counts in the month it bills, anything else when it was made. */
export async function monthlyTotals(q: Queryable, orgId: string, months: string[]): Promise<MonthlyTotals> {
  const res = await q.query<{ month: string; type: string; adjustment_type: string | null; amount: string }>(
    `SELECT coalesce(bill_month, to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')) AS month, type, adjustment_type, sum(amount)::text AS amount
     FROM transactions WHERE org_id = $1 AND status = 'Active' GROUP BY 1, 2, 3`,
    [orgId],
  );
  const items = months.map((Month) => ({ Month, Deposit: zero(), Bill: zero(), Refund: zero(), Increase: zero(), Reduce: zero() }));
  for (const r of res.rows) {
    const item = items.find((i) => i.Month === r.month);
    if (!item) continue;
    const key = r.type === 'Adjustment' ? (r.adjustment_type === 'Reduce' ? 'Reduce' : 'Increase') : (r.type as 'Deposit' | 'Bill' | 'Refund');
    item[key] = item[key].plus(r.amount);
  }
  return {
    OrgId: orgId,
    Items: items.map((i) => ({ Month: i.Month, Deposit: money(i.Deposit), Bill: money(i.Bill), Refund: money(i.Refund), Increase: money(i.Increase), Reduce: money(i.Reduce) })),
  };
}
