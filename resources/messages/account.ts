import type { Text } from '../types';

/** Messages the server sends from its account calls: the English key and its text in both languages. */
export const accountMessages: Record<string, Text> = {
  'email already registered': { 'zh-CN': '该邮箱已注册，请直接登录', en: 'This e-mail is already registered. Sign in instead.' },
  'sign-up is disabled': { 'zh-CN': '暂不开放注册', en: 'Sign-up is closed' },
  'invalid or expired verification code': { 'zh-CN': '验证码错误或已过期', en: 'The code is wrong or has expired' },
  'not the current policy version': { 'zh-CN': '条款版本已更新，请刷新页面后重新确认', en: 'The terms have changed. Reload the page and accept them again.' },
  'invalid id number': { 'zh-CN': '身份证号码无效', en: 'Invalid ID number' },
  'already verified': { 'zh-CN': '已完成实名认证', en: 'Already verified' },
  'provider not configured': { 'zh-CN': '未配置该登录方式', en: 'This sign-in method is not set up' },
  'external sign-in failed': { 'zh-CN': '第三方登录失败，请重试', en: 'Signing in with the provider failed. Try again.' },
  'sign-in provider unavailable': { 'zh-CN': '第三方登录服务暂时无法访问', en: 'The sign-in provider cannot be reached' },
  'sign-in expired, start again': { 'zh-CN': '登录已超时，请重新发起登录', en: 'The sign-in expired. Start again.' },
  'not a callback address of this console': { 'zh-CN': '回调地址无效', en: 'Not a callback address of this console' },
  'the provider did not confirm an e-mail address': { 'zh-CN': '第三方账号未提供已验证的邮箱', en: 'The provider did not confirm an e-mail address' },
  'administrators cannot suspend or demote themselves': { 'zh-CN': '不能停用自己或取消自己的管理员权限', en: 'You cannot suspend yourself or remove your own administrator role' },
  'cross-site request refused': { 'zh-CN': '已拒绝来自其他网站的请求', en: 'Request from another site refused' },
};
