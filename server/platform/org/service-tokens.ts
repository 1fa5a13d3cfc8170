import { randomBytes, randomUUID } from 'node:crypto';
import type { ServiceTokenItem, TokenKind, TokenStatus } from '../../../resources/org-api';
import type { Db, Queryable } from '../../db';
import { conflict, notFound } from '../../engine/errors';
import { containsPattern, iso, isoOrNull, Where, type Paging } from './sql';

/** Crockford's base-32 digits: no I, L, O or U, so a code read aloud or retyped stays unambiguous. */
const DIGITS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 4;
const GROUP_SIZE = 5;

/** A new redeemable code: 20 random base-32 digits (100 bits) in groups of five, e.g. `7KQ2M-XW4PD-0RTHN-C9VJE`. */
export function newTokenCode(): string {
  // 256 is a multiple of 32, so each byte's low five bits are uniform.
  const digits = [...randomBytes(GROUPS * GROUP_SIZE)].map((b) => DIGITS[b & 31]).join('');
  return digits.match(new RegExp(`.{${GROUP_SIZE}}`, 'g'))!.join('-');
}

/**
 * A code as someone typed it, in its stored form: case, spaces and dashes do not matter, and the letters
 * Crockford's alphabet leaves out read as the digits they look like (I, L → 1; O → 0). Anything that cannot be a
 * code comes back unchanged (it will simply not be found).
 */
export function normalizeTokenCode(input: string): string {
  const digits = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (digits.length !== GROUPS * GROUP_SIZE || [...digits].some((c) => !DIGITS.includes(c))) return input;
  return digits.match(new RegExp(`.{${GROUP_SIZE}}`, 'g'))!.join('-');
}

interface TokenRow {
  id: string;
  token: string;
  kind: TokenKind;
  amount: string | null;
  service: string | null;
  trial_days: number | null;
  note: string;
  status: TokenStatus;
  fulfilled_app_id: string | null;
  fulfilled_at: Date | string | null;
  created_by: string;
  created_at: Date | string;
}

const toItem = (r: TokenRow): ServiceTokenItem => ({
  Id: r.id,
  Token: r.token,
  Kind: r.kind,
  Amount: r.amount,
  Service: r.service,
  TrialDays: r.trial_days === null ? null : Number(r.trial_days),
  Note: r.note,
  Status: r.status,
  FulfilledAppId: r.fulfilled_app_id,
  FulfilledAt: isoOrNull(r.fulfilled_at),
  CreatedBy: r.created_by,
  CreatedAt: iso(r.created_at),
});

const COLUMNS = `id, token, kind, amount::text AS amount, service, trial_days, note, status, fulfilled_app_id, fulfilled_at, created_by, created_at`;

export interface TokenFilter extends Paging {
  status?: TokenStatus;
}

/** Tokens, newest first; `q` matches the code, note, service, id or the app that redeemed it. */
export async function listTokens(db: Queryable, f: TokenFilter): Promise<{ TotalCount: number; Items: ServiceTokenItem[] }> {
  const where = new Where();
  if (f.status) where.add('status = $?', f.status);
  if (f.q) {
    const p = containsPattern(f.q);
    where.add('(token ILIKE $? OR note ILIKE $? OR service ILIKE $? OR id = $? OR fulfilled_app_id = $?)', p, p, p, f.q, f.q);
  }
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM service_tokens ${where}`, where.params);
  const page = where.page(f);
  const rows = await db.query<TokenRow>(`SELECT ${COLUMNS} FROM service_tokens ${where} ORDER BY created_at DESC, id ASC ${page.sql}`, page.params);
  return { TotalCount: Number(total.rows[0].n), Items: rows.rows.map(toItem) };
}

export async function findToken(db: Queryable, id: string): Promise<ServiceTokenItem | undefined> {
  const res = await db.query<TokenRow>(`SELECT ${COLUMNS} FROM service_tokens WHERE id = $1`, [id]);
  return res.rows[0] ? toItem(res.rows[0]) : undefined;
}

export interface TokenSpec {
  kind: TokenKind;
  /** Credit tokens: a decimal string with at most 2 decimals. */
  amount: string | null;
  service: string | null;
  trialDays: number | null;
  note: string;
}

/** Issues `count` tokens alike, all or none. */
export async function issueTokens(db: Db, spec: TokenSpec, count: number, createdBy: string): Promise<ServiceTokenItem[]> {
  return db.transaction(async (tx) => {
    const items: ServiceTokenItem[] = [];
    for (let i = 0; i < count; i++) {
      const res = await tx.query<TokenRow>(
        `INSERT INTO service_tokens (id, token, kind, amount, service, trial_days, note, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [randomUUID(), newTokenCode(), spec.kind, spec.amount, spec.service, spec.trialDays, spec.note, createdBy],
      );
      items.push(toItem(res.rows[0]));
    }
    return items;
  });
}

const fulfilled = () => conflict('INVALID_TRANSITION', 'token has been fulfilled');

/** Why a token cannot change: it does not exist (404) or it was redeemed (409). */
async function refusal(db: Queryable, id: string): Promise<never> {
  throw (await findToken(db, id)) ? fulfilled() : notFound();
}

/** A new code for an Active token; the old code stops working. A redeemed token keeps its code (409). */
export async function regenerateToken(db: Queryable, id: string): Promise<{ before: ServiceTokenItem; after: ServiceTokenItem }> {
  const before = await findToken(db, id);
  if (!before) throw notFound();
  const res = await db.query<TokenRow>(`UPDATE service_tokens SET token = $2 WHERE id = $1 AND status = 'Active' RETURNING ${COLUMNS}`, [id, newTokenCode()]);
  if (!res.rows[0]) return refusal(db, id);
  return { before, after: toItem(res.rows[0]) };
}

/** Deletes an Active token. A redeemed one stays as the record of what was granted (409). */
export async function deleteToken(db: Queryable, id: string): Promise<ServiceTokenItem> {
  const res = await db.query<TokenRow>(`DELETE FROM service_tokens WHERE id = $1 AND status = 'Active' RETURNING ${COLUMNS}`, [id]);
  if (!res.rows[0]) return refusal(db, id);
  return toItem(res.rows[0]);
}
