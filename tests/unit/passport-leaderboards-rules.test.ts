import { describe, expect, it } from 'vitest';
import { checkRules, lastRewardableRank, rewardOf, rulesOf, tierOf, type BoardRules } from '../../server/services/passport/leaderboards/rules';
import { nextRuns } from '../../server/services/passport/leaderboards/schedule';

const rules = (over: Partial<BoardRules>): BoardRules => ({ ...rulesOf({}), ...over });
const items = [{ resource: 'gem', amount: 1 }];

describe('tierOf', () => {
  it('by percent, decides "within the top x %" exactly, with two-decimal thresholds', () => {
    const r = rules({ tierStrategy: 'Percent', tiers: [{ name: 'Top', threshold: 0.5 }, { name: 'Half', threshold: 50 }] });
    // 0.5 % of 1000 members is 5 members.
    expect([5, 6].map((rank) => tierOf(r, rank, 1000, 0))).toEqual(['Top', 'Half']);
    expect([500, 501].map((rank) => tierOf(r, rank, 1000, 0))).toEqual(['Half', null]);
    // 5.55 % of 2000 is 111.
    const odd = rules({ tierStrategy: 'Percent', tiers: [{ name: 'T', threshold: 5.55 }] });
    expect([111, 112].map((rank) => tierOf(odd, rank, 2000, 0))).toEqual(['T', null]);
  });

  it('by score, reads thresholds in the sort order', () => {
    expect(tierOf(rules({ tierStrategy: 'Score', tiers: [{ name: 'A', threshold: 100 }] }), 9, 9, 100)).toBe('A');
    expect(tierOf(rules({ sortOrder: 'Asc', tierStrategy: 'Score', tiers: [{ name: 'A', threshold: 100 }] }), 1, 9, 101)).toBeNull();
  });
});

describe('rewardOf and lastRewardableRank', () => {
  it('finds the bucket of a rank, and stops at the last bucket', () => {
    const r = rules({ rewardStrategy: 'InBucket', rewards: [{ fromRank: 1, toRank: 3, items }, { fromRank: 10, toRank: 20, items }] });
    expect([3, 4, 10, 21].map((rank) => rewardOf(r, rank, null) !== null)).toEqual([true, false, true, false]);
    expect(lastRewardableRank(r, 1000)).toBe(20);
    expect(lastRewardableRank(r, 12)).toBe(12);
  });

  it('by tier stops at the last rewarded rank tier; a General reward reaches everyone', () => {
    const r = rules({ tierStrategy: 'Rank', tiers: [{ name: 'G', threshold: 1 }, { name: 'S', threshold: 10 }, { name: 'B', threshold: 100 }], rewardStrategy: 'ByTier', rewards: [{ tier: 'S', items }] });
    expect(lastRewardableRank(r, 5000)).toBe(10);
    expect(rewardOf(r, 5, 'S')).toEqual(items);
    expect(rewardOf(r, 1, 'G')).toBeNull();
    expect(lastRewardableRank(rules({ rewards: [{ items }] }), 5000)).toBe(5000);
    expect(lastRewardableRank(rules({ rewards: [] }), 5000)).toBe(0);
  });
});

describe('checkRules', () => {
  it('accepts well-formed tiers and rewards of every strategy', () => {
    expect(checkRules(rules({ tierStrategy: 'Score', tiers: [{ name: 'A', threshold: 300 }, { name: 'B', threshold: 100 }] }))).toEqual([]);
    expect(checkRules(rules({ sortOrder: 'Asc', tierStrategy: 'Score', tiers: [{ name: 'A', threshold: 10 }, { name: 'B', threshold: 30 }] }))).toEqual([]);
    expect(checkRules(rules({ tierStrategy: 'Percent', tiers: [{ name: 'A', threshold: 5.55 }, { name: 'B', threshold: 100 }] }))).toEqual([]);
    expect(checkRules(rules({ rewardStrategy: 'InBucket', rewards: [{ fromRank: 4, toRank: 9, items }, { fromRank: 1, toRank: 3, items }] }))).toEqual([]);
  });

  it('names the field of each problem', () => {
    const errors = checkRules(rules({ tierStrategy: 'Percent', tiers: [{ name: 'A', threshold: 1.234 }], rewardStrategy: 'ByTier', rewards: [{ tier: 'A', items }, { tier: 'A', items }, { tier: 'A', fromRank: 1, items }] }));
    expect(errors.map((e) => e.field)).toEqual(['/tiers/0/threshold', '/rewards/1/tier', '/rewards/2', '/rewards/2/tier']);
  });
});

describe('nextRuns', () => {
  it('reads the expression in its time zone', () => {
    const after = new Date('2026-03-04T12:00:00Z');
    expect(nextRuns('0 0 * * 1', 'Asia/Shanghai', after, 2)).toEqual({ runs: ['2026-03-08T16:00:00.000Z', '2026-03-15T16:00:00.000Z'] });
    expect(nextRuns('0 0 1 * *', 'UTC', after, 1)).toEqual({ runs: ['2026-04-01T00:00:00.000Z'] });
  });

  it('refuses six fields, H and nonsense', () => {
    for (const cron of ['0 0 0 * * 1', 'H * * * *', 'every day', '0 25 * * *']) expect('error' in nextRuns(cron, 'UTC', new Date(), 1), cron).toBe(true);
  });
});
