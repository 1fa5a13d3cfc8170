/**
 * The demo app's economy, seeded when the server starts with the demo: its resources, a shop of three categories,
 * and two gift packs. Products name their category by `key`; `published` and a gift pack's `status` are their
 * states, `codes` how many codes the demo generates for a pack.
 */
export const ECONOMY_DEMO = {
  resources: [
    { slugName: 'gold', name: '金币', type: 'VirtualCurrency', decimals: 0, description: '在游戏中日常获得的货币' },
    { slugName: 'gem', name: '钻石', type: 'VirtualCurrency', decimals: 0, description: '高级货币，可购买稀有道具' },
    { slugName: 'cny', name: '人民币', type: 'Currency', decimals: 2, currencyCode: 'CNY', description: '真实货币商品的标价单位' },
    { slugName: 'health-potion', name: '生命药水', type: 'Item', decimals: 0, description: '恢复 500 点生命值' },
    { slugName: 'magic-sword', name: '魔法剑', type: 'Item', decimals: 0, description: '夜晚会发光的长剑' },
  ],

  categories: [
    { key: 'featured', name: '精选推荐', description: '商店首页展示', sortOrder: 1 },
    { key: 'gems', name: '钻石商店', description: '用钻石购买', sortOrder: 2 },
    { key: 'topup', name: '充值', description: '真实货币礼包', sortOrder: 3 },
  ],

  products: [
    { name: '600 金币', category: 'topup', priceResource: 'cny', priceAmount: '6.00', contents: [{ resource: 'gold', amount: '600' }], published: true },
    { name: '月卡', category: 'topup', priceResource: 'cny', priceAmount: '30.00', contents: [{ resource: 'gem', amount: '300' }], published: true },
    { name: '钻石小袋', category: 'featured', priceResource: 'gold', priceAmount: '500', contents: [{ resource: 'gem', amount: '10' }], published: true },
    { name: '药水礼包', category: 'gems', priceResource: 'gem', priceAmount: '5', contents: [{ resource: 'health-potion', amount: '3' }], published: true },
    {
      name: '魔法剑',
      category: 'gems',
      priceResource: 'gem', priceAmount: '50',
      contents: [{ resource: 'magic-sword', amount: '1', properties: { level: 1, bound: true } }],
      published: false,
    },
  ],

  tokenClasses: [
    { name: '开服礼包', description: '开服期间每位玩家可领取一次', contents: [{ resource: 'gold', amount: '1000' }, { resource: 'health-potion', amount: '2' }], status: 'active', codes: 20 },
    { name: '春节礼包', description: '春节活动礼包', contents: [{ resource: 'gem', amount: '20' }], status: 'unreleased', codes: 0 },
  ],
};
