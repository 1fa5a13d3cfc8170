import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Quest periods (spec 002 §9): daily quests reset at 00:00, weekly ones on Monday 00:00 and monthly ones on the
 * 1st at 00:00, all in Asia/Shanghai.
 */
export type QuestType = 'daily' | 'weekly' | 'monthly';

export interface Period {
  /** Names the period: `D2026-01-05` (a day), `W2026-01-05` (the week starting that Monday), `M2026-01`. */
  key: string;
  start: Date;
  /** When the next period starts (exclusive end of this one). */
  end: Date;
}

/** Each type's period: its unit of the calendar, where it starts from the day `now` falls on, and its name. */
const PERIODS = {
  daily: { unit: 'day', start: (day: dayjs.Dayjs) => day, name: '[D]YYYY-MM-DD' },
  weekly: { unit: 'week', start: (day: dayjs.Dayjs) => day.subtract((day.day() + 6) % 7, 'day'), name: '[W]YYYY-MM-DD' },
  monthly: { unit: 'month', start: (day: dayjs.Dayjs) => day.startOf('month'), name: '[M]YYYY-MM' },
} as const;

/** The period of a quest type that `now` falls in. */
export function questPeriod(type: QuestType, now: Date): Period {
  const p = PERIODS[type];
  const start = p.start(dayjs(now).tz('Asia/Shanghai').startOf('day'));
  return { key: start.format(p.name), start: start.toDate(), end: start.add(1, p.unit).toDate() };
}
