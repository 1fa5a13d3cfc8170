import type { Text } from '../types';

/** Messages the server sends from its billing calls: the English key and its text in both languages. */
export const billingMessages: Record<string, Text> = {
  // Notes the platform writes on transactions (an administrator's own notes are shown as written).
  'Alipay page': { 'zh-CN': '支付宝电脑网站支付', en: 'Alipay (web page)' },
  'Alipay wap': { 'zh-CN': '支付宝手机网站支付', en: 'Alipay (mobile web)' },
  'Redeem code •••••-•••••-•••••-{0}': { 'zh-CN': '兑换码 •••••-•••••-•••••-{0}', en: 'Redeem code •••••-•••••-•••••-{0}' },
  'only pending transactions can be activated': { 'zh-CN': '只能激活待处理的交易', en: 'Only pending transactions can be activated' },
  'the transaction is already invalid or cancelled': { 'zh-CN': '该交易已作废或已取消', en: 'The transaction is already invalid or cancelled' },
  'must be an amount greater than 0 with at most 2 decimals': {
    'zh-CN': '请输入大于 0 的金额，最多两位小数',
    en: 'Enter an amount greater than 0 with at most 2 decimals',
  },
  'amount too large': { 'zh-CN': '金额过大', en: 'The amount is too large' },
  'required for an adjustment': { 'zh-CN': '调账必须选择调整方向', en: 'Required for an adjustment' },
  'only for adjustments': { 'zh-CN': '仅调账可以设置调整方向', en: 'Only adjustments have a direction' },
  'no such organization': { 'zh-CN': '组织不存在', en: 'No such organisation' },
  'the app is not in this organization': { 'zh-CN': '该应用不属于此组织', en: 'The app is not in this organisation' },
};
