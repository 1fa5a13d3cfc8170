import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../../context';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { advanceAchievement } from './achievements';
import { addPassExp, claimPassLevel } from './battle-pass';
import { publishBillboard } from './billboards';
import { findRecord, passportModel, type PersonaPlayer } from './common';
import { claimMessage, readMessage, sendMessage } from './inbox';
import { advanceQuestItem } from './quest-progress';
import { changeItems, setAllItems, setItemStatus, upsertItem } from './quests';

const ACTOR = 'system:demo';
const DAY_MS = 24 * 3600_000;
const gold = (amount: number) => ({ resource: 'gold', amount });
const gem = (amount: number) => ({ resource: 'gem', amount });

async function insert(ctx: Ctx, resource: string, appId: string, data: Data, status?: string): Promise<Data> {
  const m = passportModel(ctx, resource);
  return ctx.store.insert(m, appId, randomUUID(), data, status ?? m.res.status?.initial ?? null);
}

async function seedDefinitions(ctx: Ctx, appId: string, now: Date) {
  await insert(ctx, 'inboxTemplates', appId, {
    name: '每周登录礼包',
    slugName: 'weekly-login-gift',
    title: '感谢本周的陪伴',
    content: '每天登录的勇士，这是给你的一点心意。',
    attachments: [gold(500)],
  });
  await insert(ctx, 'inboxTemplates', appId, {
    name: '停服维护补偿',
    slugName: 'maintenance-compensation',
    title: '维护延长补偿',
    content: '本次维护比预期延长，为此致歉。',
    attachments: [gem(50), gold(1000)],
  });
  const achievements = [
    { name: '初战告捷', slugName: 'first-blood', category: '战斗', series: '击败敌人', goal: 1, rewards: [gold(100)] },
    { name: '百战老兵', slugName: 'veteran', category: '战斗', series: '击败敌人', goal: 100, rewards: [gem(20)] },
    { name: '收藏家', slugName: 'collector', category: '收集', series: '收集装备', goal: 50, rewards: [gem(30)] },
    { name: '社交达人', slugName: 'social-butterfly', category: '社交', goal: 10, hidden: true, rewards: [gold(300)] },
  ];
  for (const a of achievements) await insert(ctx, 'achievementMeta', appId, { description: '', ...a }, a.slugName === 'collector' ? 'unreleased' : 'released');

  const lobby = await insert(ctx, 'billboards', appId, { title: '第一赛季开启', content: '新地图、新战令，周末双倍奖励！', namespace: 'lobby', priority: 10, expiry: '14' });
  await publishBillboard(ctx, appId, ACTOR, String(lobby.id), {}, now);
  const maintenance = await insert(ctx, 'billboards', appId, {
    title: '周二凌晨停服维护',
    content: '服务器将于 02:00 至 04:00 停服维护。',
    namespace: 'login',
    priority: 100,
    expiry: 'custom',
    customExpiresAt: new Date(now.getTime() + 3 * DAY_MS).toISOString(),
  });
  await publishBillboard(ctx, appId, ACTOR, String(maintenance.id), { publishAt: new Date(now.getTime() + DAY_MS).toISOString() }, now);
  await insert(ctx, 'billboards', appId, { title: '春节活动预告', content: '春节活动即将到来，敬请期待。', namespace: 'lobby', priority: 0, expiry: '7' });

  const slots = [0, 1000, 2500, 4500, 7000].map((exp, i) => ({
    level: i + 1,
    exp,
    freeRewards: [gold(100 * (i + 1))],
    premiumRewards: i % 2 === 0 ? [gem(10 * (i + 1))] : [],
  }));
  await insert(ctx, 'battlePasses', appId, {
    name: '第一赛季战令',
    slugName: 'season-1',
    description: '完成对局获得经验，解锁赛季奖励。',
    startTime: new Date(now.getTime() - 7 * DAY_MS).toISOString(),
    endTime: new Date(now.getTime() + 53 * DAY_MS).toISOString(),
    slots,
  }, 'Active');
  await insert(ctx, 'battlePasses', appId, {
    name: '第二赛季战令',
    slugName: 'season-2',
    startTime: new Date(now.getTime() + 53 * DAY_MS).toISOString(),
    endTime: new Date(now.getTime() + 113 * DAY_MS).toISOString(),
    slots: slots.slice(0, 3),
  });

  await insert(ctx, 'quests', appId, { name: '每日训练', slugName: 'daily-training', description: '每天完成对局训练。', type: 'daily', layout: 'WithProgressBar' });
  await insert(ctx, 'quests', appId, { name: '每周探索', slugName: 'weekly-explorer', type: 'weekly', layout: 'Basic' });
  await insert(ctx, 'quests', appId, { name: '月度挑战', slugName: 'monthly-challenge', type: 'monthly', layout: 'WithProgressBar' });
  const items = {
    'daily-training': [{ name: '完成 3 场对局', target: 3, rewards: [gold(50)] }, { name: '获胜 1 场', target: 1, rewards: [gold(80)] }],
    'weekly-explorer': [{ name: '探索 5 张地图', target: 5, rewards: [gem(5)] }, { name: '开启 10 个宝箱', target: 10, rewards: [gold(200)] }],
    'monthly-challenge': [{ name: '登录 20 天', target: 20, rewards: [gem(50)] }],
  };
  for (const [slug, list] of Object.entries(items)) for (const item of list) await changeItems(ctx, appId, ACTOR, slug, 'items.add', upsertItem(item));
  await changeItems(ctx, appId, ACTOR, 'daily-training', 'publish', setAllItems('published'));
  const explorer = await findRecord(ctx, 'quests', appId, 'weekly-explorer');
  await changeItems(ctx, appId, ACTOR, 'weekly-explorer', 'items.publish', setItemStatus(String((explorer.items as { id: string }[])[0].id), 'published'));
}

/** Demo progress for the demo app's first persona, through the same code players' calls use. */
async function seedProgress(ctx: Ctx, appId: string, now: Date) {
  const personas = await records(ctx.db, passportModel(ctx, 'personas')).find(appId, { orderBy: 'createdAt' });
  if (personas.length === 0) return;
  const gift = await sendMessage(ctx, appId, ACTOR, { template: 'weekly-login-gift', target: { type: 'everyone' } });
  await sendMessage(ctx, appId, ACTOR, { title: '欢迎来到游戏', content: '祝你冒险愉快！', target: { type: 'personas', personaIds: personas.map((p) => String(p.id)) } });
  const player: PersonaPlayer = { appId, userId: String(personas[0].userId), personaId: String(personas[0].id) };
  const copy = await ctx.db.query<{ id: string }>('SELECT id FROM passport_inbox_messages WHERE app_id = $1 AND record_id = $2 AND persona_id = $3', [appId, gift.id, player.personaId]);
  await readMessage(ctx, appId, player.personaId, ACTOR, copy.rows[0].id);
  await claimMessage(ctx, appId, player.personaId, ACTOR, copy.rows[0].id);
  await advanceAchievement(ctx, player, ACTOR, 'first-blood', { increment: 1 });
  await advanceAchievement(ctx, player, ACTOR, 'veteran', { progress: 37 });
  await addPassExp(ctx, player, ACTOR, 'season-1', 2800, now);
  await claimPassLevel(ctx, player, ACTOR, 'season-1', 1, 'free', now);
  await claimPassLevel(ctx, player, ACTOR, 'season-1', 2, 'free', now);
  const [firstItem] = (await findRecord(ctx, 'quests', appId, 'daily-training')).items as { id: string }[];
  await advanceQuestItem(ctx, player, ACTOR, 'daily-training', firstItem.id, 2, now);
}

/** A few realistic live-ops records for the demo app, so its console screens are not empty. */
export async function seedLiveopsDemo(ctx: Ctx, appId: string): Promise<void> {
  const now = new Date();
  await seedDefinitions(ctx, appId, now);
  await seedProgress(ctx, appId, now);
}
