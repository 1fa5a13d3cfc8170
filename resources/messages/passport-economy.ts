import type { Text } from '../types';

/** Messages the server sends from passport's economy calls: the English key and its text in both languages. */
export const passportEconomyMessages: Record<string, Text> = {
  // Amounts, resources and contents
  'must be a decimal number': { 'zh-CN': '必须是十进制数字', en: 'Must be a decimal number' },
  'must be greater than zero': { 'zh-CN': '必须大于 0', en: 'Must be greater than zero' },
  'at most {0} decimals for this resource': { 'zh-CN': '该资源最多 {0} 位小数', en: 'At most {0} decimals for this resource' },
  'properties exceed {0} bytes ({1} bytes)': { 'zh-CN': '属性超过 {0} 字节（当前 {1} 字节）', en: 'Properties exceed {0} bytes ({1} bytes)' },
  'no such resource': { 'zh-CN': '资源不存在', en: 'No such resource' },
  'a real currency cannot be held in an inventory': { 'zh-CN': '真实货币不能放入背包', en: 'A real currency cannot be held in an inventory' },
  'only a real currency has a currency code': { 'zh-CN': '只有真实货币才有币种代码', en: 'Only a real currency has a currency code' },
  'a real currency needs a currency code': { 'zh-CN': '真实货币必须填写币种代码', en: 'A real currency needs a currency code' },
  'a real currency has at most 2 decimals': { 'zh-CN': '真实货币最多 2 位小数', en: 'A real currency has at most 2 decimals' },
  'in use by products, gift packs or inventories; cannot change': {
    'zh-CN': '已被商品、礼包或背包使用，不能修改',
    en: 'In use by products, gift packs or inventories; cannot change',
  },
  'no such category': { 'zh-CN': '分类不存在', en: 'No such category' },
  'contents cannot be granted': { 'zh-CN': '内容无法发放', en: 'The contents cannot be granted' },
  // Inventories
  'no such persona': { 'zh-CN': '角色不存在', en: 'No such persona' },
  'persona not found': { 'zh-CN': '角色不存在', en: 'Persona not found' },
  'an entry keeps its persona and resource': { 'zh-CN': '背包条目的角色和资源不能修改', en: 'An entry keeps its persona and resource' },
  'a persona holds at most {0} inventory entries': { 'zh-CN': '每个角色的背包最多 {0} 个条目', en: 'A persona holds at most {0} inventory entries' },
  'a persona holds at most {0} inventory entries ({1} needed)': {
    'zh-CN': '每个角色的背包最多 {0} 个条目（需要 {1} 个）',
    en: 'A persona holds at most {0} inventory entries ({1} needed)',
  },
  'inventory capacity exceeded': { 'zh-CN': '背包已满', en: 'Inventory capacity exceeded' },
  'insufficient balance': { 'zh-CN': '余额不足', en: 'Insufficient balance' },
  'not enough {0} in the inventory': { 'zh-CN': '背包中的 {0} 不足', en: 'Not enough {0} in the inventory' },
  'only items can be consumed': { 'zh-CN': '只有道具可以使用', en: 'Only items can be consumed' },
  'not enough items': { 'zh-CN': '道具数量不足', en: 'Not enough items' },
  'holds {0}': { 'zh-CN': '当前持有 {0}', en: 'Holds {0}' },
  // Purchases
  'product is not published': { 'zh-CN': '商品未上架', en: 'The product is not on sale' },
  'request id already used for another purchase': { 'zh-CN': '该请求 ID 已用于其他购买', en: 'This request id was already used for another purchase' },
  'already used for another purchase': { 'zh-CN': '已用于其他购买', en: 'Already used for another purchase' },
  'real-money purchases are paid in CNY': { 'zh-CN': '真实货币购买只支持人民币（CNY）', en: 'Real-money purchases are paid in CNY' },
  'not priced in CNY': { 'zh-CN': '价格不是人民币', en: 'Not priced in CNY' },
  'the purchase is not awaiting payment': { 'zh-CN': '该交易不在待支付状态', en: 'The purchase is not awaiting payment' },
  'the purchase has not been charged': { 'zh-CN': '该交易尚未扣款', en: 'The purchase has not been charged' },
  'only a purchase whose fulfilment failed can be fulfilled again': {
    'zh-CN': '只有发放失败的交易才能重新发放',
    en: 'Only a purchase whose fulfilment failed can be fulfilled again',
  },
  'only a charged purchase can be refunded': { 'zh-CN': '只有已扣款的交易才能退款', en: 'Only a charged purchase can be refunded' },
  'payment closed': { 'zh-CN': '支付已关闭', en: 'Payment closed' },
  'the payment sandbox is not in use': { 'zh-CN': '未启用支付沙箱', en: 'The payment sandbox is not in use' },
  'not a real-money purchase': { 'zh-CN': '不是真实货币购买', en: 'Not a real-money purchase' },
  // Redeem codes
  'no such token class': { 'zh-CN': '礼包不存在', en: 'No such gift pack' },
  'token has been invalidated': { 'zh-CN': '兑换码已作废', en: 'The redeem code has been invalidated' },
  'token class is not released': { 'zh-CN': '该兑换码所属礼包未发布', en: 'The gift pack of this code is not released' },
  'token is not yet valid': { 'zh-CN': '兑换码尚未生效', en: 'The redeem code is not valid yet' },
  'token has expired': { 'zh-CN': '兑换码已过期', en: 'The redeem code has expired' },
  'token redeem limit reached': { 'zh-CN': '已达到该礼包的兑换次数上限', en: 'You have redeemed this gift pack as often as allowed' },
};
