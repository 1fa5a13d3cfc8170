import type { CallDecl } from '../call-types';
import { listAnswer, ok } from '../call-shapes';
import type { CommandDecl, JsonSchema, ViewDecl } from '../types';
import questSchema from '../../schemas/passport/liveops/quest.json' with { type: 'json' };
import questItemSchema from '../../schemas/passport/liveops/views/quest-item.json' with { type: 'json' };

/**
 * A quest's items on its page: the list (`GET /quests/:id/items`) with publish, revoke, edit and delete on each
 * row, and Add item on the quest (`POST /quests/:id/items`, an item's fields; with an item's `id` it replaces it).
 * The quest's status follows its items, so each change reads the quest again.
 */

type Props = Record<string, JsonSchema>;
const stored = ((questSchema.properties as Props).items as { items: { properties: Props } }).items.properties;

/** An item's fields as the add and edit dialogs ask for them: the stored item's, titled. */
const itemFields = (withId: boolean): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: withId ? ['id', 'name', 'target'] : ['name', 'target'],
  properties: {
    ...(withId ? { id: { ...stored.id, minLength: 1, 'x-ui': { widget: 'hidden' } } } : {}),
    name: { ...stored.name, 'x-ui': { title: { 'zh-CN': '名称', en: 'Name' } } },
    description: { ...stored.description, 'x-ui': { title: { 'zh-CN': '描述', en: 'Description' }, widget: 'textarea' } },
    target: {
      ...stored.target,
      default: 1,
      'x-ui': {
        title: { 'zh-CN': '目标次数', en: 'Target' },
        help: { 'zh-CN': '玩家在一个周期内累计达到该次数即完成', en: 'Reached in one period, the item is complete' },
      },
    },
    rewards: stored.rewards,
  },
});

/** Adds an item to the quest, unpublished. */
export const addQuestItemCommand: CommandDecl = {
  name: 'addItem',
  label: { 'zh-CN': '添加任务项', en: 'Add item' },
  on: 'item',
  method: 'POST',
  path: '/items',
  fields: itemFields(false),
  api: { call: 'quests.upsertItem' },
};

/** The quest's items, each with its commands. */
export const questItemsView: ViewDecl = {
  name: 'questItems',
  label: { 'zh-CN': '任务项', en: 'Quest items' },
  path: '/items',
  listKey: 'items',
  row: questItemSchema,
  columns: ['name', 'target', 'rewards', 'status'],
  rowKey: 'id',
  empty: { 'zh-CN': '还没有任务项，添加后再发布', en: 'No items yet: add them, then publish' },
  paging: { mode: 'client', pageSize: 100 },
  refetchOnChange: true,
  api: { call: 'quests.items' },
  rowCommands: [
    { name: 'publish', label: { 'zh-CN': '发布', en: 'Publish' }, method: 'POST', path: '/:id/publish', when: { status: ['unpublished'] }, api: { call: 'quests.publishItem' } },
    { name: 'revoke', label: { 'zh-CN': '撤回', en: 'Revoke' }, method: 'POST', path: '/:id/revoke', when: { status: ['published'] }, danger: true, api: { call: 'quests.revokeItem' } },
    { name: 'edit', label: { 'zh-CN': '编辑', en: 'Edit' }, method: 'POST', path: '', fields: itemFields(true), api: { call: 'quests.upsertItem' } },
    {
      name: 'delete',
      api: { call: 'quests.deleteItem' },
      label: { 'zh-CN': '删除', en: 'Delete' },
      method: 'DELETE',
      path: '/:id',
      when: { status: ['unpublished'] },
      danger: true,
      confirm: { 'zh-CN': '将删除任务项「{{name}}」。', en: 'The item "{{name}}" will be deleted.' },
    },
  ],
};

/** What `POST /quests/:id/items` takes: an item's fields, with the id of the item it replaces (else a new one). */
const itemInput: JsonSchema = (() => {
  const { status: _s, id: _i, ...fields } = stored;
  return {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'target'],
    properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, ...fields },
  };
})();

const questAnswer = ok('the quest, with its items and the status they give it');

/** A change of a quest's items that answers the quest (its status follows its items). */
const itemChange = (method: 'POST' | 'DELETE', path: string, summary: string): CallDecl => ({
  method,
  path,
  caller: 'service',
  record: { resource: 'quests' },
  summary,
  answer: questAnswer,
  errors: [401, 403, 404, 409],
});

/** The calls behind the quest's items view and commands (console and game server). */
export const questItemCalls: Record<string, CallDecl> = {
  'quests.items': {
    method: 'GET',
    path: '/quests/:id/items',
    caller: 'service',
    record: { resource: 'quests' },
    summary: "A quest's items",
    answer: listAnswer('items'),
    errors: [401, 403, 404],
  },
  'quests.upsertItem': {
    ...itemChange('POST', '/quests/:id/items', 'Add an item to a quest (unpublished), or replace the fields of the item with this id'),
    body: itemInput,
    errors: [400, 401, 403, 404, 409],
  },
  'quests.deleteItem': itemChange('DELETE', '/quests/:id/items/:itemId', 'Remove an unpublished item from a quest'),
  'quests.publishItem': itemChange('POST', '/quests/:id/items/:itemId/publish', "Publish one item of a quest (the quest's status follows)"),
  'quests.revokeItem': itemChange('POST', '/quests/:id/items/:itemId/revoke', "Revoke one item of a quest (the quest's status follows)"),
  'quests.publish': itemChange('POST', '/quests/:id/publish', 'Publish every item of a quest (questPublished)'),
  'quests.revoke': itemChange('POST', '/quests/:id/revoke', 'Revoke every item of a quest (questPending)'),
};
