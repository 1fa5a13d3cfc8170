import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db/types';
import { workDue } from '../../../engine/due-rounds';
import { issueRewards } from './versions';

/** Versions whose rewards are granted per round of `grantLeftRewards`. */
const LEFT_BATCH = 100;

export interface Rewards {
  entitled: number;
  created: number;
}

/**
 * Grants the rewards of a version whose close marked them pending (a close on schedule), and clears the mark, in one
 * transaction that holds the version's row; `record` writes the history entry in that transaction. Answers
 * undefined when the version has no pending rewards (granted already, here or by another instance).
 */
export async function grantPendingRewards(
  ctx: Ctx,
  appId: string,
  boardId: string,
  version: number,
  record: (tx: Queryable, rewards: Rewards) => Promise<void>,
): Promise<Rewards | undefined> {
  return ctx.db.transaction(async (tx) => {
    const pending = await tx.query(
      'SELECT version FROM leaderboard_versions WHERE board_id = $1 AND app_id = $2 AND version = $3 AND rewards_pending FOR UPDATE',
      [boardId, appId, version],
    );
    if (!pending.rows[0]) return undefined;
    const rewards = await issueRewards(ctx, appId, boardId, version, tx);
    await record(tx, rewards);
    await tx.query('UPDATE leaderboard_versions SET rewards_pending = false WHERE board_id = $1 AND version = $2', [boardId, version]);
    return rewards;
  });
}

/**
 * Grants the rewards left pending by a scheduled reset that stopped between its close and its grant (an instance
 * that died, the database away), each written in the history as a reissue by `actor` (the scheduler). A version that
 * fails is left for the next run; the others go ahead. Answers the versions granted, as `board/version`.
 */
export const grantLeftRewards = (ctx: Ctx, actor: string, log?: (err: unknown) => void): Promise<string[]> =>
  workDue({
    batch: LEFT_BATCH,
    log,
    find: async (limit) => {
      const sql = 'SELECT app_id, board_id, version FROM leaderboard_versions WHERE rewards_pending ORDER BY ended_at, board_id LIMIT $1';
      return (await ctx.db.query<{ app_id: string; board_id: string; version: number }>(sql, [limit])).rows;
    },
    keyOf: (r) => `${r.board_id}/${r.version}`,
    work: async ({ app_id: appId, board_id: boardId, version }) => {
      const entry = (rewards: Rewards) => ({ actor, appId, action: 'passport.leaderboards.rewards.reissue', target: boardId, after: { version, ...rewards } });
      await grantPendingRewards(ctx, appId, boardId, version, (tx, rewards) => recordOperation(tx, entry(rewards)));
      return true;
    },
  });
