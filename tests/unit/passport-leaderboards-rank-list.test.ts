/**
 * The rank list and index against a sorted array: random inserts, removals and look-ups, large enough that blocks
 * split and merge.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RankIndex } from '../../server/services/passport/leaderboards/rank-index';
import { compareEntries, RankList, type RankEntry } from '../../server/services/passport/leaderboards/rank-list';

const entry = (memberId: string, rankKey: number, reachedUs = 0, revision = 1): RankEntry => ({ memberId, score: -rankKey, rankKey, reachedUs, revision });

/** The order written out: rank key, then reached time, then member id by code unit. */
const sorted = (entries: RankEntry[]) =>
  [...entries].sort((a, b) => a.rankKey - b.rankKey || a.reachedUs - b.reachedUs || (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));

describe('compareEntries', () => {
  it('orders by rank key, then the earlier reached time, then member id in byte order', () => {
    expect(compareEntries(entry('b', 1), entry('a', 2))).toBeLessThan(0);
    expect(compareEntries(entry('b', 1, 5), entry('a', 1, 6))).toBeLessThan(0);
    expect(compareEntries(entry('B', 1, 5), entry('a', 1, 5))).toBeLessThan(0);
    expect(compareEntries(entry('a', 1, 5), entry('a', 1, 5))).toBe(0);
  });
});

describe('RankList', () => {
  // Blocks of 8 here, so that a few hundred entries split and merge blocks many times over.
  it('keeps positions and pages equal to a sorted array through inserts and removals that split and merge blocks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ add: fc.boolean(), member: fc.integer({ min: 0, max: 299 }), key: fc.integer({ min: -20, max: 20 }) }), { minLength: 100, maxLength: 1500, size: 'max' }),
        fc.integer({ min: 0, max: 300 }),
        (ops, probe) => {
          const list = new RankList(8);
          const live = new Map<string, RankEntry>();
          for (const [i, op] of ops.entries()) {
            const id = `m${op.member}`;
            const old = live.get(id);
            if (old) {
              expect(list.remove(old)).toBe(true);
              live.delete(id);
            }
            if (op.add) {
              const e = entry(id, op.key, i);
              list.insert(e);
              live.set(id, e);
            }
          }
          const want = sorted([...live.values()]);
          expect(list.size).toBe(want.length);
          expect(list.toArray()).toEqual(want);
          for (let i = 0; i < want.length; i++) expect(list.indexOf(want[i])).toBe(i);
          expect(list.slice(probe, 25)).toEqual(want.slice(probe, probe + 25));
          expect(list.remove(entry('absent', 0, -1))).toBe(false);
          expect(list.indexOf(entry('absent', 0, -1))).toBe(-1);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers the same with its default block size, past several blocks', () => {
    const list = new RankList();
    const entries = Array.from({ length: 5000 }, (_, i) => entry(`m${i}`, (i * 7919) % 5000, i));
    for (const e of entries) list.insert(e);
    const want = sorted(entries);
    for (let i = 0; i < want.length; i += 37) expect(list.indexOf(want[i])).toBe(i);
    for (const e of entries.slice(0, 4000)) list.remove(e);
    expect(list.toArray()).toEqual(sorted(entries.slice(4000)));
  });

  it('starts from entries already in order', () => {
    const entries = Array.from({ length: 4500 }, (_, i) => entry(`m${i}`, i));
    const list = RankList.fromSorted(entries);
    expect(list.indexOf(entries[4321])).toBe(4321);
    expect(list.slice(3998, 4).map((e) => e.memberId)).toEqual(['m3998', 'm3999', 'm4000', 'm4001']);
    list.insert(entry('first', -1));
    expect(list.indexOf(entries[4321])).toBe(4322);
  });
});

describe('RankIndex', () => {
  it('applies writes by revision, whatever order they arrive in', () => {
    const index = new RankIndex();
    index.upsert(entry('a', 5, 1, 2));
    index.upsert(entry('a', 1, 0, 1));
    expect(index.entryOf('a')?.rankKey).toBe(5);
    index.upsert(entry('b', 3, 2, 3));
    expect(index.rankOf('b')).toBe(1);
    expect(index.rankOf('a')).toBe(2);
  });

  it('keeps a removed member out when an older write arrives after the removal', () => {
    const index = new RankIndex();
    index.upsert(entry('a', 5, 1, 4));
    index.remove('a', 4);
    index.upsert(entry('a', 2, 1, 3));
    expect(index.rankOf('a')).toBeNull();
    expect(index.size).toBe(0);
    index.upsert(entry('a', 2, 9, 7));
    expect(index.rankOf('a')).toBe(1);
    // A removal of an older row does not remove a newer one.
    index.remove('a', 6);
    expect(index.rankOf('a')).toBe(1);
  });
});
