import type { Db } from '../../../db';
import { announcing, type ChangeFeed } from './change-feed';
import { entryOfRow, type RankIndexes } from './rank-index';
import type { RankEntry } from './rank-list';
import { rankSign, type SortOrder, type UpdateType } from './rules';
import type { ReachedClock } from './state';

/**
 * How each update type merges a submission (EXCLUDED) into the kept row (s). The reached time changes only when
 * the kept score changes: a member keeps the time they first reached their current score.
 */
const MERGE: Record<UpdateType, string> = {
  KeepBest: `score = CASE WHEN EXCLUDED.rank_key < s.rank_key THEN EXCLUDED.score ELSE s.score END,
    reached_us = CASE WHEN EXCLUDED.rank_key < s.rank_key THEN EXCLUDED.reached_us ELSE s.reached_us END,
    rank_key = LEAST(EXCLUDED.rank_key, s.rank_key)`,
  KeepLatest: `score = EXCLUDED.score, rank_key = EXCLUDED.rank_key,
    reached_us = CASE WHEN EXCLUDED.score = s.score THEN s.reached_us ELSE EXCLUDED.reached_us END`,
  Aggregate: `score = s.score + EXCLUDED.score, rank_key = s.rank_key + EXCLUDED.rank_key,
    reached_us = CASE WHEN EXCLUDED.score = 0 THEN s.reached_us ELSE EXCLUDED.reached_us END`,
};

/**
 * One statement writes a batch of submissions for distinct members of one version. It writes only while the
 * version is open: the share lock on the version's row waits for a reset closing it, then finds it closed and
 * writes nothing. It announces the rows it wrote to the other instances when it commits (`$9`: this instance).
 */
const batchSql = (type: UpdateType) =>
  announcing(
    `live AS (
    SELECT app_id FROM leaderboard_versions WHERE board_id = $1 AND version = $2 AND app_id = $3 AND ended_at IS NULL FOR SHARE
  ),
  changed AS (
  INSERT INTO leaderboard_scores AS s (board_id, version, app_id, member_id, score, rank_key, reached_us, user_id, revision)
  SELECT $1, $2, live.app_id, x.m, x.sc, x.rk, x.r, x.u, nextval('leaderboard_score_revision')
    FROM live, unnest($4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::text[]) AS x(m, sc, rk, r, u)
  ON CONFLICT (board_id, version, member_id) DO UPDATE SET ${MERGE[type]},
    user_id = EXCLUDED.user_id, revision = EXCLUDED.revision, updated_at = now()
  RETURNING board_id, version, member_id, score, rank_key, reached_us, revision
  )`,
    '$9',
  );

const BATCH_SQL = Object.fromEntries((Object.keys(MERGE) as UpdateType[]).map((t) => [t, batchSql(t)])) as Record<UpdateType, string>;

/** Where a submission goes: one version of one board, merged by its update type and ranked by its sort order. */
export interface Target {
  boardId: string;
  appId: string;
  version: number;
  updateType: UpdateType;
  sortOrder: SortOrder;
}

interface Pending {
  memberId: string;
  score: number;
  reachedUs: number;
  userId: string | null;
  /** The member's entry as written, or undefined when the version was not open. */
  resolve: (entry: RankEntry | undefined) => void;
  reject: (err: unknown) => void;
}

/** Members per statement. */
const MAX_BATCH = 500;
/** Statements in flight per version (the connection pool has ten). */
const MAX_IN_FLIGHT = 4;

/**
 * Writes submissions with as few statements as the load allows. A submission is sent at once when the version has
 * a free slot; those that arrive while its statements are in flight wait and go together in the next one. A member
 * is never in two statements at once, so each member's submissions are written in the order they came, and
 * concurrent statements touch different rows. Every written entry goes to the rank indexes, and to the other
 * instances' through the change feed.
 */
export class ScoreWriter {
  private readonly queues = new Map<string, { target: Target; waiting: Pending[]; busy: Set<string>; running: number }>();

  constructor(
    private readonly db: Db,
    private readonly indexes: RankIndexes,
    private readonly clock: ReachedClock,
    private readonly feed: ChangeFeed,
  ) {}

  submit(target: Target, memberId: string, score: number, userId: string | null): Promise<RankEntry | undefined> {
    const key = `${target.boardId}:${target.version}:${target.updateType}:${target.sortOrder}`;
    let queue = this.queues.get(key);
    if (!queue) {
      queue = { target, waiting: [], busy: new Set(), running: 0 };
      this.queues.set(key, queue);
    }
    const q = queue;
    return new Promise((resolve, reject) => {
      q.waiting.push({ memberId, score, reachedUs: this.clock.next(), userId, resolve, reject });
      this.pump(key);
    });
  }

  private pump(key: string): void {
    const q = this.queues.get(key);
    if (!q) return;
    while (q.running < MAX_IN_FLIGHT && q.waiting.length) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      const members = new Set<string>();
      for (const p of q.waiting) {
        if (batch.length < MAX_BATCH && !q.busy.has(p.memberId) && !members.has(p.memberId)) {
          batch.push(p);
          members.add(p.memberId);
        } else rest.push(p);
      }
      if (batch.length === 0) return;
      q.waiting = rest;
      for (const m of members) q.busy.add(m);
      q.running += 1;
      void this.write(q.target, batch).finally(() => {
        for (const m of members) q.busy.delete(m);
        q.running -= 1;
        if (q.running === 0 && q.waiting.length === 0) this.queues.delete(key);
        else this.pump(key);
      });
    }
  }

  /** Writes a batch; if the statement fails, writes its submissions one by one so only the faulty one fails. */
  private async write(target: Target, batch: Pending[]): Promise<void> {
    let rows: Parameters<typeof entryOfRow>[0][];
    // Rows locked in member order: statements of other servers on the same rows cannot deadlock with this one.
    const sorted = [...batch].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
    const sign = rankSign(target.sortOrder);
    try {
      const res = await this.db.query<Parameters<typeof entryOfRow>[0]>(BATCH_SQL[target.updateType], [
        target.boardId,
        target.version,
        target.appId,
        sorted.map((p) => p.memberId),
        sorted.map((p) => p.score),
        sorted.map((p) => sign * p.score),
        sorted.map((p) => p.reachedUs),
        sorted.map((p) => p.userId),
        this.feed.origin,
      ]);
      rows = res.rows;
    } catch (err) {
      if (batch.length === 1) batch[0].reject(err);
      else for (const p of batch) await this.write(target, [p]);
      return;
    }
    const written = new Map(rows.map((r) => [r.member_id, entryOfRow(r)]));
    for (const entry of written.values()) this.indexes.upsert(target.boardId, target.version, entry);
    for (const p of batch) p.resolve(written.get(p.memberId));
  }
}
