/**
 * Input rules used by the console's forms. Pure functions only.
 * The typed-value and variable-name rules live in resources/formats and are re-exported here.
 */

export { isValidTypedValue, toVariableName, type ValueType } from '../../resources/formats';
export { isValidAmount, type AmountOptions } from '../../resources/amount';

// ---------------------------------------------------------------------------------------------------------------
// General
// ---------------------------------------------------------------------------------------------------------------

/**
 * Name: empty is accepted; a single character must be a lowercase letter or digit; longer names start and end with
 * a lowercase letter or digit, and the middle may also hold hyphens and dots.
 */
export function isValidName(s: string): boolean {
  if (s === '') return true;
  return /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(s);
}

/** Slug: one or more alphanumeric groups joined by single hyphens. */
export function isValidSlug(s: string): boolean {
  return /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(s);
}

export const DNS_LABEL_MAX_LENGTH = 56;

/**
 * DNS-style label: empty is accepted; at most 56 characters of lowercase letters, digits and hyphens, starting and
 * ending with a letter or digit.
 */
export function isValidDnsLabel(s: string): boolean {
  if (s === '') return true;
  if (s.length > DNS_LABEL_MAX_LENGTH) return false;
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(s);
}

/** CDN price: "0." followed by one or more digits. */
export function isValidCdnPrice(s: string): boolean {
  return /^0\.\d+$/.test(s);
}

/**
 * Price: the rule says only "must end with digits". Read literally that is a non-empty text whose last character is
 * a digit; since the value is a price, it must also be an unsigned decimal number (digits, optionally a dot followed
 * by digits). Both conditions together: /^\d+(\.\d+)?$/.
 */
export function isValidPrice(s: string): boolean {
  return /^\d+(\.\d+)?$/.test(s) && /\d$/.test(s);
}

// ---------------------------------------------------------------------------------------------------------------
// Storage database
// ---------------------------------------------------------------------------------------------------------------

/** Instance name: 1 to 60 characters of letters, digits, hyphen and underscore. */
export function isValidInstanceName(s: string): boolean {
  return /^[A-Za-z0-9_-]{1,60}$/.test(s);
}

export const RESERVED_DB_USERNAMES: readonly string[] = ['mysql', 'mongo', 'redis', 'postgres', 'user'];
export const RESERVED_DB_USERNAME_PREFIXES: readonly string[] = ['root', 'pg_', 'tencentdb_'];

/**
 * Database username: 1 to 16 characters of letters, digits and underscore; not one of the reserved names and not
 * starting with a reserved prefix (both compared case-sensitively).
 */
export function isValidDbUsername(s: string): boolean {
  if (!/^[A-Za-z0-9_]{1,16}$/.test(s)) return false;
  if (RESERVED_DB_USERNAMES.includes(s)) return false;
  return !RESERVED_DB_USERNAME_PREFIXES.some((p) => s.startsWith(p));
}

export const DB_PASSWORD_MIN_LENGTH = 8;
export const DB_PASSWORD_MAX_LENGTH = 30;
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
export const DB_PASSWORD_SPECIALS = '!@#^()';

/**
 * Database password: 8 to 30 characters from letters, digits and !@#^(); must contain a lowercase letter, an
 * uppercase letter, a digit and one of !@#^().
 */
export function isValidDbPassword(s: string): boolean {
  if (!/^[A-Za-z0-9!@#^()]{8,30}$/.test(s)) return false;
  return /[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9]/.test(s) && /[!@#^()]/.test(s);
}

/** A source of random numbers in [0, 1). */
export type RandomSource = () => number;

/** Uniform numbers in [0, 1) from the platform's cryptographic generator. */
export const cryptoRandom: RandomSource = () => {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0] / 0x1_0000_0000;
};

function randomInt(random: RandomSource, maxExclusive: number): number {
  const n = Math.floor(random() * maxExclusive);
  // Guard against a source that returns 1 or slightly out of range.
  return Math.min(Math.max(n, 0), maxExclusive - 1);
}

function pick(random: RandomSource, chars: string): string {
  return chars[randomInt(random, chars.length)];
}

/**
 * A database password of random length 8 to 30 that holds at least one lowercase letter, one uppercase letter, one
 * digit and one of !@#^(), shuffled with Fisher–Yates. The random source can be replaced for repeatable output.
 */
export function generateDbPassword(random: RandomSource = cryptoRandom): string {
  const length = DB_PASSWORD_MIN_LENGTH + randomInt(random, DB_PASSWORD_MAX_LENGTH - DB_PASSWORD_MIN_LENGTH + 1);
  const all = LOWER + UPPER + DIGITS + DB_PASSWORD_SPECIALS;
  const chars = [pick(random, LOWER), pick(random, UPPER), pick(random, DIGITS), pick(random, DB_PASSWORD_SPECIALS)];
  while (chars.length < length) chars.push(pick(random, all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------------------------

export const ZIP_MIME_TYPES: readonly string[] = [
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
  'application/x-zip',
];

/** Whether a file's MIME type is one accepted for zip uploads (parameters such as "; charset" are ignored). */
export function isZipType(mime: string): boolean {
  const base = mime.split(';')[0].trim().toLowerCase();
  return ZIP_MIME_TYPES.includes(base);
}

export const IGNORED_UPLOAD_FOLDERS: readonly string[] = ['node_modules', '.git', '.vscode'];

/** Whether any segment of an uploaded file's path (split on / or \) is an ignored folder. */
export function isIgnoredUploadPath(path: string): boolean {
  return path.split(/[\\/]/).some((segment) => IGNORED_UPLOAD_FOLDERS.includes(segment));
}

/** Packages a service accepts (spec 001 §5): Android apk, HarmonyOS hap, and apk or aab for hardening (safe). */
export type PackageKind = 'android' | 'harmony' | 'safe';

export const PACKAGE_EXTENSIONS: Readonly<Record<PackageKind, readonly string[]>> = {
  android: ['.apk'],
  harmony: ['.hap'],
  safe: ['.apk', '.aab'],
};

/** Whether a file name has an extension accepted for this kind of package (letter case ignored). */
export function isAcceptedPackage(fileName: string, kind: PackageKind): boolean {
  const name = fileName.toLowerCase();
  return PACKAGE_EXTENSIONS[kind].some((ext) => name.length > ext.length && name.endsWith(ext));
}
