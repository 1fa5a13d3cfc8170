import { describe, expect, it } from 'vitest';
import { dayRange, type DayRangeRule } from '../../server/engine/day-range';
import { ApiError } from '../../server/engine/errors';

const week: DayRangeRule = { zone: 'Asia/Shanghai', defaultDays: 7, maxDays: 10, field: 'query.start' };

/** The field errors a refused range answers. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, details: err.details };
    throw err;
  }
  throw new Error('not refused');
}

describe('a range of calendar days a call asks for', () => {
  it("ends today on the rule's calendar and covers its default days when the call names no days", () => {
    // 17:30 UTC on 31 December is already 1 January in Shanghai, but still 31 December in UTC.
    const r = dayRange(undefined, undefined, week, new Date('2025-12-31T17:30:00Z'));
    expect(r.days).toEqual(['2025-12-26', '2025-12-27', '2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01']);
    expect([r.first, r.last]).toEqual(['2025-12-26', '2026-01-01']);
    const utc = dayRange(undefined, undefined, { ...week, zone: 'UTC' }, new Date('2025-12-31T17:30:00Z'));
    expect(utc.last).toBe('2025-12-31');
  });

  it('counts back from the last day named, and bounds the days by the instants they start and end at in the zone', () => {
    const r = dayRange(undefined, '2024-03-01', { ...week, defaultDays: 3 });
    expect(r.days).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    // Midnight in Shanghai is 16:00 UTC the day before.
    expect(r.from.toISOString()).toBe('2024-02-27T16:00:00.000Z');
    expect(r.to.toISOString()).toBe('2024-03-01T16:00:00.000Z');
  });

  it('takes a single day and the longest span the rule allows', () => {
    expect(dayRange('2026-05-04', '2026-05-04', week).days).toEqual(['2026-05-04']);
    expect(dayRange('2026-05-01', '2026-05-10', week).days).toHaveLength(10);
  });

  it("refuses a range that runs backwards or is too long, at the rule's field", () => {
    expect(refusal(() => dayRange('2026-05-02', '2026-05-01', week))).toEqual({ status: 400, details: [{ field: 'query.start', message: 'must not be after end' }] });
    expect(refusal(() => dayRange('2026-05-01', '2026-05-11', { ...week, field: '/from' }))).toEqual({
      status: 400,
      details: [{ field: '/from', message: 'the range may span at most 10 days' }],
    });
  });
});
