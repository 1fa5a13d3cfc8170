import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db';
import { entryOfRow, SCORE_COLUMNS, type RankIndexes, type ScoreRow } from './rank-index';

/** The channel on which instances announce the score rows they committed (ADR 0018, the change feed). */
export const LEADERBOARDS_CHANNEL = 'lodestar_leaderboards';

/**
 * A notice: the instance that sent it (`o`), the board (`b`) and version (`v`), and either the range of revisions its
 * statement wrote (`from`, `to`: the rows are read back by them) or the members it removed with their revisions
 * (`gone`: a removed row cannot be read back).
 */
interface Notice {
  o: string;
  b: string;
  v: number;
  from?: number;
  to?: number;
  gone?: [string, number][];
}

/**
 * SQL for a statement that changes scores and announces them: `changed` is a data-modifying CTE returning
 * `board_id, version, member_id, revision` (and what the caller selects); `origin` the placeholder of the sending
 * instance's id. The notices are sent by the database when the statement's transaction commits, and only then — one
 * per board version: the revisions written, or, with `removed`, each member removed. The statement answers the
 * changed rows.
 */
export function announcing(changed: string, origin: string, removed = false): string {
  const what = removed ? `'gone', json_agg(json_build_array(member_id, revision))` : `'from', min(revision), 'to', max(revision)`;
  return `WITH ${changed},
  told AS (
    SELECT board_id, version, pg_notify('${LEADERBOARDS_CHANNEL}', json_build_object('o', ${origin}::text, 'b', board_id, 'v', version, ${what})::text)
      FROM changed GROUP BY board_id, version
  )
  SELECT changed.* FROM changed JOIN told USING (board_id, version)`;
}

const READ_WRITTEN = `SELECT ${SCORE_COLUMNS} FROM leaderboard_scores WHERE revision BETWEEN $3 AND $4 AND board_id = $1 AND version = $2`;

/**
 * This instance's ear on the other instances' score changes. Every score statement announces what it committed
 * (`announcing`); each other instance that holds that version's rank index reads the written rows back by their
 * revisions and applies them (revisions make late and repeated rows harmless), and applies removals as they come.
 * A listener that had to reconnect may have missed notices: every index is dropped and read again on next use.
 */
export class ChangeFeed {
  /** Names this instance in its notices, so that it skips its own (it applied them when it wrote). */
  readonly origin = randomUUID();
  private listening?: Promise<unknown>;
  /** Per version being read back: the revisions still to read once the read in flight is done. */
  private readonly reading = new Map<string, { from: number; to: number } | null>();

  constructor(
    private readonly db: Db,
    private readonly indexes: RankIndexes,
  ) {}

  /** Resolves once this instance hears the others' notices; starts listening on first use (again after a failure). */
  async hearing(): Promise<void> {
    this.listening ??= this.db
      .listen(
        LEADERBOARDS_CHANNEL,
        (payload) => this.heard(payload),
        () => this.indexes.clear(),
      )
      .catch((err: unknown) => {
        this.listening = undefined;
        throw err;
      });
    await this.listening;
  }

  private heard(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if (notice.o === this.origin || !this.indexes.holds(notice.b, notice.v)) return;
    if (notice.gone) for (const [member, revision] of notice.gone) this.indexes.remove(notice.b, notice.v, member, revision);
    else if (notice.from !== undefined && notice.to !== undefined) this.readBack(notice.b, notice.v, notice.from, notice.to);
  }

  /** Reads written rows back, one read per version at a time: ranges heard meanwhile are read together next. */
  private readBack(boardId: string, version: number, from: number, to: number): void {
    const key = `${boardId}:${version}`;
    if (this.reading.has(key)) {
      const queued = this.reading.get(key);
      this.reading.set(key, queued ? { from: Math.min(queued.from, from), to: Math.max(queued.to, to) } : { from, to });
      return;
    }
    this.reading.set(key, null);
    void this.db.query<ScoreRow>(READ_WRITTEN, [boardId, version, from, to]).then(
      (res) => {
        for (const row of res.rows) this.indexes.upsert(boardId, version, entryOfRow(row));
        this.next(key, boardId, version);
      },
      () => {
        // Rows this index may now lack: read the whole version again when next asked for.
        this.indexes.drop(boardId, version);
        this.next(key, boardId, version);
      },
    );
  }

  private next(key: string, boardId: string, version: number): void {
    const queued = this.reading.get(key);
    this.reading.delete(key);
    if (queued) this.readBack(boardId, version, queued.from, queued.to);
  }
}
