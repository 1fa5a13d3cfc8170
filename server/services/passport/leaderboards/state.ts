import type { Ctx } from '../../../context';
import { RankIndexes } from './rank-index';
import { ScoreWriter } from './score-writer';

/** When a member reached a score: microseconds since the epoch, strictly increasing within this server. */
export class ReachedClock {
  private last = 0;

  next(): number {
    this.last = Math.max(Date.now() * 1000, this.last + 1);
    return this.last;
  }
}

/** The leaderboards area's in-process state for one server: its rank indexes and its score writer. */
export interface LeaderboardState {
  indexes: RankIndexes;
  writer: ScoreWriter;
}

const states = new WeakMap<Ctx, LeaderboardState>();

export function stateOf(ctx: Ctx): LeaderboardState {
  let state = states.get(ctx);
  if (!state) {
    const indexes = new RankIndexes(ctx.db);
    state = { indexes, writer: new ScoreWriter(ctx.db, indexes, new ReachedClock()) };
    states.set(ctx, state);
  }
  return state;
}

/** A reached time as the API shows it (millisecond ISO, UTC). */
export const reachedAt = (us: number): string => new Date(Math.floor(us / 1000)).toISOString();
