/** What the passport leaderboards calls answer: one set of shapes for the server and the console. */

/** A member's place in a version. */
export interface Standing {
  rank: number;
  memberId: string;
  /** The player's name, on a Player board's ranking read from the console; null when the player is gone. */
  memberName?: string | null;
  score: number;
  reachedAt: string;
  tier: string | null;
}

/** A page of a version's ranking, best first. */
export interface RankingPage {
  total: number;
  start: number;
  version: number;
  scores: Standing[];
}

/** One version of a board: the current one or an archived one. */
export interface VersionView {
  version: number;
  current: boolean;
  startedAt: string;
  endedAt: string | null;
  /** Who closed it: an operator (`admin:…`, `app:…`) or `system:scheduler`. */
  endedBy: string | null;
  memberCount: number;
}

/** A reward granted when a version closed. */
export interface RewardView {
  memberId: string;
  userId: string | null;
  rank: number;
  score: number;
  tier: string | null;
  items: { resource: string; amount: number }[];
  createdAt: string;
}

/** A board's reset schedule, kept in its record (server-managed). */
export interface Schedule {
  cron: string;
  timezone: string;
  /** ISO UTC, as `Date.toISOString()` writes it (the scheduler compares these as text). */
  nextRunAt: string;
}

/** The schedule with its next runs. */
export interface ScheduleAnswer {
  schedule: Schedule | null;
  nextRuns: string[];
}
