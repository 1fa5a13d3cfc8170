import { describe, it, expect } from 'vitest';
import { inRollout, murmur3, pickVariant, rolloutBucket, ROLLOUT_SEED, VARIANT_SEED } from '../../server/services/config/bucket';

/**
 * MurmurHash3 x86_32 written out from the algorithm's description (32-bit blocks, little-endian, tail bytes, then
 * the fmix32 finaliser), as an independent check of the hash the buckets use.
 */
function reference(key: string, seed: number): number {
  const bytes = new TextEncoder().encode(key);
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));
  const scramble = (k: number) => Math.imul(rotl(Math.imul(k, c1), 15), c2);
  let h = seed | 0;
  const blocks = bytes.length >>> 2;
  for (let i = 0; i < blocks; i++) {
    const o = i * 4;
    const k = bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24);
    h ^= scramble(k);
    h = rotl(h, 13);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = blocks * 4;
  const rest = bytes.length & 3;
  if (rest > 0) {
    let k = 0;
    if (rest === 3) k ^= bytes[tail + 2] << 16;
    if (rest >= 2) k ^= bytes[tail + 1] << 8;
    k ^= bytes[tail];
    h ^= scramble(k);
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// Published MurmurHash3 x86_32 test values.
const VECTORS: [string, number, number][] = [
  ['', 0, 0],
  ['hello', 0, 613153351],
  ['', 1, 0x514e28b7],
  ['\0\0\0\0', 0, 0x2362f9de],
  ['a', 0x9747b28c, 0x7fa09ea6],
  ['aa', 0x9747b28c, 0x5d211726],
  ['aaa', 0x9747b28c, 0x283e0130],
  ['aaaa', 0x9747b28c, 0x5a97808a],
  ['abcd', 0x9747b28c, 0xf0478627],
  ['Hello, world!', 0x9747b28c, 0x24884cba],
  ['Hello, world!', 1234, 0xfaf6cdb3],
  ['ππππππππ', 0x9747b28c, 0xd58063c1],
  ['The quick brown fox jumps over the lazy dog', 0x9747b28c, 0x2fa826cd],
];

const PLAYERS = Array.from({ length: 10_000 }, (_, i) => `player-${i}`);

describe('murmur3', () => {
  it.each(VECTORS)('hash of %j with seed %i is %i', (key, seed, expected) => {
    expect(reference(key, seed)).toBe(expected);
    expect(murmur3(key, seed)).toBe(expected);
  });

  it('agrees with the reference on player keys, including non-ASCII ids', () => {
    const keys = [...PLAYERS.slice(0, 500).map((p) => `ov-1:${p}`), 'ov:玩家一', 'ov:joueur-é', 'ov:🎮'];
    for (const key of keys) {
      expect(murmur3(key, ROLLOUT_SEED), key).toBe(reference(key, 0));
      expect(murmur3(key, VARIANT_SEED), key).toBe(reference(key, 86028157));
    }
  });
});

describe('rolloutBucket', () => {
  it('is the seed-0 hash of "override:player" modulo 100', () => {
    for (const p of PLAYERS.slice(0, 300)) expect(rolloutBucket('summer-sale', p)).toBe(reference(`summer-sale:${p}`, 0) % 100);
  });

  it('gives the same bucket every time', () => {
    const first = PLAYERS.map((p) => rolloutBucket('ov-42', p));
    const second = PLAYERS.map((p) => rolloutBucket('ov-42', p));
    expect(second).toEqual(first);
    expect(first.every((b) => Number.isInteger(b) && b >= 0 && b < 100)).toBe(true);
  });

  it('depends on the override, so different overrides pick different players', () => {
    const a = PLAYERS.filter((p) => inRollout('ov-a', p, 30));
    const b = new Set(PLAYERS.filter((p) => inRollout('ov-b', p, 30)));
    const both = a.filter((p) => b.has(p)).length;
    // Independent 30% samples overlap on about 9% of players.
    expect(both / PLAYERS.length).toBeGreaterThan(0.07);
    expect(both / PLAYERS.length).toBeLessThan(0.11);
  });
});

describe('inRollout', () => {
  it('admits 30% ± 2 points of 10,000 players to a 30% rollout', () => {
    const admitted = PLAYERS.filter((p) => inRollout('ov-30', p, 30)).length;
    expect(admitted).toBeGreaterThanOrEqual(2800);
    expect(admitted).toBeLessThanOrEqual(3200);
  });

  it('admits nobody at 0 and everybody at 100', () => {
    expect(PLAYERS.some((p) => inRollout('ov', p, 0))).toBe(false);
    expect(PLAYERS.every((p) => inRollout('ov', p, 100))).toBe(true);
    expect(inRollout('ov', 'player-1', -5)).toBe(false);
    expect(inRollout('ov', 'player-1', 150)).toBe(true);
  });

  it('only adds players when the percentage grows', () => {
    for (const p of PLAYERS.slice(0, 2000)) {
      if (inRollout('ov-grow', p, 10)) expect(inRollout('ov-grow', p, 25), p).toBe(true);
      if (inRollout('ov-grow', p, 25)) expect(inRollout('ov-grow', p, 50), p).toBe(true);
    }
  });

  it('is "bucket below percentage"', () => {
    for (const p of PLAYERS.slice(0, 300)) expect(inRollout('ov-x', p, 37)).toBe(rolloutBucket('ov-x', p) < 37);
  });
});

describe('pickVariant', () => {
  const split = [
    { name: 'A', weight: 50 },
    { name: 'B', weight: 30 },
    { name: 'C', weight: 20 },
  ];

  it('splits 10,000 players 50/30/20 within ±2 points', () => {
    const counts: Record<string, number> = { A: 0, B: 0, C: 0 };
    for (const p of PLAYERS) counts[pickVariant('ov-split', p, split)!.name]++;
    expect(Math.abs(counts.A / 100 - 50)).toBeLessThanOrEqual(2);
    expect(Math.abs(counts.B / 100 - 30)).toBeLessThanOrEqual(2);
    expect(Math.abs(counts.C / 100 - 20)).toBeLessThanOrEqual(2);
  });

  it('places the variant hash on the cumulative weights', () => {
    for (const p of PLAYERS.slice(0, 300)) {
      const point = reference(`ov-split:${p}`, 86028157) % 100;
      const expected = point < 50 ? 'A' : point < 80 ? 'B' : 'C';
      expect(pickVariant('ov-split', p, split)?.name, p).toBe(expected);
    }
  });

  it('gives a player the same variant every time', () => {
    const first = PLAYERS.slice(0, 1000).map((p) => pickVariant('ov-sticky', p, split)?.name);
    const second = PLAYERS.slice(0, 1000).map((p) => pickVariant('ov-sticky', p, split)?.name);
    expect(second).toEqual(first);
  });

  it('picks variants independently of the rollout bucket', () => {
    const inHalf = PLAYERS.filter((p) => inRollout('ov-ind', p, 50));
    const pair = [
      { name: 'X', weight: 50 },
      { name: 'Y', weight: 50 },
    ];
    const x = inHalf.filter((p) => pickVariant('ov-ind', p, pair)?.name === 'X').length;
    expect(Math.abs(x / inHalf.length - 0.5)).toBeLessThanOrEqual(0.03);
  });

  it('never picks a zero-weight variant', () => {
    const variants = [
      { name: 'on', weight: 50 },
      { name: 'never', weight: 0 },
      { name: 'off', weight: 50 },
    ];
    const picked = new Set(PLAYERS.map((p) => pickVariant('ov-zero', p, variants)?.name));
    expect(picked).toEqual(new Set(['on', 'off']));
  });

  it('picks nothing from an empty list or when every weight is zero', () => {
    expect(pickVariant('ov', 'player-1', [])).toBeUndefined();
    expect(pickVariant('ov', 'player-1', [{ name: 'a', weight: 0 }])).toBeUndefined();
  });

  it('always picks a lone variant and returns the variant object itself', () => {
    const only = { name: 'only', weight: 100, values: { x: '1' } };
    for (const p of PLAYERS.slice(0, 200)) expect(pickVariant('ov', p, [only])).toBe(only);
  });
});
