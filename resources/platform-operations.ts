import type { Text } from './types';

const op = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/**
 * The platform's own operations in the operation history (accounts, apps, organisations, money, operations), by the
 * code the server writes: what the history shows for them. Declared records and platform entities are named from
 * their own declarations instead (`resources/history-labels.ts`).
 */
export const PLATFORM_OPERATIONS: Record<string, Text> = {
  'account.code.send': op('账号 · 发送验证码', 'Account · Send code'),
  'account.identity.link': op('账号 · 绑定外部身份', 'Account · Link identity'),
  'account.password.reset': op('账号 · 重置密码', 'Account · Reset password'),
  'account.policy.accept': op('账号 · 同意用户协议', 'Account · Accept terms'),
  'account.real-name.verify': op('账号 · 实名认证', 'Account · Verify real name'),
  'account.sign-in': op('账号 · 登录', 'Account · Sign in'),
  'account.sign-out': op('账号 · 退出登录', 'Account · Sign out'),
  'account.sign-up': op('账号 · 注册', 'Account · Sign up'),
  'app.create': op('应用 · 创建', 'App · Create'),
  'app.update': op('应用 · 修改', 'App · Update'),
  'app.secret.generate': op('应用 · 重新生成密钥', 'App · Regenerate secret'),
  'app.service.enable': op('应用 · 开通服务', 'App · Enable service'),
  'app.service.provision': op('应用 · 准备服务资源', 'App · Provision service'),
  'app.token.redeem': op('应用 · 兑换服务令牌', 'App · Redeem service token'),
  'bill.process': op('账单 · 出账', 'Bill · Process'),
  'blob.grant': op('文件 · 申请上传', 'File · Grant upload'),
  'blob.upload': op('文件 · 上传', 'File · Upload'),
  'consultation.ticket.create': op('咨询工单 · 创建', 'Consultation ticket · Create'),
  'contact.message.create': op('联系我们 · 留言', 'Contact · Send message'),
  'invoice.request': op('发票 · 申请', 'Invoice · Request'),
  'mail.send': op('邮件 · 发送', 'Mail · Send'),
  'monitor.create': op('告警群 · 添加', 'Alert webhook · Add'),
  'monitor.delete': op('告警群 · 删除', 'Alert webhook · Delete'),
  'org.blue-cloud.link': op('组织 · 关联蓝云账号', 'Organisation · Link Blue Cloud account'),
  'org.certification.request': op('认证申请 · 提交', 'Certification request · Submit'),
  'org.create': op('组织 · 创建', 'Organisation · Create'),
  'org.update': op('组织 · 修改', 'Organisation · Update'),
  'org.invitation.revoke': op('组织 · 撤销邀请', 'Organisation · Revoke invitation'),
  'org.member.add': op('组织 · 添加成员', 'Organisation · Add member'),
  'org.member.invite': op('组织 · 邀请成员', 'Organisation · Invite member'),
  'org.member.role': op('组织 · 修改成员角色', 'Organisation · Change member role'),
  'org.member.leave': op('组织 · 退出组织', 'Organisation · Leave'),
  'org.member.remove': op('组织 · 移除成员', 'Organisation · Remove member'),
  'payment.create': op('支付 · 发起', 'Payment · Start'),
  'payment.succeed': op('支付 · 成功', 'Payment · Succeeded'),
  'payment.fail': op('支付 · 失败', 'Payment · Failed'),
  'payment.notification.refused': op('支付 · 拒绝回调通知', 'Payment · Notification refused'),
  'project.create': op('项目 · 创建', 'Project · Create'),
  'service-token.generate': op('服务令牌 · 生成', 'Service token · Generate'),
  'service-token.regenerate': op('服务令牌 · 重新生成', 'Service token · Regenerate'),
  'service-token.delete': op('服务令牌 · 删除', 'Service token · Delete'),
  'user.clear-login-state': op('用户 · 清除登录状态', 'User · Clear sign-in state'),
  'user.update': op('用户 · 修改', 'User · Update'),
};
