import type { Db, Queryable } from '../../../db';
import { RankList, type RankEntry } from './rank-list';

/**
 * One leaderboard version's ranking in memory: the ordered entries and each member's current one. Writes arrive
 * after they were committed, possibly out of order; an entry replaces a member's only if its revision is newer,
 * and a removed member remembers the revision it was removed at so a late, older write cannot bring it back.
 */
export class RankIndex {
  readonly list: RankList;
  private readonly byMember = new Map<string, RankEntry>();
  private readonly removed = new Map<string, number>();

  constructor(sorted: RankEntry[] = []) {
    this.list = RankList.fromSorted(sorted);
    for (const e of sorted) this.byMember.set(e.memberId, e);
  }

  get size(): number {
    return this.list.size;
  }

  upsert(entry: RankEntry): void {
    const known = this.byMember.get(entry.memberId);
    if (known) {
      if (known.revision >= entry.revision) return;
      this.list.remove(known);
    } else {
      const gone = this.removed.get(entry.memberId);
      if (gone !== undefined && gone >= entry.revision) return;
      this.removed.delete(entry.memberId);
    }
    this.list.insert(entry);
    this.byMember.set(entry.memberId, entry);
  }

  /** The member's row, last written at `revision`, was deleted. */
  remove(memberId: string, revision: number): void {
    const known = this.byMember.get(memberId);
    if (known && known.revision > revision) return;
    if (known) {
      this.list.remove(known);
      this.byMember.delete(memberId);
    }
    this.removed.set(memberId, Math.max(revision, this.removed.get(memberId) ?? 0));
  }

  entryOf(memberId: string): RankEntry | undefined {
    return this.byMember.get(memberId);
  }

  /** 1-based rank of a member, or null without a score. */
  rankOf(memberId: string): number | null {
    const e = this.byMember.get(memberId);
    return e ? this.list.indexOf(e) + 1 : null;
  }
}

type Change = { kind: 'upsert'; entry: RankEntry } | { kind: 'remove'; memberId: string; revision: number };

interface Slot {
  index?: RankIndex;
  /** Changes that arrived while the version was being read. */
  pending: Change[];
  ready: Promise<RankIndex>;
}

/** Rows read per statement while loading a version. */
const BATCH = 20_000;

/** The columns of a score row that make its rank entry. */
export const SCORE_COLUMNS = 'member_id, score, rank_key, reached_us, revision';
const ORDER = 'ORDER BY rank_key, reached_us, member_id';

export interface ScoreRow {
  member_id: string;
  score: number | string;
  rank_key: number | string;
  reached_us: number | string;
  revision: number | string;
}

export const entryOfRow = (r: ScoreRow): RankEntry => ({
  memberId: r.member_id,
  score: Number(r.score),
  rankKey: Number(r.rank_key),
  reachedUs: Number(r.reached_us),
  revision: Number(r.revision),
});

/** The columns that place a score row in its version's ranking. */
type Placed = Pick<ScoreRow, 'member_id' | 'rank_key' | 'reached_us'>;

/**
 * A version's score rows in rank order, `batch` rows a statement, read along the ranking index (each statement
 * starts after the last row of the one before).
 */
export async function* rankedRows<R extends Placed>(q: Queryable, boardId: string, version: number, columns: string, batch: number): AsyncGenerator<R[]> {
  let last: R | undefined;
  for (;;) {
    const after = last ? 'AND (rank_key, reached_us, member_id) > ($4::bigint, $5::bigint, $6::text)' : '';
    const res = await q.query<R>(
      `SELECT ${columns} FROM leaderboard_scores WHERE board_id = $1 AND version = $2 ${after} ${ORDER} LIMIT $3`,
      last ? [boardId, version, batch, last.rank_key, last.reached_us, last.member_id] : [boardId, version, batch],
    );
    if (res.rows.length) yield res.rows;
    if (res.rows.length < batch) return;
    last = res.rows[res.rows.length - 1];
  }
}

/** A version's entries in rank order, read from one snapshot. */
async function readVersion(db: Db, boardId: string, version: number): Promise<RankEntry[]> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const out: RankEntry[] = [];
    for await (const rows of rankedRows<ScoreRow>(tx, boardId, version, SCORE_COLUMNS, BATCH)) for (const row of rows) out.push(entryOfRow(row));
    return out;
  });
}

/**
 * The rank indexes of this server, one per leaderboard version in use, loaded from the database on first use and
 * kept current by the writes this server commits and those the other instances announce (`change-feed.ts`). Least
 * recently used versions are dropped once the entries kept pass `budget` (a dropped version is read again when
 * next asked for).
 */
export class RankIndexes {
  private readonly slots = new Map<string, Slot>();
  /** Resolves once the other instances' changes are heard: a version is read only after that. */
  private hearing: () => Promise<void> = () => Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly budget = 3_000_000,
  ) {}

  /** The index of a version, read from the database if this server has not got it. */
  get(boardId: string, version: number): Promise<RankIndex> {
    const key = `${boardId}:${version}`;
    const slot = this.slots.get(key);
    if (slot) {
      // Most recently used last.
      this.slots.delete(key);
      this.slots.set(key, slot);
      return slot.ready;
    }
    const fresh = { pending: [] as Change[] } as Slot;
    const read = async () => {
      await this.hearing();
      return readVersion(this.db, boardId, version);
    };
    fresh.ready = read().then(
      (entries) => {
        const index = new RankIndex(entries);
        for (const change of fresh.pending) apply(index, change);
        fresh.pending = [];
        fresh.index = index;
        this.trim(key);
        return index;
      },
      (err: unknown) => {
        if (this.slots.get(key) === fresh) this.slots.delete(key);
        throw err;
      },
    );
    this.slots.set(key, fresh);
    return fresh.ready;
  }

  /** A committed write of a member's score. */
  upsert(boardId: string, version: number, entry: RankEntry): void {
    this.change(boardId, version, { kind: 'upsert', entry });
  }

  /** A committed deletion of a member's score, which was last written at `revision`. */
  remove(boardId: string, version: number, memberId: string, revision: number): void {
    this.change(boardId, version, { kind: 'remove', memberId, revision });
  }

  /** Forgets a version (it was closed; it is read again, as archived, when asked for). */
  drop(boardId: string, version: number): void {
    this.slots.delete(`${boardId}:${version}`);
  }

  /** Forgets every version (changes may have been missed): each is read again when next asked for. */
  clear(): void {
    this.slots.clear();
  }

  /** Whether this server holds (or is reading) a version's index: changes to others need not be read. */
  holds(boardId: string, version: number): boolean {
    return this.slots.has(`${boardId}:${version}`);
  }

  /** Reads versions only once `hearing` resolves (the change feed listens), so that no change is missed. */
  hearWith(hearing: () => Promise<void>): void {
    this.hearing = hearing;
  }

  private change(boardId: string, version: number, change: Change): void {
    const slot = this.slots.get(`${boardId}:${version}`);
    if (!slot) return;
    if (slot.index) apply(slot.index, change);
    else slot.pending.push(change);
  }

  /** Drops least recently used loaded versions, never `keep`, while the entries kept exceed the budget. */
  private trim(keep: string): void {
    let total = 0;
    for (const slot of this.slots.values()) total += slot.index?.size ?? 0;
    for (const [key, slot] of this.slots) {
      if (total <= this.budget) return;
      if (key === keep || !slot.index) continue;
      total -= slot.index.size;
      this.slots.delete(key);
    }
  }
}

function apply(index: RankIndex, change: Change): void {
  if (change.kind === 'upsert') index.upsert(change.entry);
  else index.remove(change.memberId, change.revision);
}
