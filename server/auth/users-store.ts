import type { UserList, UserRecord, UserStatus } from '../../resources/account-api';
import type { Queryable } from '../db';

interface UserRow {
  id: string;
  email: string;
  name: string;
  status: UserStatus;
  is_admin: boolean;
  is_finance_admin: boolean;
  properties: Record<string, unknown>;
  created_at: Date | string;
  last_login_at: Date | string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

const SELECT = `SELECT a.id, a.email, a.name, a.status, a.is_admin, a.is_finance_admin, a.properties, a.created_at, a.last_login_at FROM accounts a`;

async function withOrganizations(db: Queryable, rows: UserRow[]): Promise<UserRecord[]> {
  if (!rows.length) return [];
  const orgs = await db.query<{ account_id: string; id: string; name: string; role: string }>(
    `SELECT m.account_id, o.id, o.name, m.role FROM org_members m JOIN organizations o ON o.id = m.org_id
     WHERE m.account_id = ANY($1::text[]) ORDER BY o.name`,
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => ({
    Id: r.id,
    Email: r.email,
    Name: r.name,
    Status: r.status,
    IsAdmin: r.is_admin,
    IsFinanceAdmin: r.is_finance_admin,
    IsRealName: r.properties?.isRealNameVerified === 'true',
    CreatedAt: iso(r.created_at),
    LastLoginAt: r.last_login_at ? iso(r.last_login_at) : null,
    Organizations: orgs.rows.filter((o) => o.account_id === r.id).map((o) => ({ Id: o.id, Name: o.name, Role: o.role })),
  }));
}

/** `%` and `_` in a search are literal. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface UserQuery {
  q?: string;
  status?: UserStatus;
  count: number;
  start: number;
}

/** Users, newest first, optionally matching a text (e-mail, name or id) and a status. */
export async function listUsers(db: Queryable, query: UserQuery): Promise<UserList> {
  const params: unknown[] = [];
  const conds: string[] = [];
  const q = query.q?.trim();
  if (q) {
    const p = params.push(likePattern(q));
    const exact = params.push(q);
    conds.push(`(a.email ILIKE $${p} ESCAPE '\\' OR a.name ILIKE $${p} ESCAPE '\\' OR a.id = $${exact})`);
  }
  if (query.status) conds.push(`a.status = $${params.push(query.status)}`);
  const where = conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts a${where}`, params);
  const page = await db.query<UserRow>(
    `${SELECT}${where} ORDER BY a.created_at DESC, a.id LIMIT $${params.push(query.count)} OFFSET $${params.push(query.start)}`,
    params,
  );
  return { TotalCount: Number(total.rows[0].n), Items: await withOrganizations(db, page.rows) };
}

export async function getUser(db: Queryable, id: string): Promise<UserRecord | undefined> {
  const res = await db.query<UserRow>(`${SELECT} WHERE a.id = $1`, [id]);
  return (await withOrganizations(db, res.rows))[0];
}
