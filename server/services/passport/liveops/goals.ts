import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { grantRewards, liveopsAudit, type PersonaPlayer, refused, type Reward } from './common';

/**
 * A persona's progress toward a goal whose reward is claimed once: an achievement (redeemed once), or a quest item
 * in one period (claimed once per period). Each kind keeps its rows in its own table, keyed by app, persona and
 * `keys`; progress stops at the goal, reaching it is noted once, and claiming needs it reached and not yet claimed.
 */
export interface GoalTable {
  table: string;
  /** The key columns after `app_id` and `persona_id`. */
  keys: string[];
  /** When the goal was reached (`achieved_at`, `completed_at`). */
  reachedAt: string;
  /** When its reward was claimed (`redeemed_at`, `claimed_at`). */
  claimedAt: string;
}

/** One persona's row toward a goal (zero and never when it has none yet). */
export interface GoalRow {
  progress: number;
  reachedAt: Date | null;
  claimedAt: Date | null;
}

/** One goal of one persona: which row, what it counts to, and how it is shown and written to the history. */
export interface Goal<V> {
  player: PersonaPlayer;
  actor: string;
  /** The values of the table's `keys`. */
  key: unknown[];
  goal: number;
  view: (row: GoalRow) => V;
  /** The history's action (`achievements.progress`) and target. */
  action: string;
  target: string;
}

/** The row of a persona with no progress yet. */
export const NO_PROGRESS: GoalRow = { progress: 0, reachedAt: null, claimedAt: null };

const keyOf = (t: GoalTable, g: Goal<unknown>) => [g.player.appId, g.player.personaId, ...g.key];
const whereKey = (t: GoalTable) => ['app_id', 'persona_id', ...t.keys].map((c, i) => `${c} = $${i + 1}`).join(' AND ');

/** The row of one goal (`key`: app, persona and the key values), locked for the caller's transaction if asked. */
async function goalRow(db: Queryable, t: GoalTable, key: unknown[], lock = false): Promise<GoalRow> {
  const within = Object.fromEntries(t.keys.map((c, i) => [c, [String(key[i + 2])]]));
  return (await personaGoals(db, t, String(key[0]), String(key[1]), within, lock)).get(key.slice(2).join('/')) ?? NO_PROGRESS;
}

/**
 * A persona's rows of a goal table, by their key values joined with `/`; `within` limits key columns to some
 * values (the quests of a page, the current periods).
 */
export async function personaGoals(db: Queryable, t: GoalTable, appId: string, personaId: string, within: Record<string, string[]> = {}, lock = false) {
  const limits = Object.keys(within).map((c, i) => ` AND ${c} = ANY($${i + 3}::text[])`).join('');
  const res = await db.query<Record<string, string> & { reached_at: Date | null; claimed_at: Date | null }>(
    `SELECT ${t.keys.join(', ')}, progress, ${t.reachedAt} AS reached_at, ${t.claimedAt} AS claimed_at FROM ${t.table}
     WHERE app_id = $1 AND persona_id = $2${limits}${lock ? ' FOR UPDATE' : ''}`,
    [appId, personaId, ...Object.values(within)],
  );
  const row = (r: (typeof res.rows)[number]): GoalRow => ({ progress: Number(r.progress), reachedAt: r.reached_at, claimedAt: r.claimed_at });
  return new Map(res.rows.map((r) => [t.keys.map((k) => r[k]).join('/'), row(r)]));
}

/** Moves a persona's progress to `next(was)`, never past the goal; reaching the goal is noted once. */
export async function advanceGoal<V>(ctx: Ctx, t: GoalTable, g: Goal<V>, next: (was: number) => number, now = new Date()): Promise<V> {
  const key = keyOf(t, g);
  const n = key.length;
  return ctx.db.transaction(async (tx) => {
    const columns = ['app_id', 'persona_id', ...t.keys].join(', ');
    const values = key.map((_, i) => `$${i + 1}`).join(', ');
    await tx.query(`INSERT INTO ${t.table} (${columns}) VALUES (${values}) ON CONFLICT DO NOTHING`, key);
    const before = await goalRow(tx, t, key, true);
    await tx.query(
      `UPDATE ${t.table} SET progress = $${n + 1}, updated_at = $${n + 3},
         ${t.reachedAt} = coalesce(${t.reachedAt}, CASE WHEN $${n + 1}::bigint >= $${n + 2}::bigint THEN $${n + 3}::timestamptz END)
       WHERE ${whereKey(t)}`,
      [...key, Math.min(g.goal, next(before.progress)), g.goal, now.toISOString()],
    );
    const after = g.view(await goalRow(tx, t, key));
    await liveopsAudit(tx, g.actor, g.player.appId, g.action, g.target, g.view(before), after);
    return after;
  });
}

/**
 * Claims a reached goal's rewards into the persona's inventory, once, together with the grant; refused with
 * `already` when claimed before, `notReached` when the goal is not reached.
 */
export async function claimGoal<V>(
  ctx: Ctx,
  t: GoalTable,
  g: Goal<V>,
  rewards: Reward[],
  refusals: { already: string; notReached: string },
  now = new Date(),
): Promise<V> {
  const key = keyOf(t, g);
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx.query(
      `UPDATE ${t.table} SET ${t.claimedAt} = $${key.length + 1}, updated_at = $${key.length + 1}
       WHERE ${whereKey(t)} AND ${t.reachedAt} IS NOT NULL AND ${t.claimedAt} IS NULL`,
      [...key, now.toISOString()],
    );
    if (!claimed.rowCount) throw refused((await goalRow(tx, t, key)).claimedAt ? refusals.already : refusals.notReached);
    await grantRewards(tx, ctx, g.player.appId, g.player.personaId, rewards);
    const after = g.view(await goalRow(tx, t, key));
    await liveopsAudit(tx, g.actor, g.player.appId, g.action, g.target, undefined, after);
    return after;
  });
}
