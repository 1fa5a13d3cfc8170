import Decimal from 'decimal.js';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and shown in this zone (spec 000 §1). */
export const DISPLAY_ZONE = 'Asia/Shanghai';

export type Locale = 'zh-CN' | 'en';

const EMPTY = '—';

/** An ISO time (UTC) as `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
export function formatDateTime(iso: string | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (!iso) return EMPTY;
  const d = dayjs.utc(iso);
  return d.isValid() ? d.utcOffset(zoneOffset(d.valueOf())).format(pattern) : String(iso);
}

/** The display zone's offsets by quarter hour (zones move on the quarter hour at the finest): asked of the zone once. */
const offsets = new Map<number, number>();
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The display zone's wall clock, read by one formatter made once. Making a formatter is what costs (ICU's zone and
 * pattern data, some 15–20 ms the first time in a browser); dayjs's `tz()` makes one per call.
 */
let wallClock: Intl.DateTimeFormat | undefined;
const CLOCK: Intl.DateTimeFormatOptions = { timeZone: DISPLAY_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };

/** The display zone's offset from UTC, in minutes, at an instant: what a list of times asks many times over. */
function zoneOffset(ms: number): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    wallClock ??= new Intl.DateTimeFormat('en-US', CLOCK);
    const at = quarter * QUARTER_HOUR_MS;
    const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, Number(p.value)]));
    // The wall clock read as if it were UTC, less the instant: how far ahead of UTC the zone is.
    offset = Math.round((Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - at) / 60_000);
    offsets.set(quarter, offset);
  }
  return offset;
}

export const formatDate = (iso: string | null | undefined) => formatDateTime(iso, 'YYYY-MM-DD');

/** The display zone's offset from UTC as people read it: "UTC+8". */
export function displayZoneOffset(at: Date = new Date()): string {
  const minutes = zoneOffset(at.getTime());
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * What tells which zone the console's times are in, said once where times are shown (a time column's heading, a
 * time picker): the zone's name in the console's language (`widgets.timezone`) and its offset, "北京时间 (UTC+8)".
 */
export const zoneNote = (zoneName: string, at?: Date): string => `${zoneName} (${displayZoneOffset(at)})`;

/** Today's date in Asia/Shanghai, shifted by `offsetDays`, as `YYYY-MM-DD`. */
export function shanghaiDate(offsetDays = 0, now: Date = new Date()): string {
  return dayjs(now).tz(DISPLAY_ZONE).add(offsetDays, 'day').format('YYYY-MM-DD');
}

/**
 * Pickers work in the browser's zone; the console's wall clock is Shanghai's. These two convert between a stored
 * UTC instant and a picker value that shows the Shanghai wall time.
 */
export function toShanghaiWallTime(iso: string): Dayjs {
  return dayjs(dayjs.utc(iso).tz(DISPLAY_ZONE).format('YYYY-MM-DDTHH:mm:ss'));
}

export function fromShanghaiWallTime(value: Dayjs): string {
  return dayjs.tz(value.format('YYYY-MM-DDTHH:mm:ss'), DISPLAY_ZONE).utc().toISOString();
}

/** A magnitude and the suffix shown after a value scaled by it. */
type Unit = readonly [size: number, suffix: string];

/**
 * `value` in the largest of `units` (listed largest first) that it reaches, rounded to `digits` decimals (half away
 * from zero, trailing zeros dropped); when rounding reaches the next unit up it moves there (999,999 B is "1 MB",
 * not "1000 KB"). The last unit takes whatever is smaller. `text` has the sign; `plain` is the magnitude alone.
 */
function scaled(value: number, units: readonly Unit[], digits: number): { text: string; plain: string; suffix: string } {
  const abs = new Decimal(Math.abs(value));
  let index = units.findIndex(([size]) => abs.gte(size));
  if (index < 0) index = units.length - 1;
  const inUnit = (i: number) => abs.div(units[i][0]).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP);
  let rounded = inUnit(index);
  if (index > 0 && rounded.times(units[index][0]).gte(units[index - 1][0])) rounded = inUnit(--index);
  const plain = rounded.toFixed();
  return { text: value < 0 && !rounded.isZero() ? `-${plain}` : plain, plain, suffix: units[index][1] };
}

const ZH_UNITS: readonly Unit[] = [
  [1e8, '亿'],
  [1e7, '千万'],
  [1e6, '百万'],
  [1e4, '万'],
  [1, ''],
];

/** Integer digits grouped by three with commas: "1234567.5" → "1,234,567.5". */
function groupThousands(plain: string): string {
  const [int, frac] = plain.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/**
 * A count for people (spec 000 §9): in zh-CN 12,345 → 1.23万, then 百万, 千万 and 亿 (rounded to `digits`, moving up a
 * unit when rounding reaches it); smaller numbers with thousands separators. In en, compact notation (12.3K).
 */
export function formatBigNumber(value: number | null | undefined, locale: Locale = 'zh-CN', digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  if (locale === 'zh-CN') {
    const { text, plain, suffix } = scaled(value, ZH_UNITS, digits);
    return suffix ? `${text}${suffix}` : text.replace(plain, groupThousands(plain));
  }
  return new Intl.NumberFormat('en', { notation: Math.abs(value) >= 1e4 ? 'compact' : 'standard', maximumFractionDigits: digits }).format(value);
}

/** A number written in decimal (optionally with an exponent); no hexadecimal, no Infinity, no NaN. */
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Money with exactly two decimals in the zh-CN format: 1234567.891 → "1,234,567.89". Amounts come from the server as
 * decimal strings and are rounded as decimals (half away from zero), never through a binary float, so long strings
 * keep every digit. Text that is not a number is shown as it is.
 */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'number' ? !Number.isFinite(value) : !DECIMAL_TEXT.test(value.trim())) return String(value);
  const amount = new Decimal(typeof value === 'string' ? value.trim() : value);
  const fixed = amount.abs().toFixed(2, Decimal.ROUND_HALF_UP);
  const negative = amount.isNegative() && fixed !== '0.00';
  return `${negative ? '-' : ''}${groupThousands(fixed)}`;
}

const SIZE_UNITS: readonly Unit[] = [
  [1e15, 'PB'],
  [1e12, 'TB'],
  [1e9, 'GB'],
  [1e6, 'MB'],
  [1e3, 'KB'],
  [1, 'B'],
];

/** Sizes in units of 1000 (spec 000 §9): B, KB, MB, GB, TB, PB, with up to two decimals. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return EMPTY;
  const { text, suffix } = scaled(bytes, SIZE_UNITS, 2);
  return `${text} ${suffix}`;
}

const HOUR_MS = 3_600_000;

const DURATION_UNITS: Record<Locale, readonly Unit[]> = {
  'zh-CN': [
    [1e4 * HOUR_MS, '万小时'],
    [HOUR_MS, '小时'],
    [60_000, '分钟'],
    [1000, '秒'],
    [1, '毫秒'],
  ],
  // English has no word for ten thousand: hours go on, with thousands separators.
  en: [
    [HOUR_MS, 'h'],
    [60_000, 'min'],
    [1000, 's'],
    [1, 'ms'],
  ],
};

/**
 * A duration given in milliseconds (spec 000 §9): milliseconds below one second, seconds below 60, then minutes,
 * hours, and in zh-CN ten-thousand hours (万小时) from 10,000 hours on; up to two decimals.
 */
export function formatDuration(ms: number | null | undefined, locale: Locale = 'zh-CN'): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return EMPTY;
  const { text, plain, suffix } = scaled(ms, DURATION_UNITS[locale], 2);
  return locale === 'en' ? `${text.replace(plain, groupThousands(plain))} ${suffix}` : `${text}${suffix}`;
}

export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? EMPTY : `${trimDecimals(value, 2)}%`;
}

function trimDecimals(n: number, digits: number): string {
  return n.toFixed(digits).replace(/\.?0+$/, '');
}

/**
 * The i18n context for an English noun after "a": `vowel` when it begins with a vowel letter ("an inbox template"),
 * so a text can say `Choose a {{name}}` and `Choose an {{name}}` under one key (`_vowel`); other languages ignore it.
 */
export function articleContext(noun: string): 'vowel' | undefined {
  const word = noun.trim();
  // A "u" read as "you" (user, unit, usage) takes "a".
  if (/^u[^aeiou\s][aeiouy]/i.test(word)) return undefined;
  return /^[aeiou]/i.test(word) ? 'vowel' : undefined;
}
