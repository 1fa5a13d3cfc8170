import type { DemoEntry } from '../demo-types';

const ref = (name: string) => ({ ref: name });
/** A board's reset schedule from now on: its next run as the cron expression gives it in Beijing time. */
const schedule = (cron: string) => ({ value: 'schedule', with: { cron, timezone: 'Asia/Shanghai' } });

/** Guild points of two weeks: last week's (closed, with its rewards granted) and this week's so far. */
const WEEKS: [string, number[]][] = [
  ['guild-aurora', [2400, 1800, 1500]],
  ['guild-ember', [1900, 1200]],
  ['guild-tide', [900, 650, 400]],
  ['guild-nova', [3100, 2700]],
  ['guild-frost', [500, 450]],
  ['guild-zephyr', [1300]],
];

/** Points a guild won, submitted by the game client of a player who played for it (an Entity board names the guild). */
const guildScore = (entityId: string, score: number): DemoEntry => ({
  call: 'leaderboards.submit',
  record: ref('guild-war'),
  fields: { entityId, score },
  player: { userId: ref('林悦') },
});

/**
 * Demo leaderboards for the demo app: an Entity board of guild points with a closed week (ranked, rewarded) and a
 * week in progress, reset every Monday 00:00 Beijing time; and a Player season ladder with a few hundred players'
 * scores, so a ranking, its tiers and its rewards can be looked at as soon as the product starts.
 */
export const LEADERBOARDS_DEMO: DemoEntry[] = [
  {
    resource: 'leaderboards',
    name: 'guild-war',
    data: {
      name: '公会战积分',
      slugName: 'guild-war',
      description: '公会成员在公会战中获得的积分累加到公会，每周一 0 点结算',
      updateType: 'Aggregate',
      memberType: 'Entity',
      sortOrder: 'Desc',
      tierStrategy: 'Score',
      tiers: [
        { name: '王者', threshold: 5000 },
        { name: '钻石', threshold: 2500 },
        { name: '黄金', threshold: 1000 },
      ],
      rewardStrategy: 'ByTier',
      rewards: [
        { tier: '王者', items: [{ resource: 'gem', amount: 800 }, { resource: 'guild-banner', amount: 1 }] },
        { tier: '钻石', items: [{ resource: 'gem', amount: 400 }] },
        { tier: '黄金', items: [{ resource: 'gem', amount: 150 }] },
      ],
      schedule: schedule('0 0 * * 1'),
    },
  },
  {
    resource: 'leaderboards',
    name: 'season-ladder',
    data: {
      name: '赛季天梯',
      slugName: 'season-ladder',
      description: '本赛季的最高天梯分',
      updateType: 'KeepBest',
      memberType: 'Player',
      sortOrder: 'Desc',
      tierStrategy: 'Percent',
      tiers: [
        { name: '传奇', threshold: 1 },
        { name: '大师', threshold: 10 },
        { name: '精英', threshold: 30 },
      ],
      rewardStrategy: 'InBucket',
      rewards: [
        { fromRank: 1, toRank: 1, items: [{ resource: 'season-crown', amount: 1 }] },
        { fromRank: 2, toRank: 10, items: [{ resource: 'gem', amount: 300 }] },
        { fromRank: 11, toRank: 100, items: [{ resource: 'gem', amount: 100 }] },
      ],
      schedule: schedule('0 0 1 * *'),
    },
  },
  { step: 'ladderPlayers', with: { board: ref('season-ladder'), realm: ref('realm-1') } },
  ...WEEKS.flatMap(([guild, points]) => points.map((p) => guildScore(guild, p))),
  { call: 'leaderboards.reset', record: ref('guild-war') },
  ...WEEKS.slice(0, 5).map(([guild, points]) => guildScore(guild, Math.round(points[0] * 0.6))),
];
