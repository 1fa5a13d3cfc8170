import { describe, expect, it } from 'vitest';
import {
  billYearFilters,
  DURATION_FILTERS,
  LAST_12_MONTHS,
  LAST_24_HOURS,
  LONG_DURATION_FILTERS,
  PREVIOUS_MONTH,
  PREVIOUS_WEEK,
  WITH_DAY_DURATION_FILTERS,
  type TimeFilterOption,
} from '../../src/lib/timeFilters';

/** Sunday 2024-03-10 17:30 UTC, which is Monday 2024-03-11 01:30 in Shanghai. */
const NOW = new Date('2024-03-10T17:30:00Z');

const byKey = (options: readonly TimeFilterOption[], key: string) => {
  const option = options.find((o) => o.key === key);
  if (!option) throw new Error(`no ${key}`);
  return option;
};

// Spec 000 §9: "durations 7, 30, 90 days; a long set adds previous week and previous month; a with-day set adds
// 24 hours; bill year filter: last 12 months, 2024, 2023. Time zones UTC and Asia/Shanghai (default)."
describe('duration filter sets', () => {
  it('hold the spec options in order', () => {
    expect(DURATION_FILTERS.map((o) => o.key)).toEqual(['7d', '30d', '90d']);
    expect(LONG_DURATION_FILTERS.map((o) => o.key)).toEqual(['7d', '30d', '90d', 'prevWeek', 'prevMonth']);
    expect(WITH_DAY_DURATION_FILTERS.map((o) => o.key)).toEqual(['24h', '7d', '30d', '90d']);
  });

  it('label every option in both languages', () => {
    for (const o of [...LONG_DURATION_FILTERS, ...WITH_DAY_DURATION_FILTERS, ...billYearFilters(NOW)]) {
      expect(o.label['zh-CN'].trim(), o.key).not.toBe('');
      expect(o.label.en.trim(), o.key).not.toBe('');
    }
    expect(byKey(DURATION_FILTERS, '7d').label).toEqual({ 'zh-CN': '最近 7 天', en: 'Last 7 days' });
  });

  it('count whole Shanghai days ending with today', () => {
    // Shanghai today is 2024-03-11; the range ends at the next Shanghai midnight (16:00 UTC of the 11th).
    expect(byKey(DURATION_FILTERS, '7d').range(NOW)).toEqual({ start: '2024-03-04T16:00:00.000Z', end: '2024-03-11T16:00:00.000Z' });
    // 30 days ending 03-11 start on 02-11 (2024 is a leap year).
    expect(byKey(DURATION_FILTERS, '30d').range(NOW)).toEqual({ start: '2024-02-10T16:00:00.000Z', end: '2024-03-11T16:00:00.000Z' });
    // 90 days ending 03-11 start on 2023-12-13.
    expect(byKey(DURATION_FILTERS, '90d').range(NOW)).toEqual({ start: '2023-12-12T16:00:00.000Z', end: '2024-03-11T16:00:00.000Z' });
  });

  it('count UTC days when asked for UTC', () => {
    // UTC today is 2024-03-10.
    expect(byKey(DURATION_FILTERS, '7d').range(NOW, 'UTC')).toEqual({ start: '2024-03-04T00:00:00.000Z', end: '2024-03-11T00:00:00.000Z' });
  });

  it('default to Asia/Shanghai', () => {
    for (const o of [...LONG_DURATION_FILTERS, LAST_12_MONTHS]) expect(o.range(NOW), o.key).toEqual(o.range(NOW, 'Asia/Shanghai'));
  });

  it('take the last 24 hours up to now', () => {
    expect(LAST_24_HOURS.range(NOW)).toEqual({ start: '2024-03-09T17:30:00.000Z', end: '2024-03-10T17:30:00.000Z' });
  });

  it('take the previous week from Monday to Monday', () => {
    // Shanghai: today is Monday 03-11, so the previous week is 03-04 to 03-11.
    expect(PREVIOUS_WEEK.range(NOW)).toEqual({ start: '2024-03-03T16:00:00.000Z', end: '2024-03-10T16:00:00.000Z' });
    // UTC: today is Sunday 03-10, in the week of Monday 03-04, so the previous week is 02-26 to 03-04.
    expect(PREVIOUS_WEEK.range(NOW, 'UTC')).toEqual({ start: '2024-02-26T00:00:00.000Z', end: '2024-03-04T00:00:00.000Z' });
  });

  it('take the previous calendar month, across a year end too', () => {
    expect(PREVIOUS_MONTH.range(NOW)).toEqual({ start: '2024-01-31T16:00:00.000Z', end: '2024-02-29T16:00:00.000Z' });
    expect(PREVIOUS_MONTH.range(new Date('2024-01-15T04:00:00Z'))).toEqual({
      start: '2023-11-30T16:00:00.000Z',
      end: '2023-12-31T16:00:00.000Z',
    });
  });
});

describe('bill-year filter', () => {
  it('is the spec list in 2025: the last 12 months, 2024 and 2023', () => {
    expect(billYearFilters(new Date('2025-06-01T00:00:00Z')).map((o) => o.key)).toEqual(['last12Months', '2024', '2023']);
  });

  it('adds each finished year as time goes on, and starts from the Shanghai new year', () => {
    expect(billYearFilters(new Date('2027-02-01T00:00:00Z')).map((o) => o.key)).toEqual(['last12Months', '2026', '2025', '2024', '2023']);
    // 2023-12-31 16:30 UTC is already 2024 in Shanghai, but still 2023 in UTC.
    const newYear = new Date('2023-12-31T16:30:00Z');
    expect(billYearFilters(newYear).map((o) => o.key)).toEqual(['last12Months', '2023']);
    expect(billYearFilters(newYear, 'UTC').map((o) => o.key)).toEqual(['last12Months']);
  });

  it('takes the twelve calendar months ending with this one', () => {
    // Shanghai month is 2024-03: April 2023 to March 2024.
    expect(LAST_12_MONTHS.range(NOW)).toEqual({ start: '2023-03-31T16:00:00.000Z', end: '2024-03-31T16:00:00.000Z' });
  });

  it('takes a whole Shanghai year for a year', () => {
    const y2024 = byKey(billYearFilters(new Date('2025-06-01T00:00:00Z')), '2024');
    expect(y2024.label).toEqual({ 'zh-CN': '2024 年', en: '2024' });
    expect(y2024.range(NOW)).toEqual({ start: '2023-12-31T16:00:00.000Z', end: '2024-12-31T16:00:00.000Z' });
    expect(y2024.range(NOW, 'UTC')).toEqual({ start: '2024-01-01T00:00:00.000Z', end: '2025-01-01T00:00:00.000Z' });
  });
});
