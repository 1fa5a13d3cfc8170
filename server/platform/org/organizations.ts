import type { OrganizationItem, OrgRole } from '../../../resources/org-api';
import type { Db, Queryable } from '../../db';
import { conflict } from '../../engine/errors';
import { createOrganization } from '../accounts';
import { containsPattern, iso, isUniqueViolation, prefixPattern, Where, type Paging } from './sql';

interface OrgRow {
  id: string;
  name: string;
  status: string;
  company_name: string;
  created_at: Date | string;
  role: OrgRole | null;
  member_count: number;
  app_count: number;
}

const toItem = (r: OrgRow): OrganizationItem => ({
  Id: r.id,
  Name: r.name,
  Status: r.status,
  CompanyName: r.company_name,
  Role: r.role ?? '',
  MemberCount: Number(r.member_count),
  AppCount: Number(r.app_count),
  CreatedAt: iso(r.created_at),
});

/** `$1` is the account whose role is shown. */
const FROM = `FROM organizations o LEFT JOIN org_members m ON m.org_id = o.id AND m.account_id = $1`;
const SELECT = `SELECT o.id, o.name, o.status, o.company_name, o.created_at, m.role,
  (SELECT count(*)::int FROM org_members x WHERE x.org_id = o.id) AS member_count,
  (SELECT count(*)::int FROM apps a WHERE a.org_id = o.id) AS app_count ${FROM}`;

export interface OrgFilter extends Paging {
  /** Only organisations the account belongs to. */
  mine: boolean;
  /** Administrators' search options (spec 000 §6). */
  orgId?: string;
  orgName?: string;
  companyName?: string;
}

/** Organisations as `accountId` sees them (its role in each, '' where it is not a member), newest last. */
export async function listOrganizations(db: Queryable, accountId: string, f: OrgFilter): Promise<{ TotalCount: number; Items: OrganizationItem[] }> {
  const where = new Where(accountId);
  if (f.mine) where.add('m.account_id IS NOT NULL');
  if (f.q) where.add('(o.name ILIKE $? OR o.company_name ILIKE $? OR o.id = $?)', containsPattern(f.q), containsPattern(f.q), f.q);
  if (f.orgId) where.add('o.id LIKE $?', prefixPattern(f.orgId));
  if (f.orgName) where.add('o.name ILIKE $?', containsPattern(f.orgName));
  if (f.companyName) where.add('o.company_name ILIKE $?', containsPattern(f.companyName));
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} ${where}`, where.params);
  const page = where.page(f);
  const rows = await db.query<OrgRow>(`${SELECT} ${where} ORDER BY o.created_at ASC, o.id ASC ${page.sql}`, page.params);
  return { TotalCount: Number(total.rows[0].n), Items: rows.rows.map(toItem) };
}

export async function findOrganization(db: Queryable, orgId: string, accountId: string): Promise<OrganizationItem | undefined> {
  const res = await db.query<OrgRow>(`${SELECT} WHERE o.id = $2`, [accountId, orgId]);
  return res.rows[0] ? toItem(res.rows[0]) : undefined;
}

const duplicateName = () => conflict('DUPLICATE', 'organization already created', [{ field: '/Name', message: 'organization name already taken' }]);

async function nameTaken(db: Queryable, name: string, exceptId = ''): Promise<boolean> {
  const res = await db.query('SELECT 1 FROM organizations WHERE lower(name) = lower($1) AND id <> $2', [name, exceptId]);
  return res.rows.length > 0;
}

/** Runs a write that may hit the unique organisation name, answering 409 instead of a database error. */
async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName();
    throw err;
  }
}

/** A new organisation owned by `ownerId`. Names are unique regardless of case (409 'organization already created'). */
export async function addOrganization(db: Db, ownerId: string, name: string, companyName: string): Promise<string> {
  if (await nameTaken(db, name)) throw duplicateName();
  return guardName(() =>
    db.transaction(async (tx) => {
      const id = await createOrganization(tx, name, ownerId);
      if (companyName) await tx.query('UPDATE organizations SET company_name = $2 WHERE id = $1', [id, companyName]);
      return id;
    }),
  );
}

export async function updateOrganization(db: Queryable, orgId: string, change: { Name?: string; CompanyName?: string }): Promise<void> {
  if (change.Name !== undefined && (await nameTaken(db, change.Name, orgId))) throw duplicateName();
  await guardName(() =>
    db.query('UPDATE organizations SET name = COALESCE($2, name), company_name = COALESCE($3, company_name) WHERE id = $1', [
      orgId,
      change.Name ?? null,
      change.CompanyName ?? null,
    ]),
  );
}
