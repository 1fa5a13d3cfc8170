import { createHash } from 'node:crypto';
import realNameAnswer from '../../../../schemas/passport/players/views/real-name.json' with { type: 'json' };
import { checkIdNumber, maskIdNumber, type IdNumberProblem } from '../../../../resources/real-name';
import type { AgeBand, RealNameInfo } from '../../../../resources/players-api';
export type { AgeBand } from '../../../../resources/players-api';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { ApiError, conflict } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { recordUsage } from '../../../usage';
import { usageDay } from './dau';
import { usersModel } from './models';

/** What a real-name read answers: the detail view's declared answer (`resources/passport/details.ts`). */
export const realNameSchema = realNameAnswer;

/** The first character of a name, the rest hidden. */
export const maskName = (name: string): string => {
  const chars = [...name.trim()];
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
};

/** Whole years from a birth date (YYYY-MM-DD) to a day (YYYY-MM-DD). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export function ageBand(age: number): AgeBand {
  if (age < 8) return 'under8';
  if (age < 16) return '8-16';
  if (age < 18) return '16-18';
  return 'over18';
}

const PROBLEMS: Record<IdNumberProblem, string> = {
  format: 'not an 18-character identity number',
  'birth-date': 'the birth date in the number is not valid',
  'check-digit': 'the check digit does not match',
};

interface Row {
  name_masked: string;
  id_number_masked: string;
  birth_date: string;
  verified_at: Date | string;
}

function info(row: Row | undefined, now: Date): RealNameInfo {
  if (!row) return { verified: false };
  const age = ageOn(row.birth_date, usageDay(now));
  return {
    verified: true,
    name: row.name_masked,
    idNumber: row.id_number_masked,
    birthDate: row.birth_date,
    age,
    ageBand: ageBand(age),
    adult: age >= 18,
    verifiedAt: new Date(row.verified_at).toISOString(),
  };
}

/** A user's real-name check, masked. */
export async function realNameOf(db: Queryable, appId: string, userId: string, now = new Date()): Promise<RealNameInfo> {
  const res = await db.query<Row>(
    `SELECT name_masked, id_number_masked, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, verified_at FROM passport_real_names WHERE app_id = $1 AND user_id = $2`,
    [appId, userId],
  );
  return info(res.rows[0], now);
}

/**
 * A player's real-name submission: the identity number must pass GB 11643 (format, a real birth date, the check
 * digit); a passed check is stored masked, marks the user verified, and is recorded as usage `real-name`.
 * A user passes once (409 after).
 */
export async function submitRealName(ctx: Ctx, appId: string, userId: string, body: { name: string; idNumber: string }, now = new Date()): Promise<RealNameInfo> {
  const checked = checkIdNumber(body.idNumber, now);
  if (!checked.ok) throw new ApiError(400, 'INVALID_PARAMETERS', 'invalid parameters', [{ field: '/idNumber', message: PROBLEMS[checked.problem] }]);
  const hash = createHash('sha256').update(`${appId}:${checked.number}`).digest('hex');
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx.query<Row>(
      `INSERT INTO passport_real_names (app_id, user_id, name_masked, id_number_masked, id_number_hash, birth_date) VALUES ($1, $2, $3, $4, $5, $6::date)
       ON CONFLICT (app_id, user_id) DO NOTHING RETURNING name_masked, id_number_masked, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, verified_at`,
      [appId, userId, maskName(body.name), maskIdNumber(checked.number), hash, checked.birthDate],
    );
    if (!inserted.rows[0]) throw conflict('DUPLICATE', 'real name already verified');
    await records(tx, usersModel).updateOne(appId, userId, { set: { realNameVerified: true } });
    await recordUsage(tx, appId, 'passport', 'real-name');
    const out = info(inserted.rows[0], now);
    await recordOperation(tx, { actor: `player:${userId}`, appId, action: 'passport.users.real-name', target: userId, after: out });
    return out;
  });
}
