import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db';

export type SessionKind = 'user' | 'admin' | 'finance-admin';

/** Cookie name per session kind (spec 000: sst for users, admin_sst for administrators). */
export const SESSION_COOKIES: Record<SessionKind, string> = {
  user: 'sst',
  admin: 'admin_sst',
  'finance-admin': 'bc_admin_sst',
};

export interface Account {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  status: string;
  properties: Record<string, unknown>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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

interface AccountRow {
  id: string;
  email: string;
  name: string;
  is_admin: boolean;
  status: string;
  properties: Record<string, unknown>;
}

export const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  email: r.email,
  name: r.name,
  isAdmin: r.is_admin,
  status: r.status,
  properties: r.properties,
});

/** The account behind a live session token of that kind, or undefined. */
export async function findSession(db: Queryable, token: string | undefined, kind: SessionKind): Promise<Account | undefined> {
  if (!token || token.length > 200) return undefined;
  const res = await db.query<AccountRow>(
    `SELECT a.id, a.email, a.name, a.is_admin, a.status, a.properties FROM sessions s JOIN accounts a ON a.id = s.account_id
     WHERE s.token_hash = $1 AND s.kind = $2 AND s.expires_at > now() AND a.status = 'active'`,
    [hashToken(token), kind],
  );
  return res.rows[0] ? toAccount(res.rows[0]) : undefined;
}

export async function endSession(db: Queryable, token: string | undefined): Promise<void> {
  if (token) await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}
