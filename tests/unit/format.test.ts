import { describe, expect, it } from 'vitest';
import { articleContext, displayZoneOffset, formatAmount, formatBigNumber, formatDate, formatDateTime, formatDuration, formatSize, shanghaiDate, zoneNote } from '../../src/lib/format';

// Spec 000 §1: "Times are shown in the Asia/Shanghai zone" (UTC+8, no daylight saving).
describe('times', () => {
  it('shows a UTC instant on the Shanghai clock', () => {
    expect(formatDateTime('2024-03-10T17:30:00Z')).toBe('2024-03-11 01:30:00');
    expect(formatDateTime('2024-07-01T00:00:00.000Z')).toBe('2024-07-01 08:00:00');
    expect(formatDate('2023-12-31T16:00:00Z')).toBe('2024-01-01');
    expect(formatDateTime(null)).toBe('—');
  });

  it("knows Shanghai's date", () => {
    expect(shanghaiDate(0, new Date('2024-03-10T17:30:00Z'))).toBe('2024-03-11');
    expect(shanghaiDate(-1, new Date('2024-03-10T15:59:59Z'))).toBe('2024-03-09');
  });
});

// Spec 000 §1: "Money is shown with two decimals in the zh-CN format."
describe('the time-zone note', () => {
  it('names Shanghai by its offset from UTC, summer and winter alike (no daylight saving)', () => {
    expect(displayZoneOffset(new Date('2026-01-15T12:00:00Z'))).toBe('UTC+8');
    expect(displayZoneOffset(new Date('2026-07-15T12:00:00Z'))).toBe('UTC+8');
    expect(zoneNote('北京时间', new Date('2026-07-15T12:00:00Z'))).toBe('北京时间 (UTC+8)');
  });

  it("follows the zone's history: China kept summer time from 1986 to 1991 (UTC+9)", () => {
    expect(displayZoneOffset(new Date('1988-07-01T00:00:00Z'))).toBe('UTC+9');
    expect(formatDateTime('1988-07-01T00:00:00Z')).toBe('1988-07-01 09:00:00');
    expect(displayZoneOffset(new Date('1988-12-01T00:00:00Z'))).toBe('UTC+8');
    // Near midnight and across the year's end, the date moves with the clock.
    expect(formatDateTime('2025-12-31T16:00:00Z')).toBe('2026-01-01 00:00:00');
  });
});

describe('formatAmount', () => {
  it.each([
    ['1234567.891', '1,234,567.89'],
    ['0', '0.00'],
    ['12.3', '12.30'],
    ['  12.3 ', '12.30'],
    ['-1234.5', '-1,234.50'],
    ['999.995', '1,000.00'],
    ['1e3', '1,000.00'],
  ])('shows %j as %j', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('rounds decimal strings as decimals, half away from zero', () => {
    // 1.005 as a binary float is 1.00499999999999989…, which a float formatter rounds down.
    expect(formatAmount('1.005')).toBe('1.01');
    expect(formatAmount('-1.005')).toBe('-1.01');
    expect(formatAmount('2.675')).toBe('2.68');
  });

  it('keeps every digit of long amounts', () => {
    expect(formatAmount('12345678901234567.125')).toBe('12,345,678,901,234,567.13');
    expect(formatAmount('98765432109876543210.004')).toBe('98,765,432,109,876,543,210.00');
  });

  it('does not show a minus sign on an amount that rounds to zero', () => {
    expect(formatAmount('-0.001')).toBe('0.00');
    expect(formatAmount('-0.005')).toBe('-0.01');
  });

  it('formats numbers the same way', () => {
    expect(formatAmount(1234)).toBe('1,234.00');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
  });

  it('shows what is not a decimal number as it is, and nothing as a dash', () => {
    expect(formatAmount('abc')).toBe('abc');
    expect(formatAmount('0x10')).toBe('0x10');
    expect(formatAmount('Infinity')).toBe('Infinity');
    expect(formatAmount('1,000')).toBe('1,000');
    expect(formatAmount(Number.NaN)).toBe('NaN');
    expect(formatAmount('')).toBe('—');
    expect(formatAmount(null)).toBe('—');
    expect(formatAmount(undefined)).toBe('—');
  });
});

// Spec 000 §9: "Large numbers use 万, 百万, 千万, 亿."
describe('formatBigNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [9999, '9,999'],
    [10000, '1万'],
    [12345, '1.23万'],
    [999_949, '99.99万'],
    [1_234_567, '1.23百万'],
    [12_345_678, '1.23千万'],
    [123_456_789, '1.23亿'],
    [1e12, '10000亿'],
    [-12345, '-1.23万'],
    [12.345, '12.35'],
  ])('shows %j as %j in zh-CN', (input, expected) => {
    expect(formatBigNumber(input)).toBe(expected);
  });

  it('moves up a unit when rounding reaches it', () => {
    expect(formatBigNumber(9_999.999)).toBe('1万');
    expect(formatBigNumber(999_999)).toBe('1百万');
    expect(formatBigNumber(9_999_999)).toBe('1千万');
    expect(formatBigNumber(99_999_999)).toBe('1亿');
  });

  it('takes the number of decimals', () => {
    expect(formatBigNumber(12345, 'zh-CN', 0)).toBe('1万');
    expect(formatBigNumber(15000, 'zh-CN', 0)).toBe('2万');
    expect(formatBigNumber(12345, 'zh-CN', 3)).toBe('1.235万');
  });

  it('uses separators and compact notation in English', () => {
    expect(formatBigNumber(1234, 'en')).toBe('1,234');
    expect(formatBigNumber(12345, 'en')).toBe('12.35K');
    expect(formatBigNumber(2_500_000, 'en')).toBe('2.5M');
  });

  it('shows a dash for no number', () => {
    expect(formatBigNumber(null)).toBe('—');
    expect(formatBigNumber(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

// Spec 000 §9: "Sizes use units of 1000 (B, KB, MB, GB, TB, PB)."
describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 KB'],
    [1024, '1.02 KB'],
    [1500, '1.5 KB'],
    [999_999, '1 MB'],
    [1_234_567, '1.23 MB'],
    [5e9, '5 GB'],
    [1.5e12, '1.5 TB'],
    [1e15, '1 PB'],
    [2.5e18, '2500 PB'],
    [-2048, '-2.05 KB'],
  ])('shows %j bytes as %j', (input, expected) => {
    expect(formatSize(input)).toBe(expected);
  });

  it('shows a dash for no size', () => {
    expect(formatSize(undefined)).toBe('—');
    expect(formatSize(Number.NaN)).toBe('—');
  });
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

// Spec 000 §9: "Durations display as ms, seconds up to 60, minutes, hours, ten-thousand hours."
describe('formatDuration', () => {
  it.each([
    [0, '0毫秒'],
    [1, '1毫秒'],
    [999, '999毫秒'],
    [12.5, '12.5毫秒'],
    [SECOND, '1秒'],
    [1500, '1.5秒'],
    [59 * SECOND, '59秒'],
    [MINUTE, '1分钟'],
    [90 * SECOND, '1.5分钟'],
    [59 * MINUTE, '59分钟'],
    [HOUR, '1小时'],
    [1.5 * HOUR, '1.5小时'],
    [9999 * HOUR, '9999小时'],
    [10_000 * HOUR, '1万小时'],
    [12_345 * HOUR, '1.23万小时'],
    [250_000 * HOUR, '25万小时'],
  ])('shows %j ms as %j', (input, expected) => {
    expect(formatDuration(input)).toBe(expected);
  });

  it('moves up a unit when rounding reaches it', () => {
    expect(formatDuration(999.999)).toBe('1秒');
    expect(formatDuration(59_999)).toBe('1分钟');
    expect(formatDuration(HOUR - 1)).toBe('1小时');
    expect(formatDuration(10_000 * HOUR - 1)).toBe('1万小时');
  });

  it('speaks English, where hours go on with separators', () => {
    expect(formatDuration(250, 'en')).toBe('250 ms');
    expect(formatDuration(1500, 'en')).toBe('1.5 s');
    expect(formatDuration(2 * MINUTE, 'en')).toBe('2 min');
    expect(formatDuration(3 * HOUR, 'en')).toBe('3 h');
    expect(formatDuration(12_345 * HOUR, 'en')).toBe('12,345 h');
  });

  it('shows a dash for no duration', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('articleContext', () => {
  it('asks for "an" before a vowel letter and "a" otherwise', () => {
    expect(articleContext('inbox template')).toBe('vowel');
    expect(articleContext(' Achievement')).toBe('vowel');
    expect(articleContext('persona')).toBeUndefined();
    expect(articleContext('user')).toBeUndefined();
    expect(articleContext('usage report')).toBeUndefined();
    expect(articleContext('umbrella')).toBe('vowel');
  });
});
