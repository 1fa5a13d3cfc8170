import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are stored in UTC and shown in this zone (spec 000 §1). */
export const DISPLAY_ZONE = 'Asia/Shanghai';

type Locale = 'zh-CN' | 'en';

const EMPTY = '—';

/** An ISO time (UTC) as `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
export function formatDateTime(iso: string | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (!iso) return EMPTY;
  const d = dayjs.utc(iso);
  return d.isValid() ? d.tz(DISPLAY_ZONE).format(pattern) : String(iso);
}

export const formatDate = (iso: string | null | undefined) => formatDateTime(iso, 'YYYY-MM-DD');

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

const ZH_UNITS: [number, string][] = [
  [1e8, '亿'],
  [1e7, '千万'],
  [1e6, '百万'],
  [1e4, '万'],
];

function trimDecimals(n: number, digits: number): string {
  return n.toFixed(digits).replace(/\.?0+$/, '');
}

/** A count for people: 12,345 → 1.23万 (zh-CN) or 12.3K (en); small numbers with thousands separators. */
export function formatBigNumber(value: number | null | undefined, locale: Locale = 'zh-CN', digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (locale === 'zh-CN') {
    for (const [size, unit] of ZH_UNITS) if (abs >= size) return `${sign}${trimDecimals(abs / size, digits)}${unit}`;
    return `${sign}${abs.toLocaleString('zh-CN')}`;
  }
  return new Intl.NumberFormat('en', { notation: abs >= 1e4 ? 'compact' : 'standard', maximumFractionDigits: digits }).format(value);
}

/** Money with two decimals in the zh-CN format (amounts are decimal strings from the server). */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Sizes in units of 1000 (spec 000 §9). */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return EMPTY;
  let n = Math.abs(bytes);
  let unit = 0;
  while (n >= 1000 && unit < SIZE_UNITS.length - 1) {
    n /= 1000;
    unit++;
  }
  return `${bytes < 0 ? '-' : ''}${unit === 0 ? n : trimDecimals(n, 2)} ${SIZE_UNITS[unit]}`;
}

export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? EMPTY : `${trimDecimals(value, 2)}%`;
}
