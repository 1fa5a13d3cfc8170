import type { DemoEntry } from '../demo-types';

const ref = (name: string) => ({ ref: name });
const daysFromNow = (days: number) => ({ fromNow: { days } });

const role = (name: string, description: string, rights: Record<string, boolean>): DemoEntry => ({
  resource: 'guild-roles',
  name: `role-${name}`,
  data: { name, description, dismissGuild: false, ...rights },
});

/** A report of one persona by another (each persona's player is reporter or target too). */
const report = (by: [string, string], of: [string, string], reason: string, status: string, description: string, handlerNote?: string): DemoEntry => ({
  resource: 'reports',
  data: {
    reporterUserId: ref(by[0]),
    reporterPersonaId: ref(by[1]),
    targetUserId: ref(of[0]),
    targetPersonaId: ref(of[1]),
    reason,
    description,
    status,
    ...(handlerNote ? { handlerNote } : {}),
  },
});

/** The demo app's sign-in settings, SMS, tags, entitlements, reports and guilds, over the players area's demo players. */
export const IDENTITY_DEMO: DemoEntry[] = [
  {
    resource: 'id-domains',
    data: { idDomainID: ref('app'), name: 'Demo Game', description: '示例游戏的玩家账号域', smsSignature: 'Demo Game', production: true, sendForReview: false },
  },
  {
    resource: 'sms-templates',
    name: 'sms-login',
    status: 'Available',
    data: { name: '登录验证码', content: '您的验证码为 {code}，{minutes} 分钟内有效，请勿泄露给他人。', description: '手机号登录', enabled: true, reviewComment: '' },
  },
  { resource: 'sms-templates', status: 'Reviewing', data: { name: '绑定手机', content: '您正在绑定手机号，验证码 {code}，{minutes} 分钟内有效。', description: '账号绑定手机号' } },
  {
    resource: 'tos',
    data: {
      termsVersion: '2026-01',
      title: 'Demo Game 用户协议',
      content: '欢迎来到 Demo Game。进入游戏即表示您同意遵守本协议与隐私政策。',
      url: 'https://example.com/demo-game/terms',
    },
  },
  // Saved as the console saves them; a provider with a key gets a new random secret.
  { step: 'idProvider', with: { provider: 'Wechat', enabled: true, appKey: 'wx7f3a9c2e51d08b46' } },
  { step: 'idProvider', with: { provider: 'TapTap', enabled: true, appKey: 'tap-client-5521' } },
  { step: 'idProvider', with: { provider: 'ServiceLogin', enabled: true, appKey: '' } },
  { step: 'idProvider', with: { provider: 'Apple', enabled: false, appKey: 'com.example.demogame' } },
  { resource: 'namespaces', data: { name: 'events', description: '活动公告与活动成就' } },
  { resource: 'namespaces', data: { name: 'season-1', description: '第一赛季' } },
  { step: 'smsLog', with: { phone: '13800138021', template: ref('sms-login'), result: 'Sent', at: { fromNow: { hours: -2 } } } },
  { step: 'smsLog', with: { phone: '13800138021', template: ref('sms-login'), result: 'RateLimited', at: { fromNow: { hours: -2, seconds: 20 } } } },
  { step: 'smsLog', with: { phone: '13912345678', template: ref('sms-login'), result: 'Sent', at: { fromNow: { hours: -5 } } } },

  { resource: 'tags', name: 'tag-tester', data: { name: '测试账号', color: 'blue', description: '内部测试人员' } },
  { resource: 'tags', name: 'tag-vip', data: { name: '高价值玩家', color: 'gold', description: '累计充值较高' } },
  { resource: 'tags', data: { name: '疑似外挂', color: 'red', description: '待人工复核' } },
  { resource: 'users', update: '林悦', set: { tags: [ref('tag-tester'), ref('tag-vip')] } },
  { resource: 'users', update: '陈墨', set: { tags: [ref('tag-vip')] } },
  { resource: 'personas', update: '晨星', set: { tags: [ref('tag-vip')] } },

  // Entitlements start pending; the sweep moves each to the state its times give (active, expired).
  {
    resource: 'entitlements',
    data: { name: '月卡', type: 'MonthlyCard', userId: ref('林悦'), startTime: daysFromNow(-10), endTime: daysFromNow(20), description: '每日领取 100 钻石' },
  },
  { resource: 'entitlements', data: { name: '季度会员', type: 'Vip', userId: ref('陈墨'), personaId: ref('墨白'), startTime: daysFromNow(-100), endTime: daysFromNow(-10) } },
  { resource: 'entitlements', data: { name: '资料片：远航', type: 'Dlc', userId: ref('林悦'), startTime: daysFromNow(-30) } },
  { resource: 'entitlements', data: { name: '暑期免广告', type: 'AdFree', userId: ref('周一鸣'), startTime: daysFromNow(5), endTime: daysFromNow(60) } },
  { resource: 'entitlements', moveTimed: true },

  report(['林悦', '晨星'], ['速通小王', '疾风'], 'Cheating', 'Actioned', '竞技场中移动速度异常', '核实使用加速外挂，封禁 7 天'),
  report(['陈墨', '墨白'], ['周一鸣', '鸣镝'], 'Harassment', 'Reviewing', '组队频道反复辱骂'),
  report(['Mika', 'Mikasa'], ['陈墨', '墨白'], 'OffensiveName', 'Cleared', '昵称疑似不当', '昵称无违规'),

  role('副会长', '协助会长管理公会', { manageGuildRequests: true, manageMemberRole: true, updateGuildInfo: true, removeMembers: true }),
  role('精英', '负责招新', { manageGuildRequests: true, manageMemberRole: false, updateGuildInfo: false, removeMembers: false }),
  role('成员', '普通成员', { manageGuildRequests: false, manageMemberRole: false, updateGuildInfo: false, removeMembers: false }),
  {
    resource: 'guilds',
    name: 'guild-dawn',
    data: { name: '晨曦之光', description: '休闲与竞技兼顾，欢迎新人', announcement: '每周五晚九点公会战', memberCount: 3, leaderPersonaId: ref('晨星') },
  },
  { step: 'guildMember', with: { guild: ref('guild-dawn'), persona: ref('晨星'), role: null } },
  { step: 'guildMember', with: { guild: ref('guild-dawn'), persona: ref('墨白'), role: ref('role-副会长') } },
  { step: 'guildMember', with: { guild: ref('guild-dawn'), persona: ref('鸣镝'), role: ref('role-精英') } },
  {
    resource: 'guilds',
    name: 'guild-tide',
    data: { name: '潮汐', description: '二区老牌公会', announcement: '每周五晚九点公会战', memberCount: 1, leaderPersonaId: ref('Mikasa') },
  },
  { step: 'guildMember', with: { guild: ref('guild-tide'), persona: ref('Mikasa'), role: null } },
  { resource: 'guild-requests', parent: ref('guild-tide'), data: { guildId: ref('guild-tide'), personaId: ref('潮汐之歌'), message: '想一起打公会战' } },
];
