import type { BalanceItem, BalanceList } from '../../resources/transactions-api';
import type { Queryable } from '../db';
import { containsPattern, Where, type Paging } from '../platform/org/sql';
import { balancesOf } from './ledger';

export interface BalanceFilter extends Paging {
  /** Only these organisations (the ones asked for, or a member's own). */
  orgIds?: string[];
  orgName?: string;
  companyName?: string;
}

/**
 * Organisations' balances, by organisation name, with the number of all that match: the organisations are
 * chosen and paged first, then the ledger sums only the page.
 */
export async function listBalances(db: Queryable, f: BalanceFilter): Promise<BalanceList> {
  const where = new Where();
  if (f.orgIds) where.add('o.id = ANY($?::text[])', f.orgIds);
  if (f.orgName) where.add('o.name ILIKE $?', containsPattern(f.orgName));
  if (f.companyName) where.add('o.company_name ILIKE $?', containsPattern(f.companyName));
  if (f.q) where.add('(o.id = $? OR o.name ILIKE $? OR o.company_name ILIKE $?)', f.q, containsPattern(f.q), containsPattern(f.q));
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations o ${where}`, where.params);
  const page = where.page(f);
  const orgs = await db.query<{ id: string; name: string; company_name: string }>(
    `SELECT o.id, o.name, o.company_name FROM organizations o ${where} ORDER BY lower(o.name), o.id ${page.sql}`,
    page.params,
  );
  const balances = new Map((await balancesOf(db, orgs.rows.map((o) => o.id))).map((b) => [b.OrgId, b]));
  const Items: BalanceItem[] = orgs.rows.map((o) => ({ ...balances.get(o.id)!, OrgName: o.name, CompanyName: o.company_name }));
  return { TotalCount: Number(total.rows[0].n), Items };
}

/** Which of these organisation ids exist. */
export async function existingOrgs(db: Queryable, ids: string[]): Promise<Set<string>> {
  const res = await db.query<{ id: string }>('SELECT id FROM organizations WHERE id = ANY($1::text[])', [ids]);
  return new Set(res.rows.map((r) => r.id));
}

/** The organisations an account belongs to. */
export async function memberOrgs(db: Queryable, accountId: string): Promise<string[]> {
  return (await db.query<{ org_id: string }>('SELECT org_id FROM org_members WHERE account_id = $1', [accountId])).rows.map((r) => r.org_id);
}
