import type { Text } from '../types';

/** A config naming both a Multiverse game and a Sync room profile. */
export const PLAYED_IN_ONE_PLACE = 'a match is played on a Multiverse game or in a Sync room, not both';

/** Messages the server sends from Matchmaking's calls and its matchmaker: the English key and its text in both languages. */
export const matchMessages: Record<string, Text> = {
  'no such match config': { 'zh-CN': '匹配配置不存在', en: 'No such match config' },
  'the match config is disabled': { 'zh-CN': '匹配配置已停用', en: 'The match config is disabled' },
  "the config's rules need this attribute": { 'zh-CN': '匹配规则需要此属性', en: "The config's rules need this attribute" },
  'must be a number': { 'zh-CN': '必须是数字', en: 'Must be a number' },
  'not a region of the match config': { 'zh-CN': '不是该匹配配置的地域', en: 'Not a region of the match config' },
  'not a team of the match config': { 'zh-CN': '不是该匹配配置的队伍', en: 'Not a team of the match config' },
  'the player already has a ticket waiting': { 'zh-CN': '该玩家已有等待中的匹配票据', en: 'The player already has a ticket waiting' },
  'no such ticket': { 'zh-CN': '匹配票据不存在', en: 'No such ticket' },
  'only a waiting ticket can be released': { 'zh-CN': '只能释放等待中的匹配票据', en: 'Only a waiting ticket can be released' },
  'no such server': { 'zh-CN': '服务器不存在', en: 'No such server' },
  'give the address tickets get, or a running server': { 'zh-CN': '请提供票据获得的地址，或一个运行中的服务器', en: 'Give the address tickets get, or a running server' },
  'two teams have this name': { 'zh-CN': '队伍名称重复', en: 'Two teams have this name' },
  'only a difference rule has an allowed difference': { 'zh-CN': '只有数值差规则可以设置允许差值', en: 'Only a difference rule has an allowed difference' },
  'must be later than the step before': { 'zh-CN': '必须晚于上一步', en: 'Must be later than the step before' },
  'a relaxation may only widen the allowed difference': { 'zh-CN': '放宽只能增大允许差值', en: 'A relaxation may only widen the allowed difference' },
  released: { 'zh-CN': '已释放', en: 'Released' },
  'not matched within the timeout': { 'zh-CN': '超时未匹配', en: 'Not matched within the timeout' },
  'allocation failed: {0}': { 'zh-CN': '分配服务器失败：{0}', en: 'Allocation failed: {0}' },
  'the room was not made': { 'zh-CN': '房间未能创建', en: 'The room was not made' },
  'its match could not be seated': { 'zh-CN': '对局的玩家未能全部入座', en: 'Its match could not be seated' },
  'its match ended before its players were seated': { 'zh-CN': '玩家入座前对局已结束', en: 'Its match ended before its players were seated' },
  [PLAYED_IN_ONE_PLACE]: { 'zh-CN': '对局要么在 Multiverse 游戏的服务器上进行，要么在 Sync 房间中进行，不能两者都设置', en: 'A match is played on a Multiverse game or in a Sync room, not both' },
};
