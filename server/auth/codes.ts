import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH, CODE_RESEND_SECONDS, type CodePurpose } from '../../resources/account-api';
import type { Db, Queryable } from '../db';
import { lockNames } from '../db/locks';
import { badRequest, tooManyRequests } from '../engine/errors';

/** Codes are valid this long. */
export const CODE_MINUTES = 10;
/** Wrong tries a code survives; past them it is dead even if the right one follows. */
export const CODE_MAX_ATTEMPTS = 5;

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** A random code of CODE_LENGTH digits (leading zeros kept). */
const newCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');

/**
 * Stores a new code for an e-mail and answers it, or refuses with 429 when the e-mail had one less than
 * CODE_RESEND_SECONDS ago (whatever its purpose, and whether or not the e-mail has an account). The check and the
 * insert are one statement under a lock on the e-mail, so requests arriving together — on one instance or several —
 * store one code.
 */
export async function issueCode(db: Db, email: string, purpose: CodePurpose): Promise<string> {
  const id = randomUUID();
  const code = newCode();
  const stored = await db.transaction(async (tx) => {
    await lockNames(tx, [`email-code|${email.toLowerCase()}`]);
    return tx.query(
      `INSERT INTO email_codes (id, email, purpose, code_hash, expires_at)
       SELECT $1, $2, $3, $4, now() + make_interval(mins => $5)
       WHERE NOT EXISTS (SELECT 1 FROM email_codes WHERE lower(email) = lower($2) AND created_at > now() - make_interval(secs => $6))
       RETURNING id`,
      [id, email, purpose, hashCode(id, code), CODE_MINUTES, CODE_RESEND_SECONDS],
    );
  });
  if (!stored.rows.length) throw tooManyRequests();
  return code;
}

const invalidCode = () => badRequest([{ field: '/code', message: 'invalid or expired verification code' }], 'invalid or expired verification code');

/**
 * Checks a code against the e-mail's newest live code of that purpose and answers the code's id. Every check
 * counts as one try (counted before comparing, so parallel guesses cannot pass the limit). Refuses with 400 on
 * `/code`. The caller then uses the code up with `useCode`, in the transaction of what the code allows.
 */
export async function verifyCode(db: Queryable, email: string, purpose: CodePurpose, code: string): Promise<string> {
  const res = await db.query<{ id: string; code_hash: string }>(
    `UPDATE email_codes SET attempts = attempts + 1
     WHERE id = (SELECT id FROM email_codes WHERE lower(email) = lower($1) AND purpose = $2 AND used_at IS NULL AND expires_at > now()
                 ORDER BY created_at DESC LIMIT 1)
       AND attempts < $3
     RETURNING id, code_hash`,
    [email, purpose, CODE_MAX_ATTEMPTS],
  );
  const row = res.rows[0];
  if (!row) throw invalidCode();
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(row.id, code), 'hex');
  if (!timingSafeEqual(expected, given)) throw invalidCode();
  return row.id;
}

/** Marks a verified code used; refuses if it was used meanwhile (two requests with the same code). */
export async function useCode(db: Queryable, id: string): Promise<void> {
  const used = await db.query('UPDATE email_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL', [id]);
  if (used.rowCount === 0) throw invalidCode();
}
