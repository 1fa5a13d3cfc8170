import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db/types';
import type { Page } from '../../../engine/api';
import { conflict, notFound } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { RecordStore, type Data } from '../../../engine/store';
import { tablePage } from '../../../engine/table-page';
import { storedFields } from '../../../engine/write';
import { boardModel, boardOf, ensureVersion, type Board } from './board';
import { lastRewardableRank, rewardOf, rulesOf, tierOf, type BoardRules } from './rules';
import { rankedRows } from './rank-index';
import { stateOf } from './state';
import type { RewardView, Schedule, VersionView } from '../../../../resources/leaderboards-api';

/** A board's versions, newest first. The current one counts its members from the rank index. */
export async function listVersions(ctx: Ctx, board: Board, { start, count }: Page): Promise<{ total: number; versions: VersionView[] }> {
  const columns = 'version, started_at, ended_at, ended_by, member_count';
  const [{ total, rows }, index] = await Promise.all([
    tablePage(ctx.db, { table: 'leaderboard_versions', columns, appId: board.appId, where: { board_id: board.id }, orderBy: 'version DESC', count, start }),
    stateOf(ctx).indexes.get(board.id, board.currentVersion),
  ]);
  const current = (v: number) => v === board.currentVersion;
  const versions = rows.map((r) => ({ ...r, current: current(Number(r.version)), memberCount: current(Number(r.version)) ? index.size : (r.memberCount ?? 0) }) as VersionView);
  if (total > 0) return { total, versions };
  // A board nobody has scored on yet has no version rows (its first score or reset writes them): it is on its first.
  const first: VersionView = { version: board.currentVersion, current: true, startedAt: new Date(board.createdAt).toISOString(), endedAt: null, endedBy: null, memberCount: 0 };
  return { total: 1, versions: start === 0 ? [first] : [] };
}

export interface ResetOutcome {
  archived: number;
  current: number;
  memberCount: number;
  board: Data;
  before: Data;
}

/**
 * Closes a board's current version (keeping the rules it is ranked and rewarded by) and opens the next one,
 * empty, in one transaction. `when` (the scheduler) makes it conditional on the schedule still being due at that
 * run, moves the schedule to its following run and marks the closed version's rewards pending (granted by
 * `grantPendingRewards`, which clears the mark); answers undefined when it no longer is.
 */
export async function closeVersion(
  ctx: Ctx,
  appId: string,
  boardId: string,
  actor: string,
  when?: { dueAt: string; nextSchedule: (record: Data) => Schedule },
): Promise<ResetOutcome | undefined> {
  const m = boardModel(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    const store = new RecordStore(tx);
    const before = await records(tx, m).get(appId, boardId, { lock: 'update' });
    const board = boardOf(appId, before);
    if (when && board.schedule?.nextRunAt !== when.dueAt) return undefined;
    const v = board.currentVersion;
    await ensureVersion(tx, board, v);
    const closed = await tx.query(
      `UPDATE leaderboard_versions SET ended_at = now(), ended_by = $3, rules = $4, rewards_pending = $5
        WHERE board_id = $1 AND version = $2 AND ended_at IS NULL RETURNING version`,
      [boardId, v, actor, JSON.stringify(board.rules), when !== undefined],
    );
    if (!closed.rows[0]) throw conflict('INVALID_TRANSITION', 'the leaderboard is being reset');
    // Counted after the close: every score written before it has committed, and no later one can land.
    const counted = await tx.query<{ n: number }>(
      'UPDATE leaderboard_versions SET member_count = (SELECT count(*) FROM leaderboard_scores WHERE board_id = $1 AND version = $2) WHERE board_id = $1 AND version = $2 RETURNING member_count AS n',
      [boardId, v],
    );
    await tx.query('INSERT INTO leaderboard_versions (board_id, app_id, version) VALUES ($1, $2, $3)', [boardId, appId, v + 1]);
    const data: Data = { ...storedFields(m, before), currentVersion: v + 1 };
    if (when) data.schedule = when.nextSchedule(before);
    const after = await store.update(m, appId, boardId, { data, version: before.version as number });
    return { archived: v, current: v + 1, memberCount: Number(counted.rows[0].n), board: after, before };
  });
  if (outcome) stateOf(ctx).indexes.drop(boardId, outcome.archived);
  return outcome;
}

/** Reward rows inserted per statement. */
const REWARD_BATCH = 5_000;

interface RankedRow {
  member_id: string;
  user_id: string | null;
  score: number | string;
  rank_key: number | string;
  reached_us: number | string;
}

/**
 * Grants the rewards of a closed version by the rules it closed with: every member whose rank (and tier) the
 * rules reward gets one record. Records already there are kept, so issuing again creates only missing ones.
 * Answers how many members the rules reward and how many records this call created. `q` is the transaction to
 * grant them in, if any.
 */
export async function issueRewards(
  ctx: Ctx,
  appId: string,
  boardId: string,
  version: number,
  q: Queryable = ctx.db,
): Promise<{ entitled: number; created: number }> {
  const res = await q.query<{ ended_at: Date | null; rules: BoardRules | null; member_count: number | null }>(
    'SELECT ended_at, rules, member_count FROM leaderboard_versions WHERE board_id = $1 AND app_id = $2 AND version = $3',
    [boardId, appId, version],
  );
  const row = res.rows[0];
  if (!row) throw notFound('leaderboard version not found');
  if (!row.ended_at || !row.rules) throw conflict('INVALID_TRANSITION', 'rewards are issued for closed versions only');
  const rules = rulesOf(row.rules as unknown as Data);
  const total = row.member_count ?? 0;
  const last = lastRewardableRank(rules, total);
  let rank = 0;
  let entitled = 0;
  let created = 0;
  if (last === 0) return { entitled, created };
  for await (const page of rankedRows<RankedRow>(q, boardId, version, 'member_id, user_id, score, rank_key, reached_us', REWARD_BATCH)) {
    const grant: { member: string; user: string | null; rank: number; score: number; tier: string | null; items: string }[] = [];
    for (const r of page) {
      rank += 1;
      if (rank > last) break;
      const score = Number(r.score);
      const tier = tierOf(rules, rank, total, score);
      const items = rewardOf(rules, rank, tier);
      if (items) grant.push({ member: r.member_id, user: r.user_id, rank, score, tier, items: JSON.stringify(items) });
    }
    entitled += grant.length;
    if (grant.length) {
      const inserted = await q.query(
        `INSERT INTO leaderboard_rewards (board_id, version, app_id, member_id, user_id, rank, score, tier, items)
         SELECT $1, $2, $3, m, u, r, s, t, i::jsonb
           FROM unnest($4::text[], $5::text[], $6::int[], $7::bigint[], $8::text[], $9::text[]) AS x(m, u, r, s, t, i)
         ON CONFLICT (board_id, version, member_id) DO NOTHING`,
        [boardId, version, appId, ...(['member', 'user', 'rank', 'score', 'tier', 'items'] as const).map((k) => grant.map((g) => g[k]))],
      );
      created += inserted.rowCount;
    }
    if (rank >= last) break;
  }
  return { entitled, created };
}

/** The rewards granted for a version, by rank. */
export async function listRewards(ctx: Ctx, board: Board, version: number, { start, count }: Page): Promise<{ total: number; rewards: RewardView[] }> {
  const columns = 'member_id, user_id, rank, score, tier, items, created_at';
  const where = { board_id: board.id, version: String(version) };
  const { total, rows } = await tablePage(ctx.db, { table: 'leaderboard_rewards', columns, appId: board.appId, where, orderBy: 'rank', count, start });
  return { total, rewards: rows.map((r) => ({ ...r, score: Number(r.score) }) as RewardView) };
}
