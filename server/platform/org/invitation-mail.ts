import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { OrgRole } from '../../../resources/org-api';
import type { Mail } from '../../mail';

dayjs.extend(utc);
dayjs.extend(timezone);

const ROLE_NAMES: Record<OrgRole, { zh: string; en: string }> = {
  owner: { zh: '拥有者', en: 'owner' },
  admin: { zh: '管理员', en: 'administrator' },
  member: { zh: '成员', en: 'member' },
};

export interface InvitationMailInput {
  to: string;
  orgName: string;
  role: OrgRole;
  inviter: string;
  /** The console's address, without a trailing slash. */
  consoleUrl: string;
  /** Set when the address has no account yet: the invitation waits for a sign-up until then. */
  expiresAt?: string;
}

/** The e-mail telling someone they were added to an organisation, or invited to join it (Chinese, then English). */
export function invitationMail(m: InvitationMailInput): Mail {
  const role = ROLE_NAMES[m.role];
  if (!m.expiresAt) {
    const link = `${m.consoleUrl}/orgs`;
    return {
      to: m.to,
      subject: `你已加入组织「${m.orgName}」 / You joined ${m.orgName} on Lodestar`,
      text: [
        `${m.inviter} 已将你以${role.zh}身份加入 Lodestar 组织「${m.orgName}」。登录后即可查看该组织的应用：${link}`,
        '',
        `${m.inviter} added you to the Lodestar organisation "${m.orgName}" as ${role.en}. Sign in to see its apps: ${link}`,
      ].join('\n'),
    };
  }
  const link = `${m.consoleUrl}/sign-up`;
  const until = `${dayjs.utc(m.expiresAt).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm')} (UTC+8)`;
  return {
    to: m.to,
    subject: `邀请你加入组织「${m.orgName}」 / Invitation to join ${m.orgName} on Lodestar`,
    text: [
      `${m.inviter} 邀请你以${role.zh}身份加入 Lodestar 组织「${m.orgName}」。请在 ${until} 前使用本邮箱地址注册：${link}`,
      '注册或登录后即自动加入该组织。',
      '',
      `${m.inviter} invited you to join the Lodestar organisation "${m.orgName}" as ${role.en}. Sign up with this e-mail address before ${until}: ${link}`,
      'You join the organisation as soon as you sign up or sign in.',
    ].join('\n'),
  };
}
