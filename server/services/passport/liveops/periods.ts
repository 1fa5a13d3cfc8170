/**
 * Quest periods (spec 002 §9): daily quests reset at 00:00, weekly ones on Monday 00:00 and monthly ones on the
 * 1st at 00:00, all in Asia/Shanghai. Shanghai has kept UTC+8 without daylight saving since 1991, so its wall
 * clock is UTC shifted by eight hours.
 */
export type QuestType = 'daily' | 'weekly' | 'monthly';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

export interface Period {
  /** Names the period: `D2026-01-05` (a day), `W2026-01-05` (the week starting that Monday), `M2026-01`. */
  key: string;
  start: Date;
  /** When the next period starts (exclusive end of this one). */
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (wall: Date) => `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;

/** The period of a quest type that `now` falls in. */
export function questPeriod(type: QuestType, now: Date): Period {
  // The Shanghai wall clock, read through the UTC getters.
  const wall = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const midnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  const instant = (wallMs: number) => new Date(wallMs - SHANGHAI_OFFSET_MS);
  switch (type) {
    case 'daily':
      return { key: `D${ymd(wall)}`, start: instant(midnight), end: instant(midnight + DAY_MS) };
    case 'weekly': {
      const sinceMonday = (wall.getUTCDay() + 6) % 7;
      const monday = midnight - sinceMonday * DAY_MS;
      return { key: `W${ymd(new Date(monday))}`, start: instant(monday), end: instant(monday + 7 * DAY_MS) };
    }
    case 'monthly': {
      const first = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), 1);
      const next = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 1);
      return { key: `M${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}`, start: instant(first), end: instant(next) };
    }
  }
}
