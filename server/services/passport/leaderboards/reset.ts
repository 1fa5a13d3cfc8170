import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Data } from '../../../engine/store';
import type { Schedule } from '../../../../resources/leaderboards-api';
import { grantPendingRewards, type Rewards } from './pending-rewards';
import { closeVersion, issueRewards } from './versions';

export interface ResetSummary {
  /** The version closed (archived) and the one opened. */
  archivedVersion: number;
  currentVersion: number;
  /** Members ranked in the closed version. */
  memberCount: number;
  /** Members the rules reward, and reward records created. */
  rewards: Rewards;
  board: Data;
}

/**
 * A reset, by an operator or on schedule: closes the current version, opens the next, grants the closed version's
 * rewards and writes the operation history. With `when` (the scheduler) it happens only if that run is still due,
 * and the close marks the rewards pending: they are granted with the history entry in one transaction that clears
 * the mark, and a reset stopped in between has them granted by the scheduler's next run (`grantLeftRewards`).
 */
export async function resetBoard(
  ctx: Ctx,
  appId: string,
  boardId: string,
  actor: string,
  when?: { dueAt: string; nextSchedule: (record: Data) => Schedule },
): Promise<ResetSummary | undefined> {
  const outcome = await closeVersion(ctx, appId, boardId, actor, when);
  if (!outcome) return undefined;
  const { archived, memberCount } = outcome;
  const entry = (rewards: Rewards) => ({
    actor,
    appId,
    action: 'passport.leaderboards.reset',
    target: boardId,
    before: outcome.before,
    after: { ...outcome.board, archivedVersion: archived, memberCount, rewards },
  });
  let rewards: Rewards;
  if (when) {
    // Undefined only when another run granted them first (and wrote the history).
    rewards = (await grantPendingRewards(ctx, appId, boardId, archived, (tx, r) => recordOperation(tx, entry(r)))) ?? { entitled: 0, created: 0 };
  } else {
    rewards = await issueRewards(ctx, appId, boardId, archived);
    await recordOperation(ctx.db, entry(rewards));
  }
  return { archivedVersion: archived, currentVersion: outcome.current, memberCount, rewards, board: outcome.board };
}
