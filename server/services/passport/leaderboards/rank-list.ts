/** A member's standing in one leaderboard version, as the rank index keeps it. */
export interface RankEntry {
  memberId: string;
  score: number;
  /** The score signed so that ascending order is best first (minus the score on Desc boards). */
  rankKey: number;
  /** When the member reached this score, in microseconds since the epoch: earlier ranks first on a tie. */
  reachedUs: number;
  /** The write that produced this entry; a later write has a larger one. */
  revision: number;
}

/**
 * Best first: the smaller rank key, then the earlier reached time, then the member id in code-unit order (member
 * ids are ASCII, so this is the byte order of the database's "C" collation).
 */
export function compareEntries(a: RankEntry, b: RankEntry): number {
  if (a.rankKey !== b.rankKey) return a.rankKey < b.rankKey ? -1 : 1;
  if (a.reachedUs !== b.reachedUs) return a.reachedUs < b.reachedUs ? -1 : 1;
  if (a.memberId === b.memberId) return 0;
  return a.memberId < b.memberId ? -1 : 1;
}

/** Entries per block by default: blocks split past twice this and merge with a neighbour below a quarter of it. */
const LOAD = 1000;

/**
 * An ordered list of entries that answers "what position is this entry at" and "which entry is at position p" in
 * O(log n): the entries live in sorted blocks of up to 2 × LOAD, and a Fenwick tree over the block sizes turns a
 * block number into the count of entries before it. Inserting or removing moves at most one block's worth of
 * references. ADR 0009 explains why this structure rather than a balanced tree.
 */
export class RankList {
  private blocks: RankEntry[][] = [];
  /** Fenwick tree over block sizes (1-based); rebuilt after a block is added or removed. */
  private tree: number[] = [0];
  private treeStale = false;
  private count = 0;

  constructor(private readonly load = LOAD) {}

  /** A list of entries already in order (as the database index returns them). */
  static fromSorted(entries: RankEntry[], load = LOAD): RankList {
    const list = new RankList(load);
    for (let i = 0; i < entries.length; i += load) list.blocks.push(entries.slice(i, i + load));
    list.count = entries.length;
    list.treeStale = true;
    return list;
  }

  get size(): number {
    return this.count;
  }

  insert(entry: RankEntry): void {
    this.count += 1;
    if (this.blocks.length === 0) {
      this.blocks.push([entry]);
      this.treeStale = true;
      return;
    }
    const b = this.blockFor(entry);
    const block = this.blocks[b];
    block.splice(this.positionIn(block, entry), 0, entry);
    if (block.length > 2 * this.load) {
      this.blocks.splice(b + 1, 0, block.splice(this.load));
      this.treeStale = true;
    } else {
      this.adjust(b, 1);
    }
  }

  /** Removes an entry equal to `entry`; answers whether there was one. */
  remove(entry: RankEntry): boolean {
    if (this.count === 0) return false;
    const b = this.blockFor(entry);
    const block = this.blocks[b];
    const p = this.positionIn(block, entry);
    if (p >= block.length || compareEntries(block[p], entry) !== 0) return false;
    block.splice(p, 1);
    this.count -= 1;
    if (block.length === 0) {
      this.blocks.splice(b, 1);
      this.treeStale = true;
    } else if (block.length < this.load / 4 && b + 1 < this.blocks.length) {
      const merged = block.concat(this.blocks[b + 1]);
      this.blocks.splice(b, 2, ...(merged.length > 2 * this.load ? [merged.slice(0, this.load), merged.slice(this.load)] : [merged]));
      this.treeStale = true;
    } else {
      this.adjust(b, -1);
    }
    return true;
  }

  /** The 0-based position of an entry equal to `entry`, or -1 when it is not in the list. */
  indexOf(entry: RankEntry): number {
    if (this.count === 0) return -1;
    const b = this.blockFor(entry);
    const block = this.blocks[b];
    const p = this.positionIn(block, entry);
    if (p >= block.length || compareEntries(block[p], entry) !== 0) return -1;
    return this.before(b) + p;
  }

  /** Up to `count` entries from 0-based position `start`, in order. */
  slice(start: number, count: number): RankEntry[] {
    const out: RankEntry[] = [];
    if (start < 0 || start >= this.count || count <= 0) return out;
    let { block, offset } = this.locate(start);
    while (out.length < count && block < this.blocks.length) {
      const entries = this.blocks[block];
      const take = entries.slice(offset, offset + (count - out.length));
      for (const e of take) out.push(e);
      block += 1;
      offset = 0;
    }
    return out;
  }

  /** Every entry in order (for checks; O(n)). */
  toArray(): RankEntry[] {
    return this.blocks.flat();
  }

  /** The block that holds `entry`, or would: the first whose last entry is not before it (else the last block). */
  private blockFor(entry: RankEntry): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const block = this.blocks[mid];
      if (compareEntries(block[block.length - 1], entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first position in a block whose entry is not before `entry`. */
  private positionIn(block: RankEntry[], entry: RankEntry): number {
    let lo = 0;
    let hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareEntries(block[mid], entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private rebuild(): void {
    const n = this.blocks.length;
    const tree = new Array<number>(n + 1).fill(0);
    for (let i = 1; i <= n; i++) {
      tree[i] += this.blocks[i - 1].length;
      const parent = i + (i & -i);
      if (parent <= n) tree[parent] += tree[i];
    }
    this.tree = tree;
    this.treeStale = false;
  }

  private adjust(block: number, delta: number): void {
    if (this.treeStale) return;
    for (let i = block + 1; i < this.tree.length; i += i & -i) this.tree[i] += delta;
  }

  /** How many entries the blocks before `block` hold. */
  private before(block: number): number {
    if (this.treeStale) this.rebuild();
    let sum = 0;
    for (let i = block; i > 0; i -= i & -i) sum += this.tree[i];
    return sum;
  }

  /** The block and offset of a 0-based position (which must be inside the list). */
  private locate(position: number): { block: number; offset: number } {
    if (this.treeStale) this.rebuild();
    const n = this.blocks.length;
    let step = 1;
    while (step * 2 <= n) step *= 2;
    // Descend the Fenwick tree: the largest prefix of whole blocks holding at most `position` entries.
    let block = 0;
    let rest = position;
    for (; step > 0; step >>= 1) {
      const next = block + step;
      if (next <= n && this.tree[next] <= rest) {
        block = next;
        rest -= this.tree[next];
      }
    }
    return { block, offset: rest };
  }
}
