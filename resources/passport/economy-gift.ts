import { ok } from '../call-shapes';
import { bulkCommand, exportCommand } from '../command-call';
import { generatedAnswer } from './economy-api';
import type { ResourceDecl } from '../types';
import { appAccess } from './part';
import { ECONOMY_ROUTES } from './economy-routes';
import { tokenUsedInfoView } from './views';
import tokenClassSchema from '../../schemas/passport/economy/token-class.json' with { type: 'json' };
import tokenInstanceSchema from '../../schemas/passport/economy/token-instance.json' with { type: 'json' };

/** Most codes one generation makes. */
export const MAX_GENERATED_CODES = 10000;

/** What a generation answers. */
const generated = ok('the batch made', generatedAnswer);

const tokenClasses: ResourceDecl = {
  name: 'tokenClasses',
  label: { 'zh-CN': '礼包', en: 'Gift packs' },
  singular: { 'zh-CN': '礼包', en: 'gift pack' },
  schema: tokenClassSchema,
  path: '/token/classes',
  listKey: 'tokenClasses',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  list: {
    columns: ['name', 'status', 'validFrom', 'validUntil', 'maxUsesPerCode', 'maxUsesPerPlayer'],
    filters: ['status'],
    sorters: ['name', 'validUntil'],
    search: ['name', 'description'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'unreleased',
    values: {
      unreleased: { color: 'default', label: { 'zh-CN': '未发布', en: 'Unreleased' } },
      pending: { color: 'gold', label: { 'zh-CN': '待生效', en: 'Pending' } },
      active: { color: 'green', label: { 'zh-CN': '生效中', en: 'Active' } },
      expired: { color: 'red', label: { 'zh-CN': '已过期', en: 'Expired' } },
    },
    // A released pack moves with its window: ended first (expired), started (active), not started yet (pending).
    timed: [
      { from: ['pending', 'active'], to: 'expired', at: 'validUntil', action: 'schedule' },
      { from: ['pending'], to: 'active', at: 'validFrom', action: 'schedule' },
      { from: ['active'], to: 'pending', at: 'validFrom', ahead: true, action: 'schedule' },
    ],
  },
  actions: [
    {
      name: 'release',
      label: { 'zh-CN': '发布', en: 'Release' },
      from: ['unreleased', 'expired'],
      to: 'active',
      confirm: {
        'zh-CN': '发布后，在有效期内玩家即可兑换该礼包的兑换码（开始时间未到时显示为待生效）。确定发布？',
        en: 'Once released, players can redeem its codes within the validity window (it shows as pending until the start). Release?',
      },
    },
    {
      name: 'suspend',
      label: { 'zh-CN': '暂停', en: 'Suspend' },
      from: ['active', 'pending'],
      to: 'unreleased',
      danger: true,
      confirm: { 'zh-CN': '暂停后该礼包的兑换码都无法兑换，直到再次发布。确定？', en: 'Its codes cannot be redeemed until it is released again. Suspend?' },
    },
  ],
  children: [{ resource: 'tokenInstances', field: 'tokenClassId' }],
  commands: [
    {
      name: 'generate',
      label: { 'zh-CN': '生成兑换码', en: 'Generate codes' },
      on: 'item',
      method: 'POST',
      path: '/generate',
      api: { summary: `Generate a batch of codes for this token class (at most ${MAX_GENERATED_CODES})`, answer: generated },
      fields: {
        type: 'object',
        additionalProperties: false,
        required: ['count'],
        properties: {
          count: {
            type: 'integer',
            minimum: 1,
            maximum: MAX_GENERATED_CODES,
            default: 100,
            'x-ui': { title: { 'zh-CN': '数量', en: 'How many' } },
          },
        },
      },
    },
  ],
  lookups: [{ path: '/token/classes/names', summary: "Every token class's id, name and status (for choosing a class)", listKey: 'names', fields: ['id', 'name', 'status'], orderBy: 'name' }],
  access: appAccess(),
  routes: { list: ECONOMY_ROUTES.tokenClasses, show: `${ECONOMY_ROUTES.tokenClasses}/:tokenClassId` },
};

const tokenInstances: ResourceDecl = {
  name: 'tokenInstances',
  label: { 'zh-CN': '兑换码', en: 'Redeem codes' },
  singular: { 'zh-CN': '兑换码', en: 'redeem code' },
  schema: tokenInstanceSchema,
  path: '/token/instances',
  listKey: 'tokenInstances',
  idField: 'id',
  titleField: 'code',
  scope: 'app',
  // Made only by generation (POST /token/instances/generate); kept for their history.
  operations: ['list', 'show'],
  unique: ['code'],
  list: {
    columns: ['code', 'status', 'usedCount', 'tokenClassId', 'lastUsedAt', 'createdAt'],
    filters: ['status', 'tokenClassId', 'batchId', 'code'],
    search: ['code'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  // Codes are kept for their history, so a class that has generated codes cannot be deleted (suspend it instead).
  references: [{ field: 'tokenClassId', resource: 'tokenClasses', onDelete: 'restrict' }],
  status: {
    field: 'status',
    initial: 'active',
    values: {
      active: { color: 'green', label: { 'zh-CN': '可用', en: 'Active' } },
      fulfilled: { color: 'blue', label: { 'zh-CN': '已用完', en: 'Used up' } },
      invalidated: { color: 'default', label: { 'zh-CN': '已作废', en: 'Invalidated' } },
    },
  },
  actions: [
    {
      name: 'invalidate',
      label: { 'zh-CN': '作废', en: 'Invalidate' },
      from: ['active'],
      to: 'invalidated',
      danger: true,
      confirm: { 'zh-CN': '作废后该兑换码无法再兑换，且不能恢复。确定？', en: 'The code can no longer be redeemed, and this cannot be undone. Invalidate?' },
    },
  ],
  commands: [
    {
      name: 'generate',
      label: { 'zh-CN': '生成兑换码', en: 'Generate codes' },
      on: 'collection',
      method: 'POST',
      path: '/generate',
      api: {
        summary: `Generate a batch of codes for a token class (at most ${MAX_GENERATED_CODES}): unique, 100 random bits each`,
        answer: generated,
      },
      fields: {
        type: 'object',
        additionalProperties: false,
        required: ['tokenClassId', 'count'],
        properties: {
          tokenClassId: {
            type: 'string',
            minLength: 1,
            maxLength: 64,
            pattern: '^[A-Za-z0-9_-]+$',
            'x-ui': { title: { 'zh-CN': '礼包', en: 'Gift pack' }, optionsFrom: { resource: 'tokenClasses', value: 'id', label: 'name' } },
          },
          count: {
            type: 'integer',
            minimum: 1,
            maximum: MAX_GENERATED_CODES,
            default: 100,
            'x-ui': { title: { 'zh-CN': '数量', en: 'How many' } },
          },
        },
      },
    },
    exportCommand(
      { 'zh-CN': '导出 CSV', en: 'Export CSV' },
      {
        columns: ['code', 'status', 'usedCount', 'tokenClassId', { name: 'tokenClassName', labelOf: 'tokenClassId' }, 'batchId', 'createdAt', 'lastUsedAt'],
        filters: ['tokenClassId', 'batchId', 'status'],
        fileName: 'redeem-codes',
      },
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          tokenClassId: {
            type: 'string',
            minLength: 1,
            maxLength: 64,
            'x-ui': { title: { 'zh-CN': '礼包（留空为全部）', en: 'Gift pack (empty: all)' }, optionsFrom: { resource: 'tokenClasses', value: 'id', label: 'name' } },
          },
          status: {
            type: 'string',
            enum: ['active', 'fulfilled', 'invalidated'],
            'x-ui': {
              title: { 'zh-CN': '状态（留空为全部）', en: 'Status (empty: all)' },
              enumNames: { 'zh-CN': ['可用', '已用完', '已作废'], en: ['Active', 'Used up', 'Invalidated'] },
            },
          },
        },
      },
    ),
    bulkCommand(
      'batchInvalidate',
      { 'zh-CN': '批量作废', en: 'Invalidate selected' },
      { apply: 'invalidate', countKey: 'invalidated' },
      {
        danger: true,
        confirm: { 'zh-CN': '选中的可用兑换码都将作废，且不能恢复。确定？', en: 'The selected active codes can no longer be redeemed, and this cannot be undone. Continue?' },
      },
    ),
  ],
  views: [tokenUsedInfoView],
  access: appAccess(),
  routes: { list: ECONOMY_ROUTES.tokenInstances, show: `${ECONOMY_ROUTES.tokenInstances}/:id` },
};

/** Redeem codes: token classes (gift packs) and their codes. */
export const giftResources: ResourceDecl[] = [tokenClasses, tokenInstances];
