import type { DemoEntry } from '../demo-types';

const ref = (name: string) => ({ ref: name });

const category = (key: string, name: string, description: string, sortOrder: number): DemoEntry => ({
  resource: 'categories',
  name: `category-${key}`,
  data: { name, description, sortOrder },
});

const product = (name: string, category: string, published: boolean, data: Record<string, unknown>): DemoEntry => ({
  resource: 'products',
  name,
  status: published ? 'published' : 'unpublished',
  data: { ...data, categoryId: ref(`category-${category}`) },
});

/** A gift pack whose codes each player may use once. */
const giftPack = (name: string, status: string, data: Record<string, unknown>): DemoEntry => ({
  resource: 'tokenClasses',
  name,
  status,
  data: { ...data, maxUsesPerCode: 1, maxUsesPerPlayer: 1 },
});

/**
 * The demo app's economy: its resources, a shop of three categories, two gift packs (codes generated for the one
 * released), and — for the first five demo personas, given some gold and gems — purchases over the last two weeks.
 */
export const ECONOMY_DEMO: DemoEntry[] = [
  { resource: 'resources', data: { slugName: 'gold', name: '金币', type: 'VirtualCurrency', decimals: 0, description: '在游戏中日常获得的货币' } },
  { resource: 'resources', data: { slugName: 'gem', name: '钻石', type: 'VirtualCurrency', decimals: 0, description: '高级货币，可购买稀有道具' } },
  { resource: 'resources', data: { slugName: 'cny', name: '人民币', type: 'Currency', decimals: 2, currencyCode: 'CNY', description: '真实货币商品的标价单位' } },
  { resource: 'resources', data: { slugName: 'health-potion', name: '生命药水', type: 'Item', decimals: 0, description: '恢复 500 点生命值' } },
  { resource: 'resources', data: { slugName: 'magic-sword', name: '魔法剑', type: 'Item', decimals: 0, description: '夜晚会发光的长剑' } },

  category('featured', '精选推荐', '商店首页展示', 1),
  category('gems', '钻石商店', '用钻石购买', 2),
  category('topup', '充值', '真实货币礼包', 3),

  product('product-gold-600', 'topup', true, { name: '600 金币', priceResource: 'cny', priceAmount: '6.00', contents: [{ resource: 'gold', amount: '600' }] }),
  product('product-monthly-card', 'topup', true, { name: '月卡', priceResource: 'cny', priceAmount: '30.00', contents: [{ resource: 'gem', amount: '300' }] }),
  product('product-gem-pouch', 'featured', true, { name: '钻石小袋', priceResource: 'gold', priceAmount: '500', contents: [{ resource: 'gem', amount: '10' }] }),
  product('product-potions', 'gems', true, { name: '药水礼包', priceResource: 'gem', priceAmount: '5', contents: [{ resource: 'health-potion', amount: '3' }] }),
  product('product-magic-sword', 'gems', false, {
    name: '魔法剑',
    priceResource: 'gem',
    priceAmount: '50',
    contents: [{ resource: 'magic-sword', amount: '1', properties: { level: 1, bound: true } }],
  }),

  giftPack('pack-launch', 'active', {
    name: '开服礼包',
    description: '开服期间每位玩家可领取一次',
    contents: [{ resource: 'gold', amount: '1000' }, { resource: 'health-potion', amount: '2' }],
  }),
  { resource: 'tokenClasses', call: 'generate', record: ref('pack-launch'), fields: { count: 20 } },
  giftPack('pack-spring', 'unreleased', { name: '春节礼包', description: '春节活动礼包', contents: [{ resource: 'gem', amount: '20' }] }),

  // Each buys every published product it can afford, in this order (real-money ones through the sandbox).
  {
    step: 'demoPurchases',
    with: {
      products: ['product-gold-600', 'product-monthly-card', 'product-gem-pouch', 'product-potions'].map(ref),
      players: [
        { persona: ref('晨星'), gold: '3000', gem: '40' },
        { persona: ref('潮汐之歌'), gold: '4000', gem: '55' },
        { persona: ref('墨白'), gold: '5000', gem: '70' },
        { persona: ref('鸣镝'), gold: '6000', gem: '85' },
        { persona: ref('Mikasa'), gold: '7000', gem: '100' },
      ],
    },
  },
];
