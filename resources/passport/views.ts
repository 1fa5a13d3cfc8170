import { ok, pageQuery, recordOf } from '../call-shapes';
import type { ViewDecl } from '../types';
import { relationFilter } from './players-calls';
import { roleIdField } from './identity-calls';
import { INVENTORY_CAPACITY } from './economy-flow';
import banActionSchema from '../../schemas/passport/players/views/ban-action.json' with { type: 'json' };
import friendSchema from '../../schemas/passport/players/views/friend.json' with { type: 'json' };
import blockedSchema from '../../schemas/passport/players/views/blocked-persona.json' with { type: 'json' };
import tokenUseSchema from '../../schemas/passport/economy/views/token-use.json' with { type: 'json' };
import guildMemberSchema from '../../schemas/passport/identity/views/guild-member.json' with { type: 'json' };
import guildRequestSchema from '../../schemas/passport/identity/views/guild-request.json' with { type: 'json' };

/**
 * Passport's record views: read-only lists its own calls answer about one record, shown on the record's page
 * (`ResourceDecl.views`). The row shapes are `schemas/passport/<area>/views/*.json`, or another resource's records.
 */

/** A user's or persona's bans and unbans, newest first (`GET /users/:id/ban-actions`, `/personas/:id/...`). */
export const banHistoryView: ViewDecl = {
  name: 'banActions',
  label: { 'zh-CN': '封禁记录', en: 'Ban history' },
  path: '/ban-actions',
  listKey: 'banActions',
  row: banActionSchema,
  columns: ['at', 'action', 'reason', 'until', 'actor'],
  rowKey: ['at', 'action'],
  empty: { 'zh-CN': '没有封禁记录', en: 'Never banned' },
  paging: { mode: 'client', pageSize: 10 },
  refetchOnChange: true,
};

/** The ban history of a user's or a persona's (`who`), as the API document describes it. */
export const banHistoryOf = (who: string): ViewDecl => ({
  ...banHistoryView,
  api: {
    summary: `The bans and unbans of a ${who}, newest first (lifts by a passed end are marked automatic)`,
    query: pageQuery({}, { count: { type: 'integer', minimum: 1, maximum: 500, default: 100 } }),
    errors: [400, 401, 403, 404],
  },
});

const friendsGroup = { 'zh-CN': '好友', en: 'Friends' };

/** A persona's friends and friend requests both ways, then its blacklist. */
export const personaFriendViews: ViewDecl[] = [
  {
    name: 'friends',
    label: { 'zh-CN': '好友与申请', en: 'Friends and requests' },
    path: '/friends',
    listKey: 'friends',
    row: friendSchema,
    columns: ['name', 'level', 'relation', 'since'],
    rowKey: 'personaId',
    empty: { 'zh-CN': '还没有好友或好友申请', en: 'No friends or friend requests yet' },
    paging: { mode: 'client', pageSize: 10 },
    group: friendsGroup,
    api: { summary: "A persona's friends and pending friend requests", query: relationFilter, errors: [400, 401, 403, 404] },
  },
  {
    name: 'friendBlacklist',
    label: { 'zh-CN': '黑名单', en: 'Blacklist' },
    path: '/friend-blacklist',
    listKey: 'blacklist',
    row: blockedSchema,
    columns: ['name', 'since'],
    rowKey: 'personaId',
    empty: { 'zh-CN': '黑名单为空', en: 'The blacklist is empty' },
    paging: { mode: 'client', pageSize: 10 },
    group: friendsGroup,
    api: { summary: 'The personas a persona blacklisted', errors: [400, 401, 403, 404] },
  },
];

/** Every inventory entry a persona holds (`GET /personas/:id/inventory`). */
export const personaInventoryView: ViewDecl = {
  name: 'inventory',
  label: { 'zh-CN': '背包', en: 'Inventory' },
  path: '/inventory',
  listKey: 'inventory',
  row: 'inventory',
  columns: ['resource', 'amount', 'properties', 'updatedAt'],
  rowKey: 'id',
  empty: { 'zh-CN': '该角色的背包是空的', en: "This persona's inventory is empty" },
  paging: { mode: 'client', pageSize: 20 },
  summary: { 'zh-CN': `共 {{total}} 个条目（上限 ${INVENTORY_CAPACITY}）`, en: `{{total}} entries (at most ${INVENTORY_CAPACITY})` },
  rowsOf: { field: 'personaId', orderBy: 'resource', limit: INVENTORY_CAPACITY, summary: "A persona's inventory: every entry it holds" },
};

/** Who redeemed a code and when (`GET /token/instances/:id/used-info`). */
export const tokenUsedInfoView: ViewDecl = {
  name: 'usedInfo',
  label: { 'zh-CN': '使用记录', en: 'Redemptions' },
  path: '/used-info',
  listKey: 'usedInfo',
  row: tokenUseSchema,
  columns: ['userId', 'personaId', 'redeemedAt'],
  rowKey: ['personaId', 'redeemedAt'],
  empty: { 'zh-CN': '这个兑换码还没有被使用', en: 'This code has not been redeemed yet' },
  paging: { mode: 'client', pageSize: 10 },
  summary: { 'zh-CN': '已使用 {{total}} 次', en: 'Used {{total}} times' },
  refetchOnChange: true,
  api: { summary: 'Who redeemed a code and when (player, persona, time), newest first' },
};

const tagGroup = { 'zh-CN': '带有此标签的玩家', en: 'Players with this tag' };

/** The users and the personas carrying a tag (`GET /tags/:id/users`, `/tags/:id/personas`), newest first. */
export const tagMemberViews: ViewDecl[] = [
  {
    name: 'tagUsers',
    label: { 'zh-CN': '用户', en: 'Users' },
    path: '/users',
    listKey: 'users',
    row: 'users',
    rowsOf: { field: 'tags', contains: true, orderBy: '-createdAt', summary: 'The users carrying a tag' },
    columns: ['name', 'status', 'createdAt'],
    rowKey: 'id',
    empty: { 'zh-CN': '还没有用户带有此标签。在用户详情页的“标签”中添加。', en: "No user has this tag yet. Add it under Tags on a user's page." },
    paging: { mode: 'server', pageSize: 10 },
    group: tagGroup,
  },
  {
    name: 'tagPersonas',
    label: { 'zh-CN': '角色', en: 'Personas' },
    path: '/personas',
    listKey: 'personas',
    row: 'personas',
    rowsOf: { field: 'tags', contains: true, orderBy: '-createdAt', summary: 'The personas carrying a tag' },
    columns: ['name', 'status', 'createdAt'],
    rowKey: 'id',
    empty: { 'zh-CN': '还没有角色带有此标签。在角色详情页的“标签”中添加。', en: "No persona has this tag yet. Add it under Tags on a persona's page." },
    paging: { mode: 'server', pageSize: 10 },
    group: tagGroup,
  },
];

const guildGroup = { 'zh-CN': '公会成员', en: 'Guild members' };

/** A guild's members, the leader first, with their roles (changed and removed here), and its join requests. */
export const guildMemberViews: ViewDecl[] = [
  {
    name: 'guildMembers',
    label: { 'zh-CN': '成员', en: 'Members' },
    path: '/members',
    listKey: 'members',
    row: guildMemberSchema,
    rowsOf: {
      resource: 'guild-members',
      field: 'guildId',
      orderBy: ['-isLeader', 'joinedAt', 'personaId'],
      summary: "A guild's members (persona, role, joining time), the leader first",
    },
    columns: ['personaId', 'isLeader', 'roleId', 'joinedAt'],
    rowKey: 'personaId',
    empty: { 'zh-CN': '公会暂无成员', en: 'The guild has no members' },
    paging: { mode: 'server', pageSize: 20 },
    group: guildGroup,
    refetchOnChange: true,
    rowCommands: [
      {
        name: 'setRole',
        label: { 'zh-CN': '设置角色', en: 'Set role' },
        method: 'PUT',
        path: '/:personaId/role',
        when: { isLeader: [false] },
        api: { summary: "Set a member's role, or none (not the leader's)", answer: ok('the member') },
        fields: {
          type: 'object',
          additionalProperties: false,
          properties: {
            roleId: {
              ...roleIdField,
              'x-ui': {
                title: { 'zh-CN': '公会角色', en: 'Guild role' },
                help: { 'zh-CN': '留空则不担任角色', en: 'Leave empty for no role' },
                optionsFrom: { resource: 'guild-roles', value: 'id', label: 'name' },
              },
            },
          },
        },
      },
      {
        name: 'remove',
        label: { 'zh-CN': '移出', en: 'Remove' },
        method: 'DELETE',
        path: '/:personaId',
        when: { isLeader: [false] },
        danger: true,
        api: {
          summary: 'Remove a member (not the leader); the persona waits out the restriction before joining again',
          answer: ok('the guild', recordOf('guilds')),
        },
        confirm: {
          'zh-CN': '将该成员移出公会？移出后需等待设置的限制时长才能再加入公会。',
          en: 'Remove this member from the guild? They must wait out the configured time before joining a guild again.',
        },
      },
    ],
  },
  {
    name: 'guildRequests',
    label: { 'zh-CN': '入会申请', en: 'Join requests' },
    path: '/requests',
    listKey: 'requests',
    row: guildRequestSchema,
    rowsOf: {
      resource: 'guild-requests',
      field: 'guildId',
      where: { status: 'waiting' },
      orderBy: ['createdAt', 'personaId'],
      summary: 'Requests waiting to join a guild',
    },
    columns: ['personaId', 'message', 'createdAt'],
    rowKey: 'personaId',
    empty: { 'zh-CN': '没有待处理的入会申请（由拥有“审批入会申请”权限的成员在游戏内处理）', en: 'No requests are waiting (members allowed to handle join requests approve them in the game)' },
    paging: { mode: 'server', pageSize: 20 },
    group: guildGroup,
    refetchOnChange: true,
  },
];
