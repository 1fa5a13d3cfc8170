import type { Ctx } from '../../../context';
import { records } from '../../../engine/query';
import { usersModel } from '../players/models';
import type { BoardRules } from './rules';
import type { Standing } from '../../../../resources/leaderboards-api';

/**
 * A ranking page for the console (under the rules of its version), with each player's name beside the member id (a Player board ranks user ids).
 * Entities have no name; a player deleted since keeps only the id (`memberName` null).
 */
export async function withMemberNames<T extends { scores: Standing[] }>(ctx: Ctx, appId: string, rules: BoardRules, page: T): Promise<T> {
  if (rules.memberType !== 'Player' || page.scores.length === 0) return page;
  const users = await records(ctx.db, usersModel).find(appId, { where: { id: { $in: page.scores.map((s) => s.memberId) } } });
  const names = new Map(users.map((u) => [String(u.id), (u.name as string | undefined) ?? null]));
  return { ...page, scores: page.scores.map((s) => ({ ...s, memberName: names.get(s.memberId) ?? null })) };
}
