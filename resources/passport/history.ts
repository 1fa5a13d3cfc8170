import type { Text } from '../types';

/**
 * What the operation history calls the operations Passport's own code records (`ServiceDecl.history`): a record's
 * operation by its verb, shown after the record's name (`quests.items.add` → 任务 · 添加任务项); an operation on no
 * declared record by its whole phrase (`inbox.send` → 发送邮件).
 */
export const PASSPORT_HISTORY: Record<string, Text> = {
  // Players and their personas.
  'users.login': { 'zh-CN': '登录', en: 'Sign in' },
  'users.real-name': { 'zh-CN': '实名认证', en: 'Real-name check' },
  'personas.select': { 'zh-CN': '选择角色', en: 'Select' },
  'reports.file': { 'zh-CN': '提交举报', en: 'File' },
  'reports.revoke': { 'zh-CN': '撤回举报', en: 'Withdraw' },
  'users.leaderboard-scores.clear': { 'zh-CN': '清除排行榜分数', en: "Clear the player's scores" },
  'verification-codes.send': { 'zh-CN': '发送验证码', en: 'Send a verification code' },
  'app-secret.notify': { 'zh-CN': '通知应用密钥变更', en: 'Notify of the app secret' },
  // Economy.
  'inventory.consume': { 'zh-CN': '消耗', en: 'Consume' },
  'transactions.purchase': { 'zh-CN': '购买', en: 'Purchase' },
  'payment.notification.refused': { 'zh-CN': '拒绝支付通知', en: 'Refuse a payment notification' },
  'tokenClasses.schedule': { 'zh-CN': '按计划变更状态', en: 'Scheduled change' },
  'tokenInstances.redeem': { 'zh-CN': '兑换', en: 'Redeem' },
  'entitlements.activate': { 'zh-CN': '生效', en: 'Activate' },
  'entitlements.expire': { 'zh-CN': '到期', en: 'Expire' },
  // Leaderboards.
  'leaderboards.reset': { 'zh-CN': '重置', en: 'Reset' },
  'leaderboards.rewards.reissue': { 'zh-CN': '补发奖励', en: 'Reissue rewards' },
  // Live-ops.
  'achievements.progress': { 'zh-CN': '成就进度推进', en: 'Achievement progress' },
  'quests.progress': { 'zh-CN': '进度推进', en: 'Progress' },
  'quests.items.add': { 'zh-CN': '添加任务项', en: 'Add an item' },
  'quests.items.update': { 'zh-CN': '修改任务项', en: 'Change an item' },
  'quests.items.delete': { 'zh-CN': '删除任务项', en: 'Delete an item' },
  'quests.items.publish': { 'zh-CN': '发布任务项', en: 'Publish an item' },
  'quests.items.revoke': { 'zh-CN': '撤回任务项', en: 'Revoke an item' },
  'battlePasses.claim': { 'zh-CN': '领取奖励', en: 'Claim a reward' },
  'battlePasses.exp': { 'zh-CN': '增加经验', en: 'Add experience' },
  'inbox.send': { 'zh-CN': '发送邮件', en: 'Send a message' },
  'inbox.read': { 'zh-CN': '阅读邮件', en: 'Read a message' },
  'inbox.claim': { 'zh-CN': '领取邮件附件', en: 'Claim attachments' },
};
