import type { Text } from '../types';

/** Messages the server sends from passport's liveops calls: the English key and its text in both languages. */
export const passportLiveopsMessages: Record<string, Text> = {
  'select a persona first': { 'zh-CN': '请先选择角色', en: 'Select a persona first' },
  'send a template or a message, not both': { 'zh-CN': '请选择模板或填写邮件内容，二者不能同时提供', en: 'Send a template or a message, not both' },
  'no inbox template with this id or slug': { 'zh-CN': '没有该 ID 或标识的邮件模板', en: 'No inbox template has this id or slug' },
  'required without a template': { 'zh-CN': '未选择模板时必填', en: 'Required when no template is chosen' },
  'no persona with this id': { 'zh-CN': '没有该 ID 的角色', en: 'No persona has this id' },
  'the send was already recalled': { 'zh-CN': '该发送记录已撤回', en: 'This send was already recalled' },
  'the message was already read': { 'zh-CN': '该邮件已读', en: 'The message was already read' },
  'read the message before claiming its attachments': { 'zh-CN': '请先阅读邮件再领取附件', en: 'Read the message before claiming its attachments' },
  'the attachments were already claimed': { 'zh-CN': '附件已领取', en: 'The attachments were already claimed' },
  'the achievement is not achieved yet': { 'zh-CN': '成就尚未达成', en: 'The achievement is not achieved yet' },
  'the reward was already redeemed': { 'zh-CN': '奖励已领取', en: 'The reward was already redeemed' },
  // The shared import helper's refusals of a whole file (server/services/passport/import.ts), which the
  // achievement and quest imports answer.
  'not valid {0}: {1}': { 'zh-CN': '不是有效的 {0} 文件：{1}', en: 'Not a valid {0} file: {1}' },
  'expected a list of records': { 'zh-CN': '文件内容应为记录列表', en: 'Expected a list of records' },
  'the file has no rows': { 'zh-CN': '文件中没有数据行', en: 'The file has no rows' },
  'at most {0} rows per import': { 'zh-CN': '每次最多导入 {0} 行', en: 'At most {0} rows per import' },
  'repeats an earlier row': { 'zh-CN': '与前面的行重复', en: 'Repeats an earlier row' },
  'the billboard would expire before it goes live': { 'zh-CN': '公告在上线前就会过期，请调整发布时间或有效期', en: 'The billboard would expire before it goes live' },
  'levels must run 1, 2, 3 and so on, in order': { 'zh-CN': '等级须从 1 开始按顺序连续编号', en: 'Levels must run 1, 2, 3 and so on, in order' },
  'must not be less than the level before': { 'zh-CN': '不能少于上一等级所需经验', en: 'Must not be less than the level before' },
  'the battle pass is not running': { 'zh-CN': '战令未在进行中', en: 'The battle pass is not running' },
  'the battle pass has no such level': { 'zh-CN': '战令没有该等级', en: 'The battle pass has no such level' },
  'the level is not reached yet': { 'zh-CN': '尚未达到该等级', en: 'The level is not reached yet' },
  'the premium track is not unlocked': { 'zh-CN': '尚未解锁高级战令', en: 'The premium track is not unlocked' },
  'the level has no reward on this track': { 'zh-CN': '该等级在此档位没有奖励', en: 'The level has no reward on this track' },
  'the reward was already claimed': { 'zh-CN': '奖励已领取', en: 'The reward was already claimed' },
  'the quest has as many items as it can hold': { 'zh-CN': '任务项数量已达上限', en: 'The quest has as many items as it can hold' },
  'the quest has no such item': { 'zh-CN': '任务中没有该任务项', en: 'The quest has no such item' },
  'the quest has no items to publish': { 'zh-CN': '任务还没有可发布的任务项', en: 'The quest has no items to publish' },
  'revoke the item before deleting it': { 'zh-CN': '请先撤回该任务项再删除', en: 'Revoke the item before deleting it' },
  'the quest item is not completed in this period': { 'zh-CN': '本周期内尚未完成该任务项', en: 'The quest item is not completed in this period' },
  'the reward was already claimed in this period': { 'zh-CN': '本周期的奖励已领取', en: 'The reward was already claimed in this period' },
};
