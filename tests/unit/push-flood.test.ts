import { describe, expect, it } from 'vitest';
import { FloodGuard, SeenSends } from '../../server/services/push/flood';

describe("a push connection's flood guard", () => {
  it('takes a burst of twice the rate, then throttles, then closes a client that keeps on', () => {
    const g = new FloodGuard(5, 0);
    const verdicts = Array.from({ length: 21 }, () => g.take(0));
    expect(verdicts.slice(0, 10)).toEqual(Array(10).fill('ok'));
    expect(verdicts.slice(10, 20)).toEqual(Array(10).fill('throttled'));
    expect(verdicts[20]).toBe('close');
  });

  it('refills at the rate: a client keeping to it is never throttled', () => {
    const g = new FloodGuard(5, 0);
    for (let i = 0; i < 10; i++) g.take(0);
    // Empty now; one message every 200 ms is exactly the rate.
    for (let t = 200; t <= 10_000; t += 200) expect(g.take(t)).toBe('ok');
  });

  it('says how long until the next message is taken, and forgets drops a second later', () => {
    const g = new FloodGuard(4, 0);
    for (let i = 0; i < 8; i++) g.take(0);
    expect(g.take(0)).toBe('throttled');
    expect(g.waitMs()).toBe(250);
    // Drops more than a second apart never add up to a close.
    for (let t = 1001; t < 20_000; t += 1001) {
      for (let i = 0; i < 8; i++) g.take(t);
      expect(g.take(t)).not.toBe('close');
    }
  });
});

describe("a connection's seen sends", () => {
  it('lets each send through once and keeps only the last ones', () => {
    const seen = new SeenSends(3);
    expect(['a', 'b', 'a', 'c', 'd', 'b'].map((id) => seen.first(id))).toEqual([true, true, false, true, true, false]);
    // The fourth id pushed out the oldest: 'a' is new again.
    expect(seen.first('a')).toBe(true);
  });
});
