import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db';

export type SessionKind = 'user' | 'admin' | 'finance-admin';
export const SESSION_KINDS: SessionKind[] = ['user', 'admin', 'finance-admin'];

/** Cookie name per session kind (spec 000: sst for users, admin_sst for administrators, bc_admin_sst for finance). */
export const SESSION_COOKIES: Record<SessionKind, string> = {
  user: 'sst',
  admin: 'admin_sst',
  'finance-admin': 'bc_admin_sst',
};

/**
 * Set beside a user's session cookie and cleared with it, readable by scripts (spec 000 §8 lists it among the
 * session cookies): the account's id, no secret. It tells the console's entry that a session is likely, so it
 * starts the first calls of a deep link without waiting for the sessions call.
 */
export const SESSION_MARKER_COOKIE = 'userId';

export interface Account {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  isFinanceAdmin: boolean;
  status: string;
  properties: Record<string, unknown>;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Queryable, accountId: string, kind: SessionKind, hours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(`INSERT INTO sessions (token_hash, account_id, kind, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`, [
    hashToken(token),
    accountId,
    kind,
    hours,
  ]);
  return token;
}

export interface AccountRow {
  id: string;
  email: string;
  name: string;
  is_admin: boolean;
  is_finance_admin: boolean;
  status: string;
  properties: Record<string, unknown>;
}

/** The columns `toAccount` reads, for SELECTs from `accounts a`. */
export const ACCOUNT_COLUMNS = 'a.id, a.email, a.name, a.is_admin, a.is_finance_admin, a.status, a.properties';

export const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  email: r.email,
  name: r.name,
  isAdmin: r.is_admin,
  isFinanceAdmin: r.is_finance_admin,
  status: r.status,
  properties: r.properties ?? {},
});

/** A session of an administrator kind lasts only while the account keeps that role. */
const ROLE_CHECK: Record<SessionKind, string> = {
  user: '',
  admin: ' AND a.is_admin',
  'finance-admin': ' AND a.is_finance_admin',
};

/** The account behind a live session token of that kind (an active account, still in the role), or undefined. */
export async function findSession(db: Queryable, token: string | undefined, kind: SessionKind): Promise<Account | undefined> {
  if (!token || token.length > 200) return undefined;
  const res = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM sessions s JOIN accounts a ON a.id = s.account_id
     WHERE s.token_hash = $1 AND s.kind = $2 AND s.expires_at > now() AND a.status = 'active'${ROLE_CHECK[kind]}`,
    [hashToken(token), kind],
  );
  return res.rows[0] ? toAccount(res.rows[0]) : undefined;
}

export async function endSession(db: Queryable, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const res = await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
  return res.rowCount > 0;
}

/** Ends every session of an account (of the given kinds, or all); answers how many ended. */
export async function endSessionsOf(db: Queryable, accountId: string, kinds: SessionKind[] = SESSION_KINDS): Promise<number> {
  const res = await db.query('DELETE FROM sessions WHERE account_id = $1 AND kind = ANY($2::text[])', [accountId, kinds]);
  return res.rowCount;
}
