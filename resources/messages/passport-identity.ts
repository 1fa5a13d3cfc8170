import type { Text } from '../types';

/** Messages the server sends from passport's identity calls: the English key and its text in both languages. */
export const passportIdentityMessages: Record<string, Text> = {
  // Id domain
  'id domain not found': { 'zh-CN': '账号域不存在', en: 'The id domain does not exist' },
  'the app already has an id domain': { 'zh-CN': '该应用已创建账号域', en: 'The app already has an id domain' },
  'the id domain is already in production': { 'zh-CN': '账号域已是正式环境', en: 'The id domain is already in production' },
  'the id domain is already waiting for review': { 'zh-CN': '账号域已提交审核，请等待平台处理', en: 'The id domain is already waiting for review' },
  'the id domain is not in production': { 'zh-CN': '账号域未处于正式环境或审核中', en: 'The id domain is neither in production nor waiting for review' },
  // Verification codes
  'required without the app credential': { 'zh-CN': '未使用应用凭证调用时必填', en: 'Required when calling without the app credential' },
  'a code was sent to this number less than a minute ago': { 'zh-CN': '该号码一分钟内已发送过验证码，请稍后再试', en: 'A code was sent to this number less than a minute ago' },
  // SMS templates
  'an approved template cannot be changed; create a new one': { 'zh-CN': '审核通过的模板不能修改内容，请新建模板', en: 'An approved template cannot be changed. Create a new one.' },
  'only an approved template can be enabled': { 'zh-CN': '只有审核通过的模板才能启用', en: 'Only an approved template can be enabled' },
  'cannot be changed': { 'zh-CN': '不能修改', en: 'Cannot be changed' },
  // Login providers
  'no such login provider': { 'zh-CN': '不支持该登录方式', en: 'No such login provider' },
  'required to enable this provider': { 'zh-CN': '启用该登录方式前必须填写', en: 'Required to enable this provider' },
  // Entitlements
  'no such user': { 'zh-CN': '用户不存在', en: 'No such user' },
  'not a persona of this user': { 'zh-CN': '该角色不属于此用户', en: 'Not a persona of this user' },
  // Reports
  'the reported player does not exist': { 'zh-CN': '被举报的玩家不存在', en: 'The reported player does not exist' },
  'the reporter revoked this report': { 'zh-CN': '举报人已撤回该举报，不能再修改', en: 'The reporter revoked this report' },
  'you already reported this player and the report is under review': { 'zh-CN': '您已举报过该玩家，举报正在审核中', en: 'You already reported this player and the report is under review' },
  'only a report under review can be revoked': { 'zh-CN': '只能撤回审核中的举报', en: 'Only a report under review can be revoked' },
  'only the reporter can revoke a report': { 'zh-CN': '只有举报人可以撤回举报', en: 'Only the reporter can revoke a report' },
  'not the user of this persona': { 'zh-CN': '与该角色所属用户不一致', en: 'Not the user of this persona' },
  'cannot report yourself': { 'zh-CN': '不能举报自己', en: 'You cannot report yourself' },
  // Terms
  'the game has no terms of service': { 'zh-CN': '该游戏尚未设置用户协议', en: 'The game has no terms of service' },
  // Guilds
  'guild not found': { 'zh-CN': '公会不存在', en: 'Guild not found' },
  'no such request': { 'zh-CN': '入会申请不存在', en: 'No such request' },
  'no such guild role': { 'zh-CN': '公会角色不存在', en: 'No such guild role' },
  'not a member of this guild': { 'zh-CN': '不是该公会成员', en: 'Not a member of this guild' },
  'your guild role does not allow this': { 'zh-CN': '您的公会角色没有此权限', en: 'Your guild role does not allow this' },
  'you cannot change your own role': { 'zh-CN': '不能修改自己的公会角色', en: 'You cannot change your own role' },
  "the leader's role cannot be changed": { 'zh-CN': '不能修改会长的角色', en: "The leader's role cannot be changed" },
  'the leader cannot be removed': { 'zh-CN': '不能移除会长', en: 'The leader cannot be removed' },
  'the leader cannot leave the guild; dismiss it instead': { 'zh-CN': '会长不能退出公会，可以解散公会', en: 'The leader cannot leave the guild. Dismiss it instead.' },
  'leave the guild instead of removing yourself': { 'zh-CN': '请使用退出公会，而不是移除自己', en: 'Leave the guild instead of removing yourself' },
  'a request to join this guild is already waiting': { 'zh-CN': '已申请加入该公会，请等待审批', en: 'A request to join this guild is already waiting' },
  'already a member of this guild': { 'zh-CN': '已是该公会成员', en: 'Already a member of this guild' },
  'already a member of a guild': { 'zh-CN': '已加入其他公会，不能同时加入多个公会', en: 'Already a member of a guild' },
  'left a guild too recently to join another yet': { 'zh-CN': '退出公会后需等待一段时间才能再加入公会', en: 'Left a guild too recently to join another yet' },
  'the guild is full': { 'zh-CN': '公会成员已满', en: 'The guild is full' },
  'a guild with this name already exists': { 'zh-CN': '公会名称已被使用', en: 'A guild with this name already exists' },
};
