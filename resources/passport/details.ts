import type { DetailViewDecl } from '../types';
import productDetailSchema from '../../schemas/passport/economy/views/product-detail.json' with { type: 'json' };
import realNameSchema from '../../schemas/passport/players/views/real-name.json' with { type: 'json' };

/**
 * Passport's detail views: one object its own calls answer about a record, shown on the record's page as a
 * description list (`ResourceDecl.details`). The answers are `schemas/passport/<area>/views/*.json`, which the
 * routes document as their answer.
 */

/** A product's transaction type, price and contents resolved to their resources, and its category (`GET /products/:id/detail`). */
export const productDetailView: DetailViewDecl = {
  name: 'productDetail',
  label: { 'zh-CN': '商品详情', en: 'Product detail' },
  path: '/detail',
  answer: productDetailSchema,
  fields: ['transactionType', 'price', 'category', 'contents'],
  api: { summary: 'A product with its category, its transaction type, and its price and contents resolved to their resources' },
};

/** A user's real-name check, masked (`GET /users/:id/real-name`). */
export const realNameView: DetailViewDecl = {
  name: 'realName',
  label: { 'zh-CN': '实名认证', en: 'Real-name verification' },
  path: '/real-name',
  answer: realNameSchema,
  fields: ['name', 'idNumber', 'birthDate', 'age', 'ageBand', 'verifiedAt'],
  tag: 'verified',
  api: { summary: "A user's real-name check: whether passed, the masked name and number, birth date and age band", errors: [400, 401, 403, 404] },
  empty: {
    'zh-CN': '玩家尚未通过实名认证。玩家通过 SDK 提交姓名和身份证号后，这里会显示脱敏后的信息。',
    en: 'The player has not passed the real-name check. Once they submit their name and identity number through the SDK, the masked details show here.',
  },
};
