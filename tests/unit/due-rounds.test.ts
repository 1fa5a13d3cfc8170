import { describe, expect, it, vi } from 'vitest';
import { workDue } from '../../server/engine/due-rounds';

/** A queue of due items that `work` empties: an item stays due until worked on without failing. */
function queue(ids: string[]) {
  const due = new Set(ids);
  const limits: number[] = [];
  const find = async (limit: number) => {
    limits.push(limit);
    return [...due].slice(0, limit);
  };
  return { due, limits, find };
}

describe('workDue (what a periodic job finds due, in rounds)', () => {
  it('works through more items than one round holds, round after round, until none is due', async () => {
    const q = queue(['a', 'b', 'c', 'd', 'e']);
    const done = await workDue({ batch: 2, find: q.find, keyOf: (x) => x, work: async (x) => q.due.delete(x) });
    expect(done).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(q.limits).toEqual([2, 2, 2, 2]);
  });

  it('logs an item that fails, leaves it due for the next run, and goes on with the others', async () => {
    const q = queue(['a', 'bad', 'c']);
    const log = vi.fn();
    const work = async (x: string) => {
      if (x === 'bad') throw new Error('the database is away');
      return q.due.delete(x);
    };
    const done = await workDue({ batch: 2, find: q.find, keyOf: (x) => x, work, log });
    expect(done).toEqual(['a', 'c']);
    expect([...q.due]).toEqual(['bad']);
    expect(log).toHaveBeenCalledTimes(1);
    // A round asks for as many more as have failed, so the failed ones never crowd out what is still due.
    expect(q.limits).toEqual([2, 3, 3]);
  });

  it('does not count an item whose work found nothing to do', async () => {
    const q = queue(['a', 'b']);
    const done = await workDue({ batch: 5, find: q.find, keyOf: (x) => x, work: async (x) => q.due.delete(x) && x !== 'b' });
    expect(done).toEqual(['a']);
  });
});
