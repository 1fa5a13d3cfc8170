import type { AchievementState } from '../../../../resources/passport/liveops-calls';
import type { Ctx } from '../../../context';
import { notFound } from '../../../engine/errors';
import { records, type Where } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { findRecord, iso, passportModel, type PersonaPlayer, type Reward } from './common';
import { advanceGoal, claimGoal, NO_PROGRESS, personaGoals, type GoalRow, type GoalTable } from './goals';

/** The achievement goal table: one row per persona and achievement, achieved and redeemed once. */
const TABLE: GoalTable = { table: 'passport_achievement_progress', keys: ['achievement_id'], reachedAt: 'achieved_at', claimedAt: 'redeemed_at' };

const present = (meta: Data, r: GoalRow) => ({
  achievementId: meta.id,
  name: meta.name,
  slugName: meta.slugName,
  description: meta.description ?? '',
  category: meta.category ?? '',
  series: meta.series ?? '',
  goal: meta.goal,
  hidden: meta.hidden === true,
  icon: meta.icon ?? null,
  rewards: meta.rewards ?? [],
  progress: r.progress,
  achievementStatus: r.reachedAt ? 'achieved' : 'not_achieved',
  redeemStatus: r.claimedAt ? 'redeemed' : 'not_redeemed',
  achievedAt: iso(r.reachedAt),
  redeemedAt: iso(r.claimedAt),
});

/**
 * A persona's released achievements with their progress, paged, optionally in one state. For the player's own
 * view, hidden achievements show only once achieved.
 */
export async function personaAchievements(
  ctx: Ctx,
  appId: string,
  personaId: string,
  q: { count: number; start: number; state?: AchievementState; asPlayer?: boolean },
) {
  const mine = await personaGoals(ctx.db, TABLE, appId, personaId);
  const having = (at: 'reachedAt' | 'claimedAt') => [...mine].filter(([, r]) => r[at]).map(([id]) => id);
  const where: Where = { status: 'released' };
  if (q.state) {
    const ids = having(q.state.endsWith('redeemed') ? 'claimedAt' : 'reachedAt');
    where.id = q.state.startsWith('not_') ? { $nin: ids } : { $in: ids };
  }
  if (q.asPlayer) where.$or = [{ hidden: { $ne: true } }, { id: { $in: having('reachedAt') } }];
  const page = await records(ctx.db, passportModel(ctx, 'achievementMeta')).page(appId, { where, orderBy: ['category', 'series', 'goal', 'name'], limit: q.count, offset: q.start });
  return { total: page.total, achievements: page.items.map((meta) => present(meta, mine.get(String(meta.id)) ?? NO_PROGRESS)) };
}

/** A released achievement a player names (id or slug); unreleased ones do not exist for players. */
async function releasedAchievement(ctx: Ctx, appId: string, key: string): Promise<Data> {
  const meta = await findRecord(ctx, 'achievementMeta', appId, key);
  if (meta.status !== 'released') throw notFound();
  return meta;
}

/** One persona's goal on a released achievement, shown as the achievement with its progress. */
async function achievementGoal(ctx: Ctx, player: PersonaPlayer, actor: string, key: string, action: string) {
  const meta = await releasedAchievement(ctx, player.appId, key);
  const target = `${player.personaId}/${String(meta.id)}`;
  const goal = { player, actor, key: [meta.id], goal: Number(meta.goal), view: (r: GoalRow) => present(meta, r), action, target };
  return { meta, goal };
}

/**
 * Moves a persona's progress: by `increment`, or up to `progress` (never down). Reaching the goal achieves it,
 * once; progress stops at the goal.
 */
export async function advanceAchievement(ctx: Ctx, player: PersonaPlayer, actor: string, key: string, change: { increment?: number; progress?: number }) {
  const { goal } = await achievementGoal(ctx, player, actor, key, 'achievements.progress');
  return advanceGoal(ctx, TABLE, goal, (was) => (change.increment !== undefined ? was + change.increment : Math.max(was, change.progress ?? 0)));
}

/** Redeems an achieved achievement's rewards into the persona's inventory, once. */
export async function redeemAchievement(ctx: Ctx, player: PersonaPlayer, actor: string, key: string) {
  const { meta, goal } = await achievementGoal(ctx, player, actor, key, 'achievements.redeem');
  const rewards = (meta.rewards as Reward[] | undefined) ?? [];
  const refusals = { already: 'the reward was already redeemed', notReached: 'the achievement is not achieved yet' };
  return { achievement: await claimGoal(ctx, TABLE, goal, rewards, refusals), granted: rewards };
}
