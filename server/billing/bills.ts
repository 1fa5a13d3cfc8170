import type { AppBill, BillItem, BillList, BillSummary } from '../../resources/bills-api';
import { addMonths } from '../../resources/bills-api';
import type { TransactionStatus } from '../../resources/billing-api';
import type { Queryable } from '../db';
import { charge, formatUnitPrice, sumAmounts } from './prices';

/**
 * Bills: each app's charges for a month on the Asia/Shanghai calendar, from its daily usage and the services'
 * prices. A month's lines are written once (process-bill); until then, what an app has used is its accruing bill.
 */

/** An app's summed usage of one meter in one month. */
export interface MonthUsage {
  appId: string;
  orgId: string;
  projectName: string;
  orgName: string;
  month: string;
  service: string;
  meter: string;
  quantity: string;
}

export interface UsageFilter {
  orgIds?: string[];
  appId?: string;
  /** Only apps not billed yet for the month (no lines and no Bill transaction). */
  unbilledOnly?: boolean;
}

/** Usage of the months `first`..`last` (inclusive), per app, month, service and meter. */
export async function usageOfMonths(q: Queryable, first: string, last: string, f: UsageFilter = {}): Promise<MonthUsage[]> {
  const res = await q.query<{ app_id: string; org_id: string; project_name: string; org_name: string; month: string; service: string; meter: string; quantity: string }>(
    `SELECT u.app_id, a.org_id, a.project_name, o.name AS org_name, to_char(u.day, 'YYYY-MM') AS month, u.service, u.meter, sum(u.quantity)::text AS quantity
     FROM usage_daily u JOIN apps a ON a.app_id = u.app_id JOIN organizations o ON o.id = a.org_id
     WHERE u.day >= ($1 || '-01')::date AND u.day < ($2 || '-01')::date
       AND ($3::text[] IS NULL OR a.org_id = ANY($3::text[])) AND ($4::text IS NULL OR u.app_id = $4)
       AND (NOT $5::boolean OR (
         NOT EXISTS (SELECT 1 FROM bill_items b WHERE b.app_id = u.app_id AND b.month = to_char(u.day, 'YYYY-MM'))
         AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.type = 'Bill' AND t.app_id = u.app_id AND t.bill_month = to_char(u.day, 'YYYY-MM'))))
     GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(u.quantity) <> 0 ORDER BY 5, 1, 6, 7`,
    [first, addMonths(last, 1), f.orgIds ?? null, f.appId ?? null, !!f.unbilledOnly],
  );
  return res.rows.map((r) => ({
    appId: r.app_id,
    orgId: r.org_id,
    projectName: r.project_name,
    orgName: r.org_name,
    month: r.month,
    service: r.service,
    meter: r.meter,
    quantity: r.quantity,
  }));
}

/** A bill line for one app's usage of one meter over one month. */
export function lineOf(u: Pick<MonthUsage, 'service' | 'meter' | 'quantity'>): BillItem {
  const c = charge(u.service, u.meter, u.quantity);
  return { Service: u.service, Meter: u.meter, Quantity: u.quantity, Units: c.units, UnitPrice: c.unitPrice, Gross: c.gross, Credit: c.credit, Amount: c.amount };
}

/** Rows grouped by a key, in first-seen order. */
export function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  return groups;
}

interface ItemRow {
  service: string;
  meter: string;
  quantity: string;
  units: string;
  unit_price: string;
  gross: string;
  credit: string;
  amount: string;
}

const toItem = (r: ItemRow): BillItem => ({
  Service: r.service,
  Meter: r.meter,
  Quantity: r.quantity,
  Units: r.units,
  UnitPrice: formatUnitPrice(r.unit_price),
  Gross: r.gross,
  Credit: r.credit,
  Amount: r.amount,
});

export async function writeLines(q: Queryable, u: Pick<MonthUsage, 'appId' | 'orgId' | 'month'>, items: BillItem[]): Promise<void> {
  for (const i of items) {
    await q.query(
      `INSERT INTO bill_items (app_id, month, org_id, service, meter, quantity, units, unit_price, gross, credit, amount)
       VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8::numeric, $9::numeric, $10::numeric, $11::numeric)`,
      [u.appId, u.month, u.orgId, i.Service, i.Meter, i.Quantity, i.Units, i.UnitPrice, i.Gross, i.Credit, i.Amount],
    );
  }
}

export interface BillQuery {
  months?: string[];
  orgIds?: string[];
  appId?: string;
  /** Free text over the app's name and id and the organisation's name. */
  text?: string;
  sort?: 'month' | 'amount' | 'projectName';
  order?: 'asc' | 'desc';
  count: number;
  start: number;
}

const SORTS = { month: 'month', amount: 'sum(b.amount)', projectName: 'a.project_name' } as const;

/** Written bills (one per app and month), newest month first unless sorted otherwise. */
export async function listBills(q: Queryable, f: BillQuery): Promise<BillList> {
  const where = `($1::text[] IS NULL OR b.month = ANY($1::text[])) AND ($2::text[] IS NULL OR b.org_id = ANY($2::text[]))
    AND ($3::text IS NULL OR b.app_id = $3)
    AND ($4::text IS NULL OR a.project_name ILIKE '%' || $4 || '%' OR b.app_id = $4 OR o.name ILIKE '%' || $4 || '%')`;
  const params = [f.months ?? null, f.orgIds ?? null, f.appId ?? null, f.text ?? null];
  const from = 'bill_items b JOIN apps a ON a.app_id = b.app_id JOIN organizations o ON o.id = b.org_id';
  const total = await q.query<{ n: number }>(`SELECT count(DISTINCT (b.app_id, b.month))::int AS n FROM ${from} WHERE ${where}`, params);
  const order = `${SORTS[f.sort ?? 'month']} ${f.order === 'asc' ? 'ASC' : 'DESC'}, b.month DESC, a.project_name, b.app_id`;
  const res = await q.query<{ app_id: string; month: string; org_id: string; project_name: string; org_name: string; amount: string; tx_id: string | null; tx_status: TransactionStatus | null }>(
    `SELECT b.app_id, b.month, b.org_id, a.project_name, o.name AS org_name, sum(b.amount)::text AS amount, t.id AS tx_id, t.status AS tx_status
     FROM ${from} LEFT JOIN transactions t ON t.type = 'Bill' AND t.app_id = b.app_id AND t.bill_month = b.month
     WHERE ${where} GROUP BY b.app_id, b.month, b.org_id, a.project_name, o.name, t.id, t.status
     ORDER BY ${order} LIMIT $5 OFFSET $6`,
    [...params, f.count, f.start],
  );
  return {
    TotalCount: Number(total.rows[0].n),
    Items: res.rows.map(
      (r): BillSummary => ({
        AppId: r.app_id,
        ProjectName: r.project_name,
        OrgId: r.org_id,
        OrganizationName: r.org_name,
        Month: r.month,
        Amount: sumAmounts([r.amount]),
        Billed: true,
        TransactionId: r.tx_id,
        TransactionStatus: r.tx_status,
      }),
    ),
  };
}

/** An app's bill for a month: its written lines, or (not billed yet) the lines its usage so far accrues. */
export async function appBill(q: Queryable, appId: string, month: string): Promise<AppBill> {
  const app = await q.query<{ project_name: string; org_id: string; org_name: string }>(
    'SELECT a.project_name, a.org_id, o.name AS org_name FROM apps a JOIN organizations o ON o.id = a.org_id WHERE a.app_id = $1',
    [appId],
  );
  const { project_name, org_id, org_name } = app.rows[0];
  const written = await q.query<ItemRow>(
    `SELECT service, meter, quantity::text AS quantity, units::text AS units, unit_price::text AS unit_price, gross::text AS gross,
       credit::text AS credit, amount::text AS amount
     FROM bill_items WHERE app_id = $1 AND month = $2 ORDER BY service, meter`,
    [appId, month],
  );
  const tx = await q.query<{ id: string; status: TransactionStatus }>("SELECT id, status FROM transactions WHERE type = 'Bill' AND app_id = $1 AND bill_month = $2", [appId, month]);
  const billed = written.rows.length > 0 || tx.rows.length > 0;
  const items = billed ? written.rows.map(toItem) : (await usageOfMonths(q, month, month, { appId })).map(lineOf);
  return {
    AppId: appId,
    ProjectName: project_name,
    OrgId: org_id,
    OrganizationName: org_name,
    Month: month,
    Amount: sumAmounts(items.map((i) => i.Amount)),
    Billed: billed,
    TransactionId: tx.rows[0]?.id ?? null,
    TransactionStatus: tx.rows[0]?.status ?? null,
    Items: items,
  };
}
