/**
 * Mainland China resident identity numbers (GB 11643-1999): 17 digits — a 6-digit address code, the birth date as
 * YYYYMMDD, a 3-digit sequence — and a check character computed with ISO 7064 MOD 11-2.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];

export type IdNumberProblem = 'format' | 'birth-date' | 'check-digit';

export type IdNumberCheck = { ok: true; number: string; birthDate: string } | { ok: false; problem: IdNumberProblem };

/** The check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/** Today's date in China as YYYYMMDD. */
function chinaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
}

function realDate(yyyymmdd: string): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whether `raw` is a valid 18-character resident identity number with a real birth date before today. */
export function checkIdNumber(raw: string, now: Date = new Date()): IdNumberCheck {
  const number = raw.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(number)) return { ok: false, problem: 'format' };
  const birth = number.slice(6, 14);
  if (birth < '19000101' || !realDate(birth) || birth >= chinaToday(now)) return { ok: false, problem: 'birth-date' };
  if (idCheckChar(number) !== number[17]) return { ok: false, problem: 'check-digit' };
  return { ok: true, number, birthDate: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6)}` };
}

/** The number with everything but its first 3 and last 4 characters hidden. */
export const maskIdNumber = (number: string): string => `${number.slice(0, 3)}${'*'.repeat(Math.max(0, number.length - 7))}${number.slice(-4)}`;
