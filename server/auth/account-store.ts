import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import { ACCOUNT_COLUMNS, toAccount, type Account, type AccountRow } from './sessions';

/** The account with this e-mail (case-insensitive) and its password hash (null for accounts without one). */
export async function findAccountByEmail(db: Queryable, email: string): Promise<(Account & { passwordHash: string | null }) | undefined> {
  const res = await db.query<AccountRow & { password_hash: string | null }>(
    `SELECT ${ACCOUNT_COLUMNS}, a.password_hash FROM accounts a WHERE lower(a.email) = lower($1)`,
    [email],
  );
  const row = res.rows[0];
  return row ? { ...toAccount(row), passwordHash: row.password_hash } : undefined;
}

export async function findAccountById(db: Queryable, id: string): Promise<Account | undefined> {
  const res = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = $1`, [id]);
  return res.rows[0] ? toAccount(res.rows[0]) : undefined;
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM accounts WHERE lower(email) = lower($1)', [email])).rows.length > 0;
}

/**
 * A new account of one's own (sign-up, or a first external sign-in): the e-mail kept in lower case, the password
 * already hashed, or none (an account from an external provider until its owner sets one by resetting it).
 */
export async function insertAccount(
  db: Queryable,
  a: { email: string; name: string; passwordHash: string | null; properties?: Record<string, string> },
): Promise<Account> {
  const id = randomUUID();
  const res = await db.query<AccountRow>(
    `INSERT INTO accounts (id, email, name, password_hash, properties) VALUES ($1, $2, $3, $4, $5::jsonb)
     RETURNING id, email, name, is_admin, is_finance_admin, status, properties`,
    [id, a.email.toLowerCase(), a.name, a.passwordHash, JSON.stringify(a.properties ?? {})],
  );
  return toAccount(res.rows[0]);
}

/** Merges string properties into the account's properties. */
export async function setProperties(db: Queryable, id: string, props: Record<string, string>): Promise<void> {
  await db.query('UPDATE accounts SET properties = properties || $2::jsonb WHERE id = $1', [id, JSON.stringify(props)]);
}
