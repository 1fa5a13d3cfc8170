import type { Text } from '../types';

/** Messages the server sends from its payments calls: the English key and its text in both languages. */
export const paymentsMessages: Record<string, Text> = {
  'online payment is not available': { 'zh-CN': '在线支付暂不可用，请使用银行转账', en: 'Online payment is not available. Please pay by bank transfer.' },
  'must be a positive amount with at most 2 decimals, at most 100000000': {
    'zh-CN': '请输入大于 0 的金额，最多两位小数，单笔不超过 100000000 元',
    en: 'Enter an amount above 0 with at most 2 decimals, at most 100,000,000',
  },
  'payment notification refused': { 'zh-CN': '支付通知被拒绝', en: 'Payment notification refused' },
  'unknown trade': { 'zh-CN': '订单不存在', en: 'Unknown trade' },
  'amount does not match the payment': { 'zh-CN': '金额与订单不符', en: 'The amount does not match the payment' },
  'notification for another app': { 'zh-CN': '通知不属于本商户应用', en: 'The notification is for another app' },
  'payment already closed': { 'zh-CN': '订单已关闭', en: 'The payment is already closed' },
  'only active deposits can be invoiced': { 'zh-CN': '只有已生效的充值才能开具发票', en: 'Only active deposits can be invoiced' },
  'only pending invoices can be changed': { 'zh-CN': '只有待处理的发票可以修改', en: 'Only pending invoices can be changed' },
  'only pending invoices can be finished': { 'zh-CN': '只有待处理的发票可以开具', en: 'Only pending invoices can be issued' },
  'only pending invoices can be cancelled': { 'zh-CN': '只有待处理的发票可以撤销', en: 'Only pending invoices can be cancelled' },
  'the invoice is already invalid or cancelled': { 'zh-CN': '发票已作废或已撤销', en: 'The invoice is already invalid or cancelled' },
  'the invoice has no document yet': { 'zh-CN': '发票尚未开具，暂无文件', en: 'The invoice has not been issued yet' },
  'required for a VAT invoice': { 'zh-CN': '增值税专用发票必须填写', en: 'Required for a VAT invoice' },
  'a certification request is already pending': { 'zh-CN': '已有待审核的认证申请', en: 'A certification request is already pending' },
  'only pending requests can be changed': { 'zh-CN': '只有待审核的申请可以修改', en: 'Only pending requests can be changed' },
  'only pending requests can be approved': { 'zh-CN': '只有待审核的申请可以通过', en: 'Only pending requests can be approved' },
  'the request is already invalid': { 'zh-CN': '申请已失效', en: 'The request is already invalid' },
  'invalid unified social credit code': { 'zh-CN': '统一社会信用代码无效', en: 'Invalid unified social credit code' },
  'not a file uploaded for this organization': { 'zh-CN': '不是本组织上传的文件', en: 'Not a file uploaded for this organisation' },
};
