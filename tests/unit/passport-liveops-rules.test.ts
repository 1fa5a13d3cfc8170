import { describe, expect, it } from 'vitest';
import { billboardEnd, billboardLive, passLevel } from '../../resources/passport/liveops-rules';
import { questPeriod } from '../../server/services/passport/liveops/periods';

describe('quest periods (Asia/Shanghai, UTC+8)', () => {
  it('starts a day at 00:00 Shanghai, which is 16:00 UTC the day before', () => {
    expect(questPeriod('daily', new Date('2026-01-04T15:59:59.999Z'))).toEqual({
      key: 'D2026-01-04',
      start: new Date('2026-01-03T16:00:00.000Z'),
      end: new Date('2026-01-04T16:00:00.000Z'),
    });
    expect(questPeriod('daily', new Date('2026-01-04T16:00:00.000Z')).key).toBe('D2026-01-05');
  });

  it('starts a week on Monday 00:00 Shanghai', () => {
    // 2026-01-05 is a Monday. Its 00:00 in Shanghai is Sunday 2026-01-04 16:00 UTC.
    const sundayNight = questPeriod('weekly', new Date('2026-01-04T15:59:59.000Z'));
    const mondayStart = questPeriod('weekly', new Date('2026-01-04T16:00:00.000Z'));
    expect(sundayNight.key).toBe('W2025-12-29');
    expect(mondayStart).toEqual({ key: 'W2026-01-05', start: new Date('2026-01-04T16:00:00.000Z'), end: new Date('2026-01-11T16:00:00.000Z') });
    // Every instant of the week (Monday through Sunday) names the same week.
    for (let h = 0; h < 7 * 24; h += 5) {
      expect(questPeriod('weekly', new Date(Date.parse('2026-01-04T16:00:00.000Z') + h * 3600_000)).key).toBe('W2026-01-05');
    }
  });

  it('starts a month on the 1st at 00:00 Shanghai, across a year end and a leap February', () => {
    expect(questPeriod('monthly', new Date('2025-12-31T15:59:59.000Z')).key).toBe('M2025-12');
    expect(questPeriod('monthly', new Date('2025-12-31T16:00:00.000Z'))).toEqual({
      key: 'M2026-01',
      start: new Date('2025-12-31T16:00:00.000Z'),
      end: new Date('2026-01-31T16:00:00.000Z'),
    });
    expect(questPeriod('monthly', new Date('2028-02-29T12:00:00.000Z')).end).toEqual(new Date('2028-02-29T16:00:00.000Z'));
  });
});

describe('billboard expiry', () => {
  const live = new Date('2026-05-01T00:00:00.000Z');
  it('ends 1, 3, 7, 14 or 30 days after going live, or at the custom time', () => {
    for (const days of [1, 3, 7, 14, 30]) {
      expect(billboardEnd({ expiry: String(days) }, live)).toEqual(new Date(live.getTime() + days * 86_400_000));
    }
    expect(billboardEnd({ expiry: 'custom', customExpiresAt: '2026-05-02T08:00:00.000Z' }, live)).toEqual(new Date('2026-05-02T08:00:00.000Z'));
  });

  it('shows a published or scheduled billboard from its publish time until (not including) its end', () => {
    const b = { status: 'billboardScheduled', expiry: '1', publishAt: live.toISOString() };
    expect(billboardLive(b, new Date(live.getTime() - 1))).toBe(false);
    expect(billboardLive(b, live)).toBe(true);
    expect(billboardLive(b, new Date(live.getTime() + 86_400_000 - 1))).toBe(true);
    expect(billboardLive(b, new Date(live.getTime() + 86_400_000))).toBe(false);
    expect(billboardLive({ ...b, status: 'billboardRevoked' }, live)).toBe(false);
    expect(billboardLive({ ...b, status: 'billboardPending' }, live)).toBe(false);
    expect(billboardLive({ status: 'billboardPublished', expiry: '1' }, live)).toBe(false);
  });
});

describe('battle pass level', () => {
  const slots = [
    { level: 1, exp: 0 },
    { level: 2, exp: 100 },
    { level: 3, exp: 100 },
    { level: 4, exp: 250 },
  ];
  it('is the highest level whose experience is reached', () => {
    expect(passLevel(slots, 0)).toBe(1);
    expect(passLevel(slots, 99)).toBe(1);
    expect(passLevel(slots, 100)).toBe(3);
    expect(passLevel(slots, 10_000)).toBe(4);
    expect(passLevel([{ level: 1, exp: 10 }], 5)).toBe(0);
    expect(passLevel([], 5)).toBe(0);
  });
});
