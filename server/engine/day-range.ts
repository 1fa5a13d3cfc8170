import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { badRequest } from './errors';

dayjs.extend(utc);
dayjs.extend(timezone);

/** How a call reads the range of calendar days it is asked for (a metrics call's `from`/`to`, `start`/`end`). */
export interface DayRangeRule {
  /** The calendar's time zone. */
  zone: string;
  /** How many days up to the last one the range covers when its first day is not given. */
  defaultDays: number;
  /** The most days it may span. */
  maxDays: number;
  /** Where a refused range is reported (`/from`, `query.start`). */
  field: string;
}

/** Calendar days, both ends included: each day, and the instants the first starts and the last ends at. */
export interface DayRange {
  first: string;
  last: string;
  days: string[];
  from: Date;
  to: Date;
}

const DAY = 'YYYY-MM-DD';

/**
 * The days a call asks for (`first` to `last`, both included, on the rule's calendar; the last by default today, the
 * first by default the rule's number of days before it). Refused (400 at the rule's field) when it runs backwards or
 * spans more days than the rule allows.
 */
export function dayRange(first: string | undefined, last: string | undefined, rule: DayRangeRule, now = new Date()): DayRange {
  const end = dayjs.tz(`${last ?? dayjs(now).tz(rule.zone).format(DAY)}T00:00:00`, rule.zone);
  const start = first === undefined ? end.subtract(rule.defaultDays - 1, 'day') : dayjs.tz(`${first}T00:00:00`, rule.zone);
  const span = end.diff(start, 'day') + 1;
  if (Number.isNaN(span) || span < 1) throw badRequest([{ field: rule.field, message: 'must not be after end' }]);
  if (span > rule.maxDays) throw badRequest([{ field: rule.field, message: `the range may span at most ${rule.maxDays} days` }]);
  const days = Array.from({ length: span }, (_, i) => start.add(i, 'day').format(DAY));
  return { first: days[0], last: days[span - 1], days, from: start.toDate(), to: end.add(1, 'day').toDate() };
}
