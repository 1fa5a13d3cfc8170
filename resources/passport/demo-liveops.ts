import type { DemoEntry } from '../demo-types';

const ref = (name: string) => ({ ref: name });
const daysFromNow = (days: number) => ({ fromNow: { days } });
const gold = (amount: number) => ({ resource: 'gold', amount });
const gem = (amount: number) => ({ resource: 'gem', amount });

const achievement = (a: Record<string, unknown>, status: string): DemoEntry => ({ resource: 'achievementMeta', status, data: { description: '', ...a } });

/** The season pass's levels: free gold on each, premium gems on every other one. */
const slots = [0, 1000, 2500, 4500, 7000].map((exp, i) => ({
  level: i + 1,
  exp,
  freeRewards: [gold(100 * (i + 1))],
  premiumRewards: i % 2 === 0 ? [gem(10 * (i + 1))] : [],
}));

const addQuestItem = (quest: string, name: string, target: number, rewards: unknown[]): DemoEntry => ({
  resource: 'quests',
  call: 'addItem',
  record: ref(quest),
  fields: { name, target, rewards },
});

/** The id of a quest's n-th item, as a path names it. */
const questItem = (quest: string, item: number) => ({ itemId: { value: 'questItem', with: { quest, item } } });

/** A call of the demo app's first persona (晨星, of the player 林悦). */
const asFirstPersona = (call: string, params: Record<string, unknown>, fields: Record<string, unknown> = {}, record?: string): DemoEntry => ({
  call,
  ...(record ? { record: ref(record) } : {}),
  params,
  fields,
  player: { userId: ref('林悦'), personaId: ref('晨星') },
});

/** Her copy of the gift sent to everyone. */
const giftCopy = { id: { value: 'inboxCopy', with: { message: ref('gift-sent'), persona: ref('晨星') } } };

/** What the demo app's first persona (晨星) has done, through the players' own calls. */
const progress: DemoEntry[] = [
  asFirstPersona('inbox.read', giftCopy),
  asFirstPersona('inbox.claim', giftCopy),
  asFirstPersona('achievements.progress', { id: 'first-blood' }, { increment: 1 }),
  asFirstPersona('achievements.progress', { id: 'veteran' }, { progress: 37 }),
  asFirstPersona('battlePass.addExp', {}, { exp: 2800 }, 'season-1'),
  asFirstPersona('battlePass.claim', {}, { level: 1, track: 'free' }, 'season-1'),
  asFirstPersona('battlePass.claim', {}, { level: 2, track: 'free' }, 'season-1'),
  asFirstPersona('quests.progress', questItem('daily-training', 0), { increment: 2 }, 'daily-training'),
];

/** A few realistic live-ops records for the demo app, so its console screens are not empty. */
export const LIVEOPS_DEMO: DemoEntry[] = [
  {
    resource: 'inboxTemplates',
    name: 'weekly-login-gift',
    data: { name: '每周登录礼包', slugName: 'weekly-login-gift', title: '感谢本周的陪伴', content: '每天登录的勇士，这是给你的一点心意。', attachments: [gold(500)] },
  },
  {
    resource: 'inboxTemplates',
    data: {
      name: '停服维护补偿',
      slugName: 'maintenance-compensation',
      title: '维护延长补偿',
      content: '本次维护比预期延长，为此致歉。',
      attachments: [gem(50), gold(1000)],
    },
  },
  achievement({ name: '初战告捷', slugName: 'first-blood', category: '战斗', series: '击败敌人', goal: 1, rewards: [gold(100)] }, 'released'),
  achievement({ name: '百战老兵', slugName: 'veteran', category: '战斗', series: '击败敌人', goal: 100, rewards: [gem(20)] }, 'released'),
  achievement({ name: '收藏家', slugName: 'collector', category: '收集', series: '收集装备', goal: 50, rewards: [gem(30)] }, 'unreleased'),
  achievement({ name: '社交达人', slugName: 'social-butterfly', category: '社交', goal: 10, hidden: true, rewards: [gold(300)] }, 'released'),

  {
    resource: 'billboards',
    name: 'lobby',
    data: { title: '第一赛季开启', content: '新地图、新战令，周末双倍奖励！', namespace: 'lobby', priority: 10, expiry: '14' },
  },
  { resource: 'billboards', call: 'publish', record: ref('lobby') },
  {
    resource: 'billboards',
    name: 'maintenance',
    data: {
      title: '周二凌晨停服维护',
      content: '服务器将于 02:00 至 04:00 停服维护。',
      namespace: 'login',
      priority: 100,
      expiry: 'custom',
      customExpiresAt: daysFromNow(3),
    },
  },
  { resource: 'billboards', call: 'publish', record: ref('maintenance'), fields: { publishAt: daysFromNow(1) } },
  { resource: 'billboards', data: { title: '春节活动预告', content: '春节活动即将到来，敬请期待。', namespace: 'lobby', priority: 0, expiry: '7' } },

  {
    resource: 'battlePasses',
    name: 'season-1',
    status: 'Active',
    data: {
      name: '第一赛季战令',
      slugName: 'season-1',
      description: '完成对局获得经验，解锁赛季奖励。',
      startTime: daysFromNow(-7),
      endTime: daysFromNow(53),
      slots,
    },
  },
  { resource: 'battlePasses', data: { name: '第二赛季战令', slugName: 'season-2', startTime: daysFromNow(53), endTime: daysFromNow(113), slots: slots.slice(0, 3) } },

  {
    resource: 'quests',
    name: 'daily-training',
    data: { name: '每日训练', slugName: 'daily-training', description: '每天完成对局训练。', type: 'daily', layout: 'WithProgressBar' },
  },
  { resource: 'quests', name: 'weekly-explorer', data: { name: '每周探索', slugName: 'weekly-explorer', type: 'weekly', layout: 'Basic' } },
  { resource: 'quests', name: 'monthly-challenge', data: { name: '月度挑战', slugName: 'monthly-challenge', type: 'monthly', layout: 'WithProgressBar' } },
  addQuestItem('daily-training', '完成 3 场对局', 3, [gold(50)]),
  addQuestItem('daily-training', '获胜 1 场', 1, [gold(80)]),
  addQuestItem('weekly-explorer', '探索 5 张地图', 5, [gem(5)]),
  addQuestItem('weekly-explorer', '开启 10 个宝箱', 10, [gold(200)]),
  addQuestItem('monthly-challenge', '登录 20 天', 20, [gem(50)]),
  { resource: 'quests', call: 'publish', record: ref('daily-training') },
  { call: 'quests.publishItem', record: ref('weekly-explorer'), params: questItem('weekly-explorer', 0) },

  { resource: 'inboxTemplates', call: 'send', record: ref('weekly-login-gift'), fields: { target: { type: 'everyone' } }, name: 'gift-sent' },
  {
    call: 'inbox.send',
    fields: {
      title: '欢迎来到游戏',
      content: '祝你冒险愉快！',
      target: { type: 'personas', personaIds: ['晨星', '潮汐之歌', '墨白', '鸣镝', 'Mikasa', '疾风'].map(ref) },
    },
  },
  ...progress,
];
