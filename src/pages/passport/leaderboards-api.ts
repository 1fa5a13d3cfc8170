export type { RankingPage, RewardView, Schedule, ScheduleAnswer, Standing, VersionView } from '../../../resources/leaderboards-api';

/** A leaderboard's path under the passport base, by its id. */
export const boardPath = (record: Record<string, unknown>) => `/leaderboards/${encodeURIComponent(String(record.id))}`;
