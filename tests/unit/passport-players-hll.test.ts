import { describe, expect, it } from 'vitest';
import { emptySketch, hllAdd, hllEstimate, hllMerge, hllPosition, PRECISION, REGISTERS } from '../../server/services/passport/players/hll';

/** A seeded generator (mulberry32), so each data set is random but the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct ids shaped like player ids (128 random bits as a UUID), drawn from the seed. */
function distinctIds(n: number, seed: number): string[] {
  const next = random(seed);
  const word = () => Math.floor(next() * 4294967296).toString(16).padStart(8, '0');
  const ids = new Set<string>();
  while (ids.size < n) {
    const [a, b, c, d] = [word(), word(), word(), word()];
    ids.add(`${a}-${b.slice(0, 4)}-4${b.slice(5)}-${c.slice(0, 4)}-${c.slice(4)}${d}`);
  }
  return [...ids];
}

const sketchOf = (ids: string[]) => {
  const s = emptySketch();
  for (const id of ids) hllAdd(s, id);
  return s;
};

const relativeError = (estimate: number, exact: number) => Math.abs(estimate - exact) / exact;

describe('HyperLogLog', () => {
  // Hashing a million ids takes a few seconds on a shared machine: these two get more than the default 5 s.
  it('estimates 100,000 distinct ids within 2 % on several random data sets', { timeout: 60_000 }, () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const ids = distinctIds(100_000, seed);
      expect(relativeError(hllEstimate(sketchOf(ids)), ids.length), `seed ${seed}`).toBeLessThan(0.02);
    }
  });

  it('is close across the range of a day’s players, from a handful to a million', { timeout: 60_000 }, () => {
    expect(hllEstimate(emptySketch())).toBe(0);
    for (const [n, bound] of [
      [1, 0],
      [10, 0],
      [200, 0.02],
      [5_000, 0.03],
      [50_000, 0.03],
      [1_000_000, 0.02],
    ] as const) {
      const estimate = hllEstimate(sketchOf(distinctIds(n, n)));
      expect(relativeError(estimate, n), `n = ${n}`).toBeLessThanOrEqual(bound);
    }
  });

  it('counts a repeated id once', () => {
    const ids = distinctIds(3_000, 7);
    const once = sketchOf(ids);
    const twice = sketchOf([...ids, ...ids.slice(0, 1500), ...ids]);
    expect(twice).toEqual(once);
    expect(hllAdd(once, ids[0])).toBe(false);
  });

  it('merges sketches into the sketch of the union', () => {
    const ids = distinctIds(20_000, 11);
    const a = sketchOf(ids.slice(0, 12_000));
    const b = sketchOf(ids.slice(8_000));
    expect(hllMerge([a, b])).toEqual(sketchOf(ids));
  });

  it('places ids in one of 2^14 registers with a rank between 1 and the bits left', () => {
    expect(REGISTERS).toBe(2 ** PRECISION);
    for (const id of distinctIds(2_000, 13)) {
      const { index, rank } = hllPosition(id);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(REGISTERS);
      expect(rank).toBeGreaterThanOrEqual(1);
      expect(rank).toBeLessThanOrEqual(32 - PRECISION + 1);
    }
  });
});
