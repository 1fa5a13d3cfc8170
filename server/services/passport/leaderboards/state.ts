import type { Ctx } from '../../../context';
import { ChangeFeed } from './change-feed';
import { RankIndexes } from './rank-index';
import { ScoreWriter } from './score-writer';

/** When a member reached a score: microseconds since the epoch, strictly increasing within this process. */
export class ReachedClock {
  private last = 0;

  next(): number {
    this.last = Math.max(Date.now() * 1000, this.last + 1);
    return this.last;
  }
}

/**
 * One clock per process, shared by the servers a process runs (tests run two): members who reach a score through
 * either rank in the order they reached it. Across processes, reached times are as close as the machines' clocks.
 */
const clock = new ReachedClock();

/** The leaderboards area's in-process state for one server: its rank indexes, its score writer and its change feed. */
export interface LeaderboardState {
  indexes: RankIndexes;
  writer: ScoreWriter;
  feed: ChangeFeed;
}

const states = new WeakMap<Ctx, LeaderboardState>();

export function stateOf(ctx: Ctx): LeaderboardState {
  let state = states.get(ctx);
  if (!state) {
    const indexes = new RankIndexes(ctx.db);
    const feed = new ChangeFeed(ctx.db, indexes);
    indexes.hearWith(() => feed.hearing());
    state = { indexes, feed, writer: new ScoreWriter(ctx.db, indexes, clock, feed) };
    states.set(ctx, state);
  }
  return state;
}

/** A reached time as the API shows it (millisecond ISO, UTC). */
export const reachedAt = (us: number): string => new Date(Math.floor(us / 1000)).toISOString();
