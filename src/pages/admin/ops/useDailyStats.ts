import type { DailySeries, DayRange } from '../../../../resources/ops-api';
import { useApiQuery } from '../../../lib/api';

/** Daily active and new apps over the last `days` Shanghai days (administrators). */
export function useDailyStats(days: DayRange) {
  const query = { days };
  const active = useApiQuery<DailySeries>('/api/statistics/daily-app-active', { query });
  const created = useApiQuery<DailySeries>('/api/statistics/daily-app-new', { query });
  return { active: active.data, created: created.data, loading: active.loading || created.loading };
}
