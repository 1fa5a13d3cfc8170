import type { Ctx } from '../../../context';
import { kindPredicate } from '../../../engine/sql';
import { usersModel } from '../players/models';
import type { BoardRules } from './rules';
import type { Standing } from '../../../../resources/leaderboards-api';

/**
 * A ranking page for the console (under the rules of its version), with each player's name beside the member id (a Player board ranks user ids).
 * Entities have no name; a player deleted since keeps only the id (`memberName` null).
 */
export async function withMemberNames<T extends { scores: Standing[] }>(ctx: Ctx, appId: string, rules: BoardRules, page: T): Promise<T> {
  if (rules.memberType !== 'Player' || page.scores.length === 0) return page;
  const res = await ctx.db.query<{ id: string; name: string | null }>(
    `SELECT id, data->>'name' AS name FROM records WHERE ${kindPredicate(usersModel)} AND scope_id = $1 AND id = ANY($2::text[])`,
    [appId, page.scores.map((s) => s.memberId)],
  );
  const names = new Map(res.rows.map((r) => [r.id, r.name]));
  return { ...page, scores: page.scores.map((s) => ({ ...s, memberName: names.get(s.memberId) ?? null })) };
}
