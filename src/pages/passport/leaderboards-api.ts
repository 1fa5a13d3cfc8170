/** What the leaderboards calls answer, as the console's panels read them. */

export interface Standing {
  rank: number;
  memberId: string;
  /** The player's name (Player boards); null when the player is gone. */
  memberName?: string | null;
  score: number;
  reachedAt: string;
  tier: string | null;
}

export interface RankingPage {
  total: number;
  start: number;
  version: number;
  scores: Standing[];
}

export interface VersionView {
  version: number;
  current: boolean;
  startedAt: string;
  endedAt: string | null;
  endedBy: string | null;
  memberCount: number;
}

export interface RewardView extends Omit<Standing, 'reachedAt'> {
  userId: string | null;
  items: { resource: string; amount: number }[];
  createdAt: string;
}

export interface Schedule {
  cron: string;
  timezone: string;
  nextRunAt: string;
}

export interface ScheduleAnswer {
  schedule: Schedule | null;
  nextRuns: string[];
}

/** A leaderboard's path under the passport base, by its id. */
export const boardPath = (record: Record<string, unknown>) => `/leaderboards/${encodeURIComponent(String(record.id))}`;
