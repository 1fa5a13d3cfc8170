import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { notFound } from '../../../engine/errors';
import { kindPredicate } from '../../../engine/sql';
import type { Data } from '../../../engine/store';
import { findRecord, iso, kindOf, liveopsAudit, passportModel, refused, type PersonaPlayer, type Reward } from './common';
import { grantRewards } from './grants';

/** Filters of a persona's achievements by their two per-persona states (spec 002 §4). */
export const ACHIEVEMENT_STATES = ['achieved', 'not_achieved', 'redeemed', 'not_redeemed'] as const;
export type AchievementState = (typeof ACHIEVEMENT_STATES)[number];

const STATE_SQL: Record<AchievementState, string> = {
  achieved: 'p.achieved_at IS NOT NULL',
  not_achieved: 'p.achieved_at IS NULL',
  redeemed: 'p.redeemed_at IS NOT NULL',
  not_redeemed: 'p.redeemed_at IS NULL',
};

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

/** The distinct categories or series the app's achievements use, with how many achievements each has. */
export async function achievementGroups(ctx: Ctx, appId: string, field: 'category' | 'series') {
  const m = passportModel(ctx, 'achievementMeta');
  const res = await ctx.db.query<{ name: string; count: number }>(
    `SELECT data->>'${field}' AS name, count(*)::int AS count FROM records
     WHERE ${kindPredicate(m)} AND scope_id = $1 AND coalesce(data->>'${field}', '') <> '' GROUP BY 1 ORDER BY 1`,
    [appId],
  );
  return res.rows;
}

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
  const m = passportModel(ctx, 'achievementMeta');
  const conds = [kindOf(m, 'r'), 'r.scope_id = $1', "r.status = 'released'"];
  if (q.state) conds.push(STATE_SQL[q.state]);
  if (q.asPlayer) conds.push("(coalesce((r.data->>'hidden')::boolean, false) = false OR p.achieved_at IS NOT NULL)");
  const from = `FROM records r LEFT JOIN passport_achievement_progress p ON p.app_id = r.scope_id AND p.persona_id = $2 AND p.achievement_id = r.id
    WHERE ${conds.join(' AND ')}`;
  const [rows, total] = await Promise.all([
    ctx.db.query<Row>(
      `SELECT r.id, r.data, p.progress, p.achieved_at, p.redeemed_at ${from}
       ORDER BY r.data->>'category', r.data->>'series', (r.data->>'goal')::numeric, r.data->>'name', r.id LIMIT $3 OFFSET $4`,
      [appId, personaId, q.count, q.start],
    ),
    ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [appId, personaId]),
  ]);
  return { total: total.rows[0].n, achievements: rows.rows.map(present) };
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
