import type { Text } from '../types';

/** Messages the server sends from passport's leaderboards calls: the English key and its text in both languages. */
export const passportLeaderboardsMessages: Record<string, Text> = {
  // Scores
  'the total score is out of range': { 'zh-CN': '累计分数超出允许范围', en: 'The total score is out of range' },
  'no score for this member': { 'zh-CN': '该成员在此版本中没有分数', en: 'This member has no score in this version' },
  'player not found': { 'zh-CN': '玩家不存在', en: 'Player not found' },
  'this leaderboard ranks players, leave out entityId': { 'zh-CN': '该排行榜按玩家排名，请不要填写 entityId', en: 'This leaderboard ranks players: leave out entityId' },
  'this leaderboard ranks entities, name one with entityId': { 'zh-CN': '该排行榜按实体排名，请用 entityId 指明实体', en: 'This leaderboard ranks entities: name one with entityId' },
  // Versions, resets and rewards
  'leaderboard version not found': { 'zh-CN': '排行榜版本不存在', en: 'Leaderboard version not found' },
  'the leaderboard is being reset': { 'zh-CN': '排行榜正在重置', en: 'The leaderboard is being reset' },
  'the leaderboard is being reset, submit again': { 'zh-CN': '排行榜正在重置，请重新提交', en: 'The leaderboard is being reset. Submit again.' },
  'rewards are issued for closed versions only': { 'zh-CN': '只能为已结束的版本发放奖励', en: 'Rewards are issued for closed versions only' },
  // Schedules
  'the leaderboard already has a schedule': { 'zh-CN': '该排行榜已有重置计划', en: 'The leaderboard already has a schedule' },
  'the leaderboard has no schedule': { 'zh-CN': '该排行榜没有重置计划', en: 'The leaderboard has no schedule' },
  'a schedule has five fields: minute, hour, day of month, month, day of week': {
    'zh-CN': '计划由五个字段组成：分 时 日 月 星期',
    en: 'A schedule has five fields: minute, hour, day of month, month, day of week',
  },
  'a schedule cannot use h': { 'zh-CN': '计划不能使用随机值 H', en: 'A schedule cannot use H' },
  'not a valid cron expression': { 'zh-CN': '不是有效的 cron 表达式', en: 'Not a valid cron expression' },
  'the schedule never runs': { 'zh-CN': '该计划不会执行', en: 'The schedule never runs' },
  // Settings
  'cannot change while the current version has scores': { 'zh-CN': '当前版本已有分数，不能修改；请先重置', en: 'Cannot change while the current version has scores. Reset first.' },
  'tier names must be unique': { 'zh-CN': '段位名称不能重复', en: 'Tier names must be unique' },
  'rank thresholds are whole numbers from 1': { 'zh-CN': '名次门槛须为不小于 1 的整数', en: 'Rank thresholds are whole numbers from 1' },
  'percent thresholds are between 0 and 100 with at most two decimals': {
    'zh-CN': '百分比门槛须大于 0、不超过 100，最多两位小数',
    en: 'Percent thresholds are between 0 and 100 with at most two decimals',
  },
  'score thresholds are whole numbers': { 'zh-CN': '分数门槛须为整数', en: 'Score thresholds are whole numbers' },
  'tiers go from the best to the worst': { 'zh-CN': '段位须从高到低排列', en: 'Tiers go from the best to the worst' },
  'a general reward has one entry': { 'zh-CN': '全员统一奖励只能有一条', en: 'A general reward has one entry' },
  'a general reward has no ranks or tier': { 'zh-CN': '全员统一奖励不填名次或段位', en: 'A general reward has no ranks or tier' },
  'a rank bucket has no tier': { 'zh-CN': '名次区间奖励不填段位', en: 'A rank bucket has no tier' },
  'a rank bucket needs its first and last rank': { 'zh-CN': '名次区间须填写起始和结束名次', en: 'A rank bucket needs its first and last rank' },
  'the last rank comes after the first': { 'zh-CN': '结束名次不能小于起始名次', en: 'The last rank comes after the first' },
  'rank buckets must not overlap': { 'zh-CN': '名次区间不能重叠', en: 'Rank buckets must not overlap' },
  'a tier reward has no ranks': { 'zh-CN': '段位奖励不填名次', en: 'A tier reward has no ranks' },
  'a tier reward names one of the tiers': { 'zh-CN': '段位奖励须对应已定义的段位', en: 'A tier reward names one of the tiers' },
  'each tier is rewarded once': { 'zh-CN': '每个段位只能设置一条奖励', en: 'Each tier is rewarded once' },
};
