import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { Text } from '../../resources/types';
import { DISPLAY_ZONE } from './format';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The time filters of usage and billing screens (spec 000 §9): durations of 7, 30 and 90 days; a long set that adds
 * the previous week and month; a with-day set that adds the last 24 hours; and the bill-year filter. Ranges are
 * computed on the calendar of a time zone, Asia/Shanghai unless told otherwise (the other choice is UTC).
 */

/** A time range as UTC instants: from `start` (inclusive) to `end` (exclusive). */
export interface TimeRange {
  start: string;
  end: string;
}

export interface TimeFilterOption {
  key: string;
  label: Text;
  range: (now?: Date, zone?: string) => TimeRange;
}

const DAY_MS = 86_400_000;

/** The instant of midnight at the start of a calendar day in `zone`; month and day may overflow (day 0, month 12). */
function midnight(zone: string, year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
  return dayjs.tz(`${date}T00:00:00`, zone).toISOString();
}

/** Today's calendar date in `zone`: year, month (0-11), day of month, and weekday (0 Sunday to 6 Saturday). */
function today(now: Date, zone: string) {
  const d = dayjs(now).tz(zone);
  return { year: d.year(), month: d.month(), day: d.date(), weekday: d.day() };
}

/** The `days` calendar days ending with today. */
function lastDays(days: number): TimeFilterOption {
  return {
    key: `${days}d`,
    label: { 'zh-CN': `最近 ${days} 天`, en: `Last ${days} days` },
    range: (now = new Date(), zone = DISPLAY_ZONE) => {
      const t = today(now, zone);
      return { start: midnight(zone, t.year, t.month, t.day - days + 1), end: midnight(zone, t.year, t.month, t.day + 1) };
    },
  };
}

export const LAST_24_HOURS: TimeFilterOption = {
  key: '24h',
  label: { 'zh-CN': '最近 24 小时', en: 'Last 24 hours' },
  range: (now = new Date()) => ({ start: new Date(now.getTime() - DAY_MS).toISOString(), end: now.toISOString() }),
};

/** Monday to Monday: the week before the current one. */
export const PREVIOUS_WEEK: TimeFilterOption = {
  key: 'prevWeek',
  label: { 'zh-CN': '上周', en: 'Previous week' },
  range: (now = new Date(), zone = DISPLAY_ZONE) => {
    const t = today(now, zone);
    const monday = t.day - ((t.weekday + 6) % 7);
    return { start: midnight(zone, t.year, t.month, monday - 7), end: midnight(zone, t.year, t.month, monday) };
  },
};

export const PREVIOUS_MONTH: TimeFilterOption = {
  key: 'prevMonth',
  label: { 'zh-CN': '上月', en: 'Previous month' },
  range: (now = new Date(), zone = DISPLAY_ZONE) => {
    const t = today(now, zone);
    return { start: midnight(zone, t.year, t.month - 1, 1), end: midnight(zone, t.year, t.month, 1) };
  },
};

/** 7, 30 and 90 days. */
export const DURATION_FILTERS: readonly TimeFilterOption[] = [lastDays(7), lastDays(30), lastDays(90)];

/** The durations, then the previous week and the previous month. */
export const LONG_DURATION_FILTERS: readonly TimeFilterOption[] = [...DURATION_FILTERS, PREVIOUS_WEEK, PREVIOUS_MONTH];

/** The last 24 hours, then the durations. */
export const WITH_DAY_DURATION_FILTERS: readonly TimeFilterOption[] = [LAST_24_HOURS, ...DURATION_FILTERS];

/** The twelve calendar months ending with the current one. */
export const LAST_12_MONTHS: TimeFilterOption = {
  key: 'last12Months',
  label: { 'zh-CN': '最近 12 个月', en: 'Last 12 months' },
  range: (now = new Date(), zone = DISPLAY_ZONE) => {
    const t = today(now, zone);
    return { start: midnight(zone, t.year, t.month - 11, 1), end: midnight(zone, t.year, t.month + 1, 1) };
  },
};

/** The first year with bills: the spec's bill-year filter reads "last 12 months, 2024, 2023". */
export const FIRST_BILL_YEAR = 2023;

function billYear(year: number): TimeFilterOption {
  return {
    key: String(year),
    label: { 'zh-CN': `${year} 年`, en: String(year) },
    range: (_now, zone = DISPLAY_ZONE) => ({ start: midnight(zone, year, 0, 1), end: midnight(zone, year + 1, 0, 1) }),
  };
}

/**
 * The bill-year filter: the last 12 months, then every earlier calendar year back to the first year with bills,
 * newest first. In 2025 that is the spec's list: last 12 months, 2024, 2023.
 */
export function billYearFilters(now: Date = new Date(), zone: string = DISPLAY_ZONE): TimeFilterOption[] {
  const years: TimeFilterOption[] = [];
  for (let year = today(now, zone).year - 1; year >= FIRST_BILL_YEAR; year--) years.push(billYear(year));
  return [LAST_12_MONTHS, ...years];
}
