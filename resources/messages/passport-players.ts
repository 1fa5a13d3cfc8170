import type { Text } from '../types';

/** Messages the server sends from passport's players calls: the English key and its text in both languages. */
export const passportPlayersMessages: Record<string, Text> = {
  // Player tokens and bans
  'player token required': { 'zh-CN': '缺少玩家登录凭证', en: 'A player token is required' },
  'player token invalid or expired': { 'zh-CN': '玩家登录凭证无效或已过期，请重新登录', en: 'The player token is invalid or has expired. Sign in again.' },
  'the player is banned': { 'zh-CN': '该玩家已被封禁，无法登录', en: 'This player is banned and cannot sign in' },
  'the persona is banned': { 'zh-CN': '该角色已被封禁', en: 'This persona is banned' },
  'no persona selected': { 'zh-CN': '请先选择角色', en: 'Select a persona first' },
  'real-name verification required': { 'zh-CN': '请先完成实名认证', en: 'Real-name verification is required first' },
  // Sign-in
  'login method not enabled': { 'zh-CN': '该登录方式未开启', en: 'This login method is not enabled' },
  'login platform not enabled': { 'zh-CN': '该登录平台未开启', en: 'This login platform is not enabled' },
  'realm not found': { 'zh-CN': '区服不存在', en: 'Realm not found' },
  'no such realm': { 'zh-CN': '区服不存在', en: 'No such realm' },
  'the realm is under maintenance': { 'zh-CN': '区服维护中，请稍后再试', en: 'The realm is under maintenance. Try again later.' },
  'the realm is not open': { 'zh-CN': '区服未开放', en: 'The realm is not open' },
  'required for this provider': { 'zh-CN': '该登录渠道必须填写', en: 'Required for this login provider' },
  'verification code invalid or expired': { 'zh-CN': '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  'the login provider is not configured': { 'zh-CN': '该登录渠道未配置或未启用', en: 'This login provider is not configured or not enabled' },
  'the login provider refused the credential': { 'zh-CN': '登录渠道校验未通过', en: 'The login provider refused the credential' },
  'the login provider could not be reached': { 'zh-CN': '无法连接登录渠道，请稍后再试', en: 'The login provider could not be reached. Try again later.' },
  'this login provider does not support this method': { 'zh-CN': '该登录渠道不支持此登录方式', en: 'This login provider does not support this method' },
  'not supported by the provider': { 'zh-CN': '该渠道不支持', en: 'Not supported by the provider' },
  // Users and personas
  'another user has this sign-in identity': { 'zh-CN': '已有用户使用该登录身份', en: 'Another user has this sign-in identity' },
  'no such user': { 'zh-CN': '用户不存在', en: 'No such user' },
  'no such tag': { 'zh-CN': '标签不存在', en: 'No such tag' },
  'cannot be changed': { 'zh-CN': '创建后不可修改', en: 'Cannot be changed' },
  'persona not found': { 'zh-CN': '角色不存在', en: 'Persona not found' },
  // Real name
  'real name already verified': { 'zh-CN': '已完成实名认证', en: 'The real name is already verified' },
  'not an 18-character identity number': { 'zh-CN': '身份证号应为 18 位', en: 'Not an 18-character identity number' },
  'the birth date in the number is not valid': { 'zh-CN': '身份证号中的出生日期无效', en: 'The birth date in the number is not valid' },
  'the check digit does not match': { 'zh-CN': '身份证号校验位不正确', en: 'The check digit does not match' },
  // Friends
  'cannot be yourself': { 'zh-CN': '不能是自己', en: 'Cannot be yourself' },
  'blacklisted personas cannot be friends': { 'zh-CN': '已拉黑的角色之间不能成为好友', en: 'Blacklisted personas cannot be friends' },
  'already friends': { 'zh-CN': '已经是好友', en: 'Already friends' },
  'friend request already sent': { 'zh-CN': '已发送过好友申请', en: 'Friend request already sent' },
  'friend limit reached': { 'zh-CN': '好友数量已达上限', en: 'Friend limit reached' },
  "the other persona's friend list is full": { 'zh-CN': '对方好友数量已达上限', en: "The other persona's friend list is full" },
  'too many pending friend requests': { 'zh-CN': '待处理的好友申请过多', en: 'Too many pending friend requests' },
  'no such friend request': { 'zh-CN': '好友申请不存在', en: 'No such friend request' },
  'not friends and no request between them': { 'zh-CN': '双方不是好友，也没有好友申请', en: 'Not friends and no request between them' },
  'already blacklisted': { 'zh-CN': '已在黑名单中', en: 'Already blacklisted' },
  'blacklist limit reached': { 'zh-CN': '黑名单数量已达上限', en: 'Blacklist limit reached' },
  'not on the blacklist': { 'zh-CN': '不在黑名单中', en: 'Not on the blacklist' },
};
