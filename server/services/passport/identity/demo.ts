import { randomBytes, randomUUID } from 'node:crypto';
import { modelOf, type Ctx } from '../../../context';
import type { Data } from '../../../engine/store';
import { maskPhone } from './codes';
import { sweepEntitlements } from './entitlements';
import { saveProvider } from './id-providers';
import { records } from '../../../engine/query';
import { guildModels } from './guilds/common';
import { addMember } from './guilds/membership';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** The demo app's players (seeded by the players area first), oldest first. */
async function idsOf(ctx: Ctx, kind: 'users' | 'personas', appId: string): Promise<{ id: string; data: Data }[]> {
  const m = modelOf(ctx, 'passport', kind);
  return (await records(ctx.db, m).find(appId, { orderBy: 'createdAt' })).map((data) => ({ id: String(data.id), data }));
}

async function insert(ctx: Ctx, resource: string, appId: string, data: Data, status: string | null = null): Promise<string> {
  return String((await ctx.store.insert(modelOf(ctx, 'passport', resource), appId, randomUUID(), data, status)).id);
}

async function saveSettings(ctx: Ctx, resource: string, appId: string, data: Data): Promise<void> {
  await records(ctx.db, modelOf(ctx, 'passport', resource)).insert(appId, data, { id: appId });
}

/** The demo app's sign-in settings, SMS, tags, entitlements, reports and guilds, over the players area's demo players. */
export async function seedIdentityDemo(ctx: Ctx, appId: string): Promise<void> {
  const domain = { idDomainID: appId, name: 'Demo Game', description: '示例游戏的玩家账号域', smsSignature: 'Demo Game', production: true, sendForReview: false };
  await records(ctx.db, modelOf(ctx, 'passport', 'id-domains')).insert(appId, domain, { id: appId });
  const loginTemplate = await insert(ctx, 'sms-templates', appId, { name: '登录验证码', content: '您的验证码为 {code}，{minutes} 分钟内有效，请勿泄露给他人。', description: '手机号登录', enabled: true, reviewComment: '' }, 'Available');
  await insert(ctx, 'sms-templates', appId, { name: '绑定手机', content: '您正在绑定手机号，验证码 {code}，{minutes} 分钟内有效。', description: '账号绑定手机号' }, 'Reviewing');
  await saveSettings(ctx, 'tos', appId, {
    termsVersion: '2026-01',
    title: 'Demo Game 用户协议',
    content: '欢迎来到 Demo Game。进入游戏即表示您同意遵守本协议与隐私政策。',
    url: 'https://example.com/demo-game/terms',
  });
  const providers: [string, boolean, string][] = [
    ['Wechat', true, 'wx7f3a9c2e51d08b46'],
    ['TapTap', true, 'tap-client-5521'],
    ['ServiceLogin', true, ''],
    ['Apple', false, 'com.example.demogame'],
  ];
  for (const [provider, enabled, key] of providers) {
    await saveProvider(ctx, appId, provider, { enabled, appKey: key, appSecret: key ? randomBytes(16).toString('hex') : '' });
  }
  for (const [name, description] of [['events', '活动公告与活动成就'], ['season-1', '第一赛季']]) await insert(ctx, 'namespaces', appId, { name, description });
  for (const [phone, result, ago] of [['13800138021', 'Sent', 2 * HOUR], ['13800138021', 'RateLimited', 2 * HOUR - 20_000], ['13912345678', 'Sent', 5 * HOUR]] as const) {
    await ctx.db.query("INSERT INTO passport_sms_logs (app_id, phone_masked, template_id, template_name, result, created_at) VALUES ($1, $2, $3, '登录验证码', $4, $5)", [
      appId,
      maskPhone(phone),
      loginTemplate,
      result,
      at(-ago),
    ]);
  }

  const users = await idsOf(ctx, 'users', appId);
  const personas = await idsOf(ctx, 'personas', appId);
  const tester = await insert(ctx, 'tags', appId, { name: '测试账号', color: 'blue', description: '内部测试人员' });
  const vip = await insert(ctx, 'tags', appId, { name: '高价值玩家', color: 'gold', description: '累计充值较高' });
  await insert(ctx, 'tags', appId, { name: '疑似外挂', color: 'red', description: '待人工复核' });
  const tag = (id: string | undefined, tags: string[]) =>
    id && Promise.all(['users', 'personas'].map((kind) => records(ctx.db, modelOf(ctx, 'passport', kind)).update(appId, { id }, { set: { tags } })));
  await tag(users[0]?.id, [tester, vip]);
  await tag(users[1]?.id, [vip]);
  await tag(personas[0]?.id, [vip]);
  if (users.length < 2 || personas.length < 6) return;

  const entitlements: Data[] = [
    { name: '月卡', type: 'MonthlyCard', userId: users[0].id, startTime: at(-10 * DAY), endTime: at(20 * DAY), description: '每日领取 100 钻石' },
    { name: '季度会员', type: 'Vip', userId: users[1].id, personaId: personas[2].id, startTime: at(-100 * DAY), endTime: at(-10 * DAY) },
    { name: '资料片：远航', type: 'Dlc', userId: users[0].id, startTime: at(-30 * DAY) },
    { name: '暑期免广告', type: 'AdFree', userId: users[2].id, startTime: at(5 * DAY), endTime: at(60 * DAY) },
  ];
  for (const data of entitlements) await insert(ctx, 'entitlements', appId, data, 'Pending');
  await sweepEntitlements(ctx, { appId });

  const report = (reporter: number, target: number, reason: string, status: string, description: string, handlerNote?: string) =>
    insert(ctx, 'reports', appId, {
      reporterUserId: personas[reporter].data.userId,
      reporterPersonaId: personas[reporter].id,
      targetUserId: personas[target].data.userId,
      targetPersonaId: personas[target].id,
      reason,
      description,
      status,
      ...(handlerNote ? { handlerNote } : {}),
    });
  await report(0, 5, 'Cheating', 'Actioned', '竞技场中移动速度异常', '核实使用加速外挂，封禁 7 天');
  await report(2, 3, 'Harassment', 'Reviewing', '组队频道反复辱骂');
  await report(4, 2, 'OffensiveName', 'Cleared', '昵称疑似不当', '昵称无违规');

  const deputy = await insert(ctx, 'guild-roles', appId, { name: '副会长', description: '协助会长管理公会', dismissGuild: false, manageGuildRequests: true, manageMemberRole: true, updateGuildInfo: true, removeMembers: true });
  const elite = await insert(ctx, 'guild-roles', appId, { name: '精英', description: '负责招新', dismissGuild: false, manageGuildRequests: true, manageMemberRole: false, updateGuildInfo: false, removeMembers: false });
  await insert(ctx, 'guild-roles', appId, { name: '成员', description: '普通成员', dismissGuild: false, manageGuildRequests: false, manageMemberRole: false, updateGuildInfo: false, removeMembers: false });
  const m = guildModels(ctx);
  const guild = async (name: string, description: string, leader: number, members: [number, string | null][]) => {
    const id = await insert(ctx, 'guilds', appId, { name, description, announcement: '每周五晚九点公会战', memberCount: members.length + 1, leaderPersonaId: personas[leader].id });
    const record = await records(ctx.db, m.guilds).get(appId, id);
    for (const [p, role] of [[leader, null] as [number, string | null], ...members]) await addMember(ctx.db, m, appId, record, personas[p].id, role);
    return id;
  };
  await guild('晨曦之光', '休闲与竞技兼顾，欢迎新人', 0, [
    [2, deputy],
    [3, elite],
  ]);
  const tide = await guild('潮汐', '二区老牌公会', 4, []);
  const words = '想一起打公会战';
  await records(ctx.db, m.requests).insert(appId, { guildId: tide, personaId: personas[1].id, message: words }, { parentId: tide });
}
