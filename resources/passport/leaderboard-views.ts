import type { ViewDecl } from '../types';
import standingSchema from '../../schemas/passport/leaderboards/views/standing.json' with { type: 'json' };
import rewardSchema from '../../schemas/passport/leaderboards/views/reward.json' with { type: 'json' };

/**
 * The lists of a leaderboard's page, shown by its `leaderboardRanking` panel for the version chosen there (`:version`
 * in the path is that version; the current one's ranking is also `GET /leaderboards/:id/scores`).
 */

/** A version's ranking, paged on the server (`{ total, start, version, scores }`). */
export const rankingView: ViewDecl = {
  name: 'ranking',
  label: { 'zh-CN': '排名', en: 'Ranking' },
  path: '/versions/:version/scores',
  listKey: 'scores',
  row: standingSchema,
  columns: ['rank', 'memberName', 'memberId', 'score', 'tier', 'reachedAt'],
  rowKey: 'memberId',
  empty: { 'zh-CN': '此版本还没有分数', en: 'No scores in this version' },
  paging: { mode: 'server', pageSize: 20 },
  summary: { 'zh-CN': '共 {{total}} 名', en: '{{total}} members' },
};

/** The rewards a closed version granted, paged on the server (`{ total, rewards }`). */
export const rewardsView: ViewDecl = {
  name: 'rewards',
  label: { 'zh-CN': '奖励', en: 'Rewards' },
  path: '/versions/:version/rewards',
  listKey: 'rewards',
  row: rewardSchema,
  columns: ['rank', 'memberId', 'tier', 'items', 'createdAt'],
  rowKey: 'memberId',
  empty: { 'zh-CN': '此版本没有发放奖励（奖励策略没有覆盖任何成员）', en: 'No rewards were granted for this version (the reward strategy covers no member)' },
  paging: { mode: 'server', pageSize: 20 },
  refetchOnChange: true,
};
