import type { Ctx } from '../../../context';
import { badRequest, conflict, notFound } from '../../../engine/errors';
import { boardModel, boardOf, ensureVersion, type Board } from './board';
import { announcing } from './change-feed';
import type { RankIndex } from './rank-index';
import type { RankEntry } from './rank-list';
import { tierOf, type BoardRules } from './rules';
import { reachedAt, stateOf } from './state';
import type { Standing } from '../../../../resources/leaderboards-api';
import type { Page } from '../../../engine/api';

/** A submission's outcome: the member's standing right after it (no rank if the score was cleared meanwhile). */
export type Submitted = Omit<Standing, 'rank' | 'tier'> & { rank: number | null; tier: string | null; version: number; total: number };

/** A total the database refuses (its check on the score's range). */
const isOutOfRange = (err: unknown) => (err as { code?: string }).code === '23514';

/**
 * Records a submission for a member of the board's current version and answers the member's standing after it.
 * `userId` is the player the score belongs to (Player boards), null for an entity. A reset that lands meanwhile
 * sends the submission to the version it opened.
 */
export async function submitScore(ctx: Ctx, board: Board, memberId: string, score: number, userId: string | null): Promise<Submitted> {
  const { indexes, writer } = stateOf(ctx);
  let current = board;
  for (let attempt = 0; attempt < 3; attempt++) {
    const version = current.currentVersion;
    const target = { boardId: current.id, appId: current.appId, version, updateType: current.rules.updateType, sortOrder: current.rules.sortOrder };
    let entry: RankEntry | undefined;
    try {
      entry = await writer.submit(target, memberId, score, userId);
    } catch (err) {
      if (isOutOfRange(err)) throw badRequest([{ field: '/score', message: 'the total score is out of range' }]);
      throw err;
    }
    if (entry) {
      const index = await indexes.get(current.id, version);
      // Another write may have moved the member since; answer where they stand now.
      const now = index.entryOf(memberId);
      const standing = now ? standingIn(index, current.rules, now) : { ...standingIn(index, current.rules, entry), rank: null, tier: null };
      return { ...standing, version, total: index.size };
    }
    // The version has no row yet (a board's first score) or was just closed by a reset.
    await ensureVersion(ctx.db, current, version);
    current = boardOf(current.appId, await ctx.store.get(boardModel(ctx), current.appId, current.id));
  }
  throw conflict('INVALID_TRANSITION', 'the leaderboard is being reset, submit again');
}

/** The standing of an entry at a rank (1-based) among `total` members, tiered by the version's rules. */
const standingAt = (rules: BoardRules, rank: number, total: number, entry: RankEntry): Standing => ({
  rank,
  memberId: entry.memberId,
  score: entry.score,
  reachedAt: reachedAt(entry.reachedUs),
  tier: tierOf(rules, rank, total, entry.score),
});

const standingIn = (index: RankIndex, rules: BoardRules, entry: RankEntry) => standingAt(rules, index.list.indexOf(entry) + 1, index.size, entry);

/** The rules a version is ranked by: the board's own for the current version, the kept ones for a closed one. */
export async function rulesFor(ctx: Ctx, board: Board, version: number): Promise<BoardRules> {
  if (version === board.currentVersion) return board.rules;
  const res = await ctx.db.query<{ rules: BoardRules | null }>(
    'SELECT rules FROM leaderboard_versions WHERE board_id = $1 AND app_id = $2 AND version = $3 AND ended_at IS NOT NULL',
    [board.id, board.appId, version],
  );
  if (!res.rows[0]?.rules) throw notFound('leaderboard version not found');
  return res.rows[0].rules;
}

/** A member's standing in a version, or undefined without a score there. */
export async function standingOf(ctx: Ctx, board: Board, version: number, memberId: string): Promise<{ standing?: Standing; total: number }> {
  const rules = await rulesFor(ctx, board, version);
  const index = await stateOf(ctx).indexes.get(board.id, version);
  const entry = index.entryOf(memberId);
  return { standing: entry ? standingIn(index, rules, entry) : undefined, total: index.size };
}

export type PageRequest = { start: number; count: number } | { around: string; count: number };

export type Paging = Page & { memberId?: string };

export const pageOf = (q: Paging): PageRequest => (q.memberId ? { around: q.memberId, count: q.count } : { start: q.start, count: q.count });

/**
 * A page of a version's ranking under that version's rules (`rulesFor`): from a 0-based position, or centred on a
 * member (404 when the member has no score there).
 */
export async function rankingPage(ctx: Ctx, board: Board, version: number, rules: BoardRules, page: PageRequest): Promise<{ total: number; start: number; scores: Standing[] }> {
  const index = await stateOf(ctx).indexes.get(board.id, version);
  let start: number;
  if ('around' in page) {
    const rank = index.rankOf(page.around);
    if (rank === null) throw notFound('no score for this member');
    start = Math.max(0, Math.min(rank - 1 - Math.floor(page.count / 2), index.size - page.count));
  } else {
    start = page.start;
  }
  const scores = index.list.slice(start, page.count).map((e, i) => standingAt(rules, start + i + 1, index.size, e));
  return { total: index.size, start, scores };
}

/** Deletes a player's scores from current versions, announcing the removals to the other instances ($3). */
const CLEAR_USER_SQL = announcing(
  `changed AS (
    DELETE FROM leaderboard_scores s USING leaderboard_versions v
      WHERE s.app_id = $1 AND s.user_id = $2 AND v.board_id = s.board_id AND v.version = s.version AND v.ended_at IS NULL
      RETURNING s.board_id, s.version, s.member_id, s.revision
  )`,
  '$3',
  true,
);

/**
 * Removes a player's scores from the current version of every Player board of the app (and from the rank
 * indexes, this instance's and the others'). Answers how many boards held one.
 */
export async function clearUserScores(ctx: Ctx, appId: string, userId: string): Promise<{ board: string; version: number }[]> {
  const { indexes, feed } = stateOf(ctx);
  const res = await ctx.db.query<{ board_id: string; version: number; member_id: string; revision: number | string }>(CLEAR_USER_SQL, [
    appId,
    userId,
    feed.origin,
  ]);
  for (const r of res.rows) indexes.remove(r.board_id, r.version, r.member_id, Number(r.revision));
  return res.rows.map((r) => ({ board: r.board_id, version: r.version }));
}

/** Whether a version holds any score (its sort order, update and member types are then fixed). */
export async function hasScores(ctx: Ctx, boardId: string, version: number): Promise<boolean> {
  const res = await ctx.db.query('SELECT 1 FROM leaderboard_scores WHERE board_id = $1 AND version = $2 LIMIT 1', [boardId, version]);
  return res.rows.length > 0;
}
