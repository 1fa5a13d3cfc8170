import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Data } from '../../../engine/store';
import type { Schedule } from '../../../../resources/leaderboards-api';
import { closeVersion, issueRewards } from './versions';

export interface ResetSummary {
  /** The version closed (archived) and the one opened. */
  archivedVersion: number;
  currentVersion: number;
  /** Members ranked in the closed version. */
  memberCount: number;
  /** Members the rules reward, and reward records created. */
  rewards: { entitled: number; created: number };
  board: Data;
}

/**
 * A reset, by an operator or on schedule: closes the current version, opens the next, grants the closed version's
 * rewards and writes the operation history. With `when` (the scheduler) it happens only if that run is still due.
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
  const rewards = await issueRewards(ctx, appId, boardId, outcome.archived);
  const summary = { archivedVersion: outcome.archived, currentVersion: outcome.current, memberCount: outcome.memberCount, rewards, board: outcome.board };
  await recordOperation(ctx.db, {
    actor,
    appId,
    action: 'passport.leaderboards.reset',
    target: boardId,
    before: outcome.before,
    after: { ...outcome.board, archivedVersion: outcome.archived, memberCount: outcome.memberCount, rewards },
  });
  return summary;
}
