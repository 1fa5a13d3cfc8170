import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../../context';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { serverManagedDefaults } from '../../../engine/write';
import { boardModel, boardOf, findBoard } from './board';
import { resetBoard } from './reset';
import { scheduleFrom } from './schedule';
import { submitScore } from './scores';
import { DEMO_REALM_ID } from '../players/demo';
import { usersModel } from '../players/models';

/** Who the demo data's operations are written as. */
const DEMO_ACTOR = 'system:demo';

const guildWar: Data = {
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
};

const seasonLadder: Data = {
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
};

/** Guild points of two weeks: last week's (closed, with its rewards granted) and this week's so far. */
const WEEKS: [string, number[]][] = [
  ['guild-aurora', [2400, 1800, 1500]],
  ['guild-ember', [1900, 1200]],
  ['guild-tide', [900, 650, 400]],
  ['guild-nova', [3100, 2700]],
  ['guild-frost', [500, 450]],
  ['guild-zephyr', [1300]],
];

/** How many demo players have a season ladder score: enough for pages, tiers by percent and every reward bucket. */
export const LADDER_PLAYERS = 240;

/** A ladder score for the i-th demo player: spread over 1,000–3,999, with every 17th at the 1,000 floor (ties). */
export const ladderScore = (i: number) => (i % 17 === 0 ? 1000 : 1000 + ((i * 7919) % 3000));

/** Players of the season ladder (each a demo user of the first realm) and their scores, submitted together. */
async function seedLadder(ctx: Ctx, appId: string, ladder: Data): Promise<void> {
  const rows = Array.from({ length: LADDER_PLAYERS }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    const data = { name: `天梯玩家${n}`, loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId: `ladder-${n}`, platform: 'Android' };
    return { data: { ...data, realmId: DEMO_REALM_ID, tags: [] }, status: 'Active' };
  });
  const players = await records(ctx.db, usersModel).insertMany(appId, rows);
  const board = boardOf(appId, ladder);
  await Promise.all(players.map((p, i) => submitScore(ctx, board, String(p.id), ladderScore(i), String(p.id))));
}

/**
 * Demo leaderboards for the demo app: an Entity board of guild points with a closed week (ranked, rewarded) and a
 * week in progress, reset every Monday 00:00 Beijing time; and a Player season ladder with a few hundred players'
 * scores, so a ranking, its tiers and its rewards can be looked at as soon as the product starts.
 */
export async function seedLeaderboards(ctx: Ctx, appId: string): Promise<void> {
  const m = boardModel(ctx);
  const guild = await ctx.store.insert(m, appId, randomUUID(), { ...serverManagedDefaults(m), ...guildWar, schedule: scheduleFrom('0 0 * * 1', 'Asia/Shanghai', new Date()) }, null);
  const ladder = await ctx.store.insert(m, appId, randomUUID(), { ...serverManagedDefaults(m), ...seasonLadder, schedule: scheduleFrom('0 0 1 * *', 'Asia/Shanghai', new Date()) }, null);
  await seedLadder(ctx, appId, ladder);
  const board = boardOf(appId, guild);
  for (const [guildId, points] of WEEKS) for (const p of points) await submitScore(ctx, board, guildId, p, null);
  await resetBoard(ctx, appId, board.id, DEMO_ACTOR);
  const week2 = await findBoard(ctx, appId, board.id);
  for (const [guildId, points] of WEEKS.slice(0, 5)) await submitScore(ctx, week2, guildId, Math.round(points[0] * 0.6), null);
}
