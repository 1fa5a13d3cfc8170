import type { Queryable } from '../../../db';
import { recordUsage, USAGE_ZONE } from '../../../usage';
import { hllEstimate, hllPosition, REGISTERS } from './hll';

/** Today in the usage zone, in SQL. */
export const TODAY = `(now() AT TIME ZONE '${USAGE_ZONE}')::date`;

/** The day (YYYY-MM-DD) of a moment in the usage zone. */
export const usageDay = (d: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: USAGE_ZONE }).format(d);

/**
 * Adds a player to the app's sketch of today's active players: one register raised, in one statement (a row lock
 * orders concurrent adds; a register already as high is left alone, so repeat visits write nothing).
 */
export async function countActive(db: Queryable, appId: string, userId: string): Promise<void> {
  const { index, rank } = hllPosition(userId);
  await db.query(
    `INSERT INTO passport_dau (app_id, day, registers) VALUES ($1, ${TODAY}, set_byte(decode(repeat('00', ${REGISTERS}), 'hex'), $2, $3))
     ON CONFLICT (app_id, day) DO UPDATE SET registers = set_byte(passport_dau.registers, $2, $3)
     WHERE get_byte(passport_dau.registers, $2) < $3`,
    [appId, index, rank],
  );
}

const bytes = (v: Uint8Array | string): Uint8Array => (typeof v === 'string' ? Uint8Array.from(Buffer.from(v.replace(/^\\x/, ''), 'hex')) : v);

/** The app's sketches of active players per day (YYYY-MM-DD) over an inclusive range of days. */
export async function sketchesByDay(db: Queryable, appId: string, start: string, end: string): Promise<Map<string, Uint8Array>> {
  const res = await db.query<{ day: string; registers: Uint8Array | string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, registers FROM passport_dau WHERE app_id = $1 AND day >= $2::date AND day <= $3::date`,
    [appId, start, end],
  );
  return new Map(res.rows.map((r) => [r.day, bytes(r.registers)]));
}

/** The last instant of a day in the usage zone, so usage recorded at it falls on that day. */
const endOfDay = (day: string): Date => new Date(`${day}T23:59:59.999+08:00`);

/**
 * Records each finished day's estimated DAU as usage `dau` (what billing prices), exactly once per app and day:
 * the day is claimed and its usage written in one transaction, so a retry or a second server finds nothing left.
 * `appId` limits it to one app. Answers how many days were recorded.
 */
export async function recordFinishedDays(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, appId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ app_id: string; day: string; registers: Uint8Array | string }>(
      `UPDATE passport_dau SET recorded_at = now() WHERE recorded_at IS NULL AND day < ${TODAY} AND ($1::text IS NULL OR app_id = $1)
       RETURNING app_id, to_char(day, 'YYYY-MM-DD') AS day, registers`,
      [appId ?? null],
    );
    for (const r of due.rows) {
      const dau = hllEstimate(bytes(r.registers));
      if (dau > 0) await recordUsage(tx, r.app_id, 'passport', 'dau', dau, endOfDay(r.day));
    }
    return due.rows.length;
  });
}
