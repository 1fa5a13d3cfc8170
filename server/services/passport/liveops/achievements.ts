import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { notFound } from '../../../engine/errors';
import { records, type Where } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { findRecord, iso, liveopsAudit, passportModel, refused, type PersonaPlayer, type Reward } from './common';
import { grantRewards } from './grants';

/** Filters of a persona's achievements by their two per-persona states (spec 002 §4). */
export const ACHIEVEMENT_STATES = ['achieved', 'not_achieved', 'redeemed', 'not_redeemed'] as const;
export type AchievementState = (typeof ACHIEVEMENT_STATES)[number];

interface Row {
  id: string;
  data: Data;
  progress: string | null;
  achieved_at: Date | null;
  redeemed_at: Date | null;
}

const present = (r: Row) => ({
  achievementId: r.id,
  name: r.data.name,
  slugName: r.data.slugName,
  description: r.data.description ?? '',
  category: r.data.category ?? '',
  series: r.data.series ?? '',
  goal: r.data.goal,
  hidden: r.data.hidden === true,
  icon: r.data.icon ?? null,
  rewards: r.data.rewards ?? [],
  progress: Number(r.progress ?? 0),
  achievementStatus: r.achieved_at ? 'achieved' : 'not_achieved',
  redeemStatus: r.redeemed_at ? 'redeemed' : 'not_redeemed',
  achievedAt: iso(r.achieved_at),
  redeemedAt: iso(r.redeemed_at),
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
  const res = await ctx.db.query<Omit<Row, 'data'>>(
    'SELECT achievement_id AS id, progress, achieved_at, redeemed_at FROM passport_achievement_progress WHERE app_id = $1 AND persona_id = $2',
    [appId, personaId],
  );
  const progress = new Map(res.rows.map((r) => [r.id, r]));
  const having = (at: 'achieved_at' | 'redeemed_at') => res.rows.filter((r) => r[at]).map((r) => r.id);
  const where: Where = { status: 'released' };
  if (q.state) {
    const ids = having(q.state.endsWith('redeemed') ? 'redeemed_at' : 'achieved_at');
    where.id = q.state.startsWith('not_') ? { $nin: ids } : { $in: ids };
  }
  if (q.asPlayer) where.$or = [{ hidden: { $ne: true } }, { id: { $in: having('achieved_at') } }];
  const page = await records(ctx.db, passportModel(ctx, 'achievementMeta')).page(appId, { where, orderBy: ['category', 'series', 'goal', 'name'], limit: q.count, offset: q.start });
  const row = (meta: Data): Row => ({ progress: null, achieved_at: null, redeemed_at: null, ...progress.get(String(meta.id)), id: String(meta.id), data: meta });
  return { total: page.total, achievements: page.items.map((meta) => present(row(meta))) };
}

/** A released achievement a player names (id or slug); unreleased ones do not exist for players. */
async function releasedAchievement(ctx: Ctx, appId: string, key: string): Promise<Data> {
  const meta = await findRecord(ctx, 'achievementMeta', appId, key);
  if (meta.status !== 'released') throw notFound();
  return meta;
}

async function progressRow(db: Queryable, appId: string, personaId: string, meta: Data, lock = false): Promise<Row> {
  const res = await db.query<Omit<Row, 'id' | 'data'>>(
    `SELECT progress, achieved_at, redeemed_at FROM passport_achievement_progress
     WHERE app_id = $1 AND persona_id = $2 AND achievement_id = $3${lock ? ' FOR UPDATE' : ''}`,
    [appId, personaId, meta.id],
  );
  const row = res.rows[0];
  return { id: String(meta.id), data: meta, progress: row?.progress ?? null, achieved_at: row?.achieved_at ?? null, redeemed_at: row?.redeemed_at ?? null };
}

/**
 * Moves a persona's progress: by `increment`, or up to `progress` (never down). Reaching the goal achieves it,
 * once; progress stops at the goal.
 */
export async function advanceAchievement(ctx: Ctx, player: PersonaPlayer, actor: string, key: string, change: { increment?: number; progress?: number }) {
  const meta = await releasedAchievement(ctx, player.appId, key);
  const goal = Number(meta.goal);
  const target = `${player.personaId}/${String(meta.id)}`;
  return ctx.db.transaction(async (tx) => {
    await tx.query(
      'INSERT INTO passport_achievement_progress (app_id, persona_id, achievement_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [player.appId, player.personaId, meta.id],
    );
    const current = await progressRow(tx, player.appId, player.personaId, meta, true);
    const was = Number(current.progress ?? 0);
    const next = Math.min(goal, change.increment !== undefined ? was + change.increment : Math.max(was, change.progress ?? 0));
    await tx.query(
      `UPDATE passport_achievement_progress SET progress = $4, updated_at = now(),
         achieved_at = coalesce(achieved_at, CASE WHEN $4::bigint >= $5::bigint THEN now() END)
       WHERE app_id = $1 AND persona_id = $2 AND achievement_id = $3`,
      [player.appId, player.personaId, meta.id, next, goal],
    );
    const after = present(await progressRow(tx, player.appId, player.personaId, meta));
    await liveopsAudit(tx, actor, player.appId, 'achievements.progress', target, present(current), after);
    return after;
  });
}

/** Redeems an achieved achievement's rewards into the persona's inventory, once. */
export async function redeemAchievement(ctx: Ctx, player: PersonaPlayer, actor: string, key: string) {
  const meta = await releasedAchievement(ctx, player.appId, key);
  return ctx.db.transaction(async (tx) => {
    const res = await tx.query(
      `UPDATE passport_achievement_progress SET redeemed_at = now(), updated_at = now()
       WHERE app_id = $1 AND persona_id = $2 AND achievement_id = $3 AND achieved_at IS NOT NULL AND redeemed_at IS NULL`,
      [player.appId, player.personaId, meta.id],
    );
    if (res.rowCount === 0) {
      const current = await progressRow(tx, player.appId, player.personaId, meta);
      throw refused(current.redeemed_at ? 'the reward was already redeemed' : 'the achievement is not achieved yet');
    }
    const rewards = (meta.rewards as Reward[] | undefined) ?? [];
    await grantRewards(tx, ctx, player.appId, player.personaId, rewards);
    const after = present(await progressRow(tx, player.appId, player.personaId, meta));
    await liveopsAudit(tx, actor, player.appId, 'achievements.redeem', `${player.personaId}/${String(meta.id)}`, undefined, after);
    return { achievement: after, granted: rewards };
  });
}
