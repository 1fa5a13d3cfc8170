import { ok } from '../call-shapes';
import { importCommand } from '../command-call';
import { defineResource } from '../define';
import type { ResourceDecl } from '../types';
import { appAccess, type PassportPart } from './part';
import { economyDashboard } from './dashboards';
import { productDetailView } from './details';
import { economyCalls } from './economy-calls';
import { INVENTORY_CAPACITY, PURCHASE_FLOW } from './economy-flow';
import { giftResources } from './economy-gift';
import { ECONOMY_ROUTES } from './economy-routes';
import resourceSchema from '../../schemas/passport/economy/resource.json' with { type: 'json' };
import categorySchema from '../../schemas/passport/economy/category.json' with { type: 'json' };
import productSchema from '../../schemas/passport/economy/product.json' with { type: 'json' };
import transactionSchema from '../../schemas/passport/economy/transaction.json' with { type: 'json' };
import inventorySchema from '../../schemas/passport/economy/inventory-item.json' with { type: 'json' };

const resources = defineResource({
  name: 'resources',
  label: { 'zh-CN': '资源', en: 'Resources' },
  singular: { 'zh-CN': '资源', en: 'resource' },
  schema: resourceSchema,
  listKey: 'resources',
  unique: ['slugName'],
  addressBy: 'slugName',
  list: {
    columns: ['slugName', 'name', 'type', 'decimals', 'currencyCode', 'updatedAt'],
    filters: ['type'],
    sorters: ['slugName', 'name'],
    search: ['slugName', 'name', 'description'],
    defaultSort: { field: 'slugName', order: 'asc' },
    pageSize: 20,
  },
  commands: [importCommand({ 'zh-CN': '导入资源', en: 'Import resources' })],
  routes: { list: ECONOMY_ROUTES.resources },
});

/** What publishing or revoking a whole category answers. */
const movedAnswer = ok('how many products moved', { type: 'object', properties: { updated: { type: 'integer' } } });

const categories = defineResource({
  name: 'categories',
  label: { 'zh-CN': '商品分类', en: 'Categories' },
  singular: { 'zh-CN': '商品分类', en: 'category' },
  schema: categorySchema,
  listKey: 'categories',
  unique: ['name'],
  list: {
    columns: ['name', 'description', 'sortOrder', 'updatedAt'],
    sorters: ['name', 'sortOrder'],
    search: ['name', 'description'],
    defaultSort: { field: 'sortOrder', order: 'asc' },
    pageSize: 20,
  },
  children: [{ resource: 'products', field: 'categoryId' }],
  commands: [
    {
      name: 'publishProducts',
      label: { 'zh-CN': '上架全部商品', en: 'Publish all products' },
      on: 'item',
      method: 'POST',
      path: '/products/publish',
      api: { summary: 'Publish every product of a category (those unpublished move to published)', answer: movedAnswer },
      confirm: { 'zh-CN': '该分类下所有未上架的商品都将上架，玩家可以购买。确定？', en: 'Every unpublished product of this category goes on sale. Continue?' },
    },
    {
      name: 'revokeProducts',
      label: { 'zh-CN': '下架全部商品', en: 'Revoke all products' },
      on: 'item',
      method: 'POST',
      path: '/products/revoke',
      api: { summary: 'Revoke every product of a category (those published move to unpublished)', answer: movedAnswer },
      danger: true,
      confirm: { 'zh-CN': '该分类下所有已上架的商品都将下架，玩家无法再购买。确定？', en: 'Every published product of this category is taken off sale. Continue?' },
    },
  ],
  routes: { list: ECONOMY_ROUTES.products, show: `${ECONOMY_ROUTES.products}/category/:id` },
});

const products: ResourceDecl = {
  name: 'products',
  label: { 'zh-CN': '商品', en: 'Products' },
  singular: { 'zh-CN': '商品', en: 'product' },
  schema: productSchema,
  path: '/products',
  listKey: 'products',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: {
    columns: ['name', 'status', 'priceAmount', 'priceResource', 'categoryId', 'updatedAt'],
    filters: ['status', 'categoryId'],
    sorters: ['name'],
    search: ['name', 'description'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'unpublished',
    values: {
      unpublished: { color: 'default', label: { 'zh-CN': '未上架', en: 'Unpublished' } },
      published: { color: 'green', label: { 'zh-CN': '已上架', en: 'Published' } },
    },
  },
  actions: [
    { name: 'publish', label: { 'zh-CN': '上架', en: 'Publish' }, from: ['unpublished'], to: 'published' },
    {
      name: 'revoke',
      label: { 'zh-CN': '下架', en: 'Revoke' },
      from: ['published'],
      to: 'unpublished',
      danger: true,
      confirm: { 'zh-CN': '下架后玩家无法再购买该商品，确定下架？', en: 'Players can no longer buy this product. Revoke it?' },
    },
  ],
  // A resource a product is priced in cannot be deleted while the product exists.
  references: [{ field: 'priceResource', resource: 'resources', by: 'slugName', onDelete: 'restrict', message: 'no such resource' }],
  commands: [importCommand({ 'zh-CN': '导入商品', en: 'Import products' })],
  details: [productDetailView],
  player: [
    {
      path: '/sdk/products',
      summary: 'The products on sale (published), with their categories, by category order',
      owner: 'app',
      where: { status: 'published' },
      filters: ['categoryId'],
      orderBy: 'name',
      listKey: 'products',
      paging: { max: 1000, count: 200, lastStart: 1_000_000 },
      alongside: { categories: { resource: 'categories', orderBy: 'sortOrder', limit: 200 } },
    },
  ],
  access: appAccess(),
  routes: { list: ECONOMY_ROUTES.products, show: `${ECONOMY_ROUTES.products}/:id` },
};

const purchaseStatus = {
  Pending: { color: 'processing', label: { 'zh-CN': '待支付', en: 'Pending' } },
  Charged: { color: 'blue', label: { 'zh-CN': '已扣款', en: 'Charged' } },
  Fulfilled: { color: 'green', label: { 'zh-CN': '已发放', en: 'Fulfilled' } },
  FulfillFailed: { color: 'orange', label: { 'zh-CN': '发放失败', en: 'Fulfilment failed' } },
  ChargeFailed: { color: 'red', label: { 'zh-CN': '支付失败', en: 'Charge failed' } },
  Refunded: { color: 'default', label: { 'zh-CN': '已退款', en: 'Refunded' } },
};

const transactions: ResourceDecl = {
  name: 'transactions',
  // Kept in the shared table: migration 014's unique indexes (trade number, request) are there.
  sharedTable: true,
  label: { 'zh-CN': '交易记录', en: 'Transactions' },
  singular: { 'zh-CN': '交易', en: 'transaction' },
  schema: transactionSchema,
  path: '/transactions',
  listKey: 'transactions',
  idField: 'id',
  titleField: 'productName',
  scope: 'app',
  // Written only by the purchase flow: no create, update or delete.
  operations: ['list', 'show'],
  list: {
    columns: ['productName', 'type', 'status', 'priceAmount', 'priceResource', 'personaId', 'createdAt'],
    filters: ['status', 'type', 'personaId', 'productId', 'outTradeNo'],
    search: ['productName', 'outTradeNo', 'personaId'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: { field: 'status', initial: 'Pending', values: purchaseStatus },
  actions: [
    {
      name: 'reFulfil',
      label: { 'zh-CN': '重新发放', en: 'Fulfil again' },
      from: [...PURCHASE_FLOW.reFulfil.from],
      to: PURCHASE_FLOW.reFulfil.to,
      refused: PURCHASE_FLOW.reFulfil.refused,
      path: '/re-fulfil',
      // Granting the contents is the economy's code (POST /transactions/:id/re-fulfil).
      implementedBy: 'service',
      api: {
        summary: "Grant a purchase's contents again after its fulfilment failed (FulfillFailed → Fulfilled); refused from any other state",
        answer: ok('the transaction, Fulfilled'),
      },
      confirm: { 'zh-CN': '再次把商品内容发放到角色背包，确定？', en: "Grant the contents into the persona's inventory again?" },
    },
    {
      name: 'refund',
      label: { 'zh-CN': '记为已退款', en: 'Mark refunded' },
      from: [...PURCHASE_FLOW.refund.from],
      to: PURCHASE_FLOW.refund.to,
      refused: PURCHASE_FLOW.refund.refused,
      danger: true,
      confirm: {
        'zh-CN': '记录这笔购买已退款：款项需已通过支付渠道（或对虚拟购买另行）退还，已发放的内容不会自动收回。确定？',
        en: 'Record that this purchase was refunded: the money must already have gone back through the payment provider (or, for a virtual purchase, by hand); contents already granted are not taken back. Continue?',
      },
    },
  ],
  commands: [
    {
      name: 'sandboxPay',
      label: { 'zh-CN': '沙箱支付', en: 'Pay in sandbox' },
      on: 'item',
      method: 'POST',
      path: '/sandbox-pay',
      api: {
        summary:
          "Pay (or fail) a Pending real-money purchase in the built-in payment sandbox (only while it takes payments): the sandbox sends the notification Alipay would send, signed as Alipay signs, through the notification's verification",
        answer: ok('the transaction afterwards'),
      },
      fields: {
        type: 'object',
        additionalProperties: false,
        required: ['result'],
        properties: {
          result: {
            type: 'string',
            enum: ['success', 'fail'],
            default: 'success',
            'x-ui': {
              title: { 'zh-CN': '支付结果', en: 'Payment result' },
              enumNames: { 'zh-CN': ['支付成功', '支付失败'], en: ['Paid', 'Failed'] },
              help: {
                'zh-CN': '仅在内置支付沙箱启用时可用：模拟支付宝发送签名的支付通知',
                en: 'Only while the built-in payment sandbox is in use: sends the signed notification Alipay would send',
              },
            },
          },
        },
      },
    },
  ],
  access: appAccess(),
  routes: { list: ECONOMY_ROUTES.purchases, show: `${ECONOMY_ROUTES.purchases}/:id` },
};

const inventory: ResourceDecl = {
  name: 'inventory',
  // Kept in the shared table: migration 014's unique index (one slot per persona and resource) is there.
  sharedTable: true,
  label: { 'zh-CN': '背包', en: 'Inventory' },
  singular: { 'zh-CN': '背包条目', en: 'inventory entry' },
  schema: inventorySchema,
  path: '/inventory',
  listKey: 'inventory',
  idField: 'id',
  titleField: 'resource',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: {
    columns: ['personaId', 'resource', 'amount', 'updatedAt'],
    filters: ['personaId', 'resource'],
    sorters: ['resource'],
    search: ['personaId', 'resource'],
    defaultSort: { field: 'resource', order: 'asc' },
    pageSize: 20,
  },
  // A persona's holdings go with it; a resource players still hold cannot be deleted.
  references: [
    { field: 'personaId', resource: 'personas', onDelete: 'cascade', message: 'no such persona' },
    { field: 'resource', resource: 'resources', by: 'slugName', onDelete: 'restrict', message: 'no such resource' },
  ],
  player: [{ path: '/sdk/inventory', summary: "The selected persona's inventory", owner: { personaId: 'persona' }, orderBy: 'resource', listKey: 'inventory', unpaged: INVENTORY_CAPACITY }],
  access: appAccess(),
  routes: { list: ECONOMY_ROUTES.inventory },
};

/** Passport: the economy area's resources (resources, categories, products, transactions, inventory, redeem codes), menu entries and pages. */
export const economyPart: PassportPart = {
  resources: [resources, products, categories, transactions, inventory, ...giftResources],
  calls: economyCalls,
  menu: [
    { route: ECONOMY_ROUTES.resources, label: { 'zh-CN': '资源管理', en: 'Resources' } },
    { route: ECONOMY_ROUTES.products, label: { 'zh-CN': '商品管理', en: 'Products' } },
    { route: ECONOMY_ROUTES.purchases, label: { 'zh-CN': '交易记录', en: 'Purchases' } },
    { route: ECONOMY_ROUTES.inventory, label: { 'zh-CN': '背包管理', en: 'Inventories' } },
    { route: ECONOMY_ROUTES.metrics, label: { 'zh-CN': '经济数据', en: 'Economy metrics' } },
    { route: ECONOMY_ROUTES.tokenClasses, label: { 'zh-CN': '礼包管理', en: 'Gift packs' } },
    { route: ECONOMY_ROUTES.tokenInstances, label: { 'zh-CN': '兑换码', en: 'Redeem codes' } },
  ],
  pages: [{ route: ECONOMY_ROUTES.metrics, label: { 'zh-CN': '经济数据', en: 'Economy metrics' }, dashboard: economyDashboard(purchaseStatus) }],
};
