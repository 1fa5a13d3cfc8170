import { monthsUpTo, shanghaiMonth } from '../../../resources/bills-api';
import { billYearFilters, LAST_12_MONTHS } from '../../lib/timeFilters';

/** The bill-year filter (last 12 months, then earlier years) and the months each option covers, newest first. */
export const billYearOptions = () => billYearFilters();

export function monthsOfFilter(key: string, now: Date = new Date()): string[] {
  const months = key === LAST_12_MONTHS.key ? monthsUpTo(shanghaiMonth(now), 12) : monthsUpTo(`${key}-12`, 12);
  return months.reverse();
}

/** The `year` query of the bill calls for a filter key: absent for the last 12 months. */
export const yearOfFilter = (key: string) => (key === LAST_12_MONTHS.key ? undefined : key);
