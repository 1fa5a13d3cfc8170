import type { ResourceDecl } from '../types';
import { appAccess } from './part';
import { guildMemberViews } from './views';
import guildSchema from '../../schemas/passport/identity/guild.json' with { type: 'json' };
import guildRoleSchema from '../../schemas/passport/identity/guild-role.json' with { type: 'json' };
import guildConfigSchema from '../../schemas/passport/identity/guild-config.json' with { type: 'json' };
import guildMemberSchema from '../../schemas/passport/identity/guild-member.json' with { type: 'json' };
import guildRequestSchema from '../../schemas/passport/identity/guild-request.json' with { type: 'json' };

/** Console routes of guilds (spec 002 §2). */
export const GUILD_ROUTES = {
  setting: 'passport/guilds/setting',
  management: 'passport/guilds/management',
} as const;

/** The five guild role permissions of spec 002 §3, in the spec's order. */
export const GUILD_PERMISSIONS = ['dismissGuild', 'manageGuildRequests', 'manageMemberRole', 'updateGuildInfo', 'removeMembers'] as const;
export type GuildPermission = (typeof GUILD_PERMISSIONS)[number];

/**
 * Guilds: players create, join and leave them from the game (`/sdk/guilds/...`); operators see them, edit their
 * information and dismiss them. Its members and join requests are its sub-resources, shown on its page by its views.
 */
const guilds: ResourceDecl = {
  name: 'guilds',
  // Kept in the shared table: the guild member and request tables refer to it (migration 011).
  sharedTable: true,
  label: { 'zh-CN': '公会管理', en: 'Guilds' },
  singular: { 'zh-CN': '公会', en: 'guild' },
  schema: guildSchema,
  path: '/guilds',
  listKey: 'guilds',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: {
    columns: ['name', 'memberCount', 'leaderPersonaId', 'createdAt'],
    sorters: ['name', 'memberCount'],
    search: ['name'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  // A guild always has a leader: its leader persona cannot be deleted while it leads (dismiss the guild or hand it over).
  references: [{ field: 'leaderPersonaId', resource: 'personas', onDelete: 'restrict' }],
  views: guildMemberViews,
  player: [
    {
      path: '/sdk/guilds',
      summary: "Find the app's guilds (q: part of the name), newest first",
      owner: 'app',
      persona: true,
      search: 100,
      orderBy: '-createdAt',
      listKey: 'guilds',
    },
  ],
  access: appAccess(),
  routes: { list: GUILD_ROUTES.management, show: `${GUILD_ROUTES.management}/:id` },
};

/** The roles a guild member can hold, shared by every guild of the app. */
const guildRoles: ResourceDecl = {
  name: 'guild-roles',
  // Kept in the shared table: the guild member table refers to it (migration 011).
  sharedTable: true,
  label: { 'zh-CN': '公会角色', en: 'Guild roles' },
  singular: { 'zh-CN': '公会角色', en: 'guild role' },
  schema: guildRoleSchema,
  path: '/guilds/roles',
  idParam: 'roleId',
  listKey: 'roles',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  list: {
    columns: ['name', ...GUILD_PERMISSIONS],
    sorters: ['name'],
    search: ['name'],
    defaultSort: { field: 'createdAt', order: 'asc' },
  },
  access: appAccess(),
  routes: { list: GUILD_ROUTES.setting },
};

/** The rules every guild of the app follows, with the spec's defaults (spec 002 §9). */
const guildConfig: ResourceDecl = {
  name: 'guild-config',
  label: { 'zh-CN': '公会设置', en: 'Guild settings' },
  singular: { 'zh-CN': '公会设置', en: 'guild settings' },
  schema: guildConfigSchema,
  path: '/guilds/config',
  idField: 'id',
  titleField: 'MemberLimitCount',
  scope: 'app',
  operations: [],
  singleton: { write: 'PUT' },
  list: { columns: [] },
  access: appAccess(),
  routes: { list: GUILD_ROUTES.setting },
};

/** Under a guild: no calls of their own beyond the guild's views and the game's guild calls. */
const underGuild = { resource: 'guilds', param: 'guildId', field: 'guildId', onDelete: 'cascade' } as const;

/**
 * A guild's members, one record per persona in the guild (the leader's among them). Deleting the persona removes its
 * memberships; deleting a role leaves its members without one.
 */
const guildMembers: ResourceDecl = {
  name: 'guild-members',
  label: { 'zh-CN': '公会成员', en: 'Guild members' },
  singular: { 'zh-CN': '公会成员', en: 'guild member' },
  schema: guildMemberSchema,
  path: '/members',
  idField: 'id',
  titleField: 'personaId',
  scope: 'app',
  operations: [],
  parent: underGuild,
  references: [
    { field: 'personaId', resource: 'personas', onDelete: 'cascade' },
    { field: 'roleId', resource: 'guild-roles', onDelete: 'set-null' },
  ],
  list: { columns: ['personaId', 'isLeader', 'roleId', 'joinedAt'] },
  access: appAccess(),
};

/** Requests to join a guild that needs approval; a waiting one is accepted or refused by the game's calls. */
const guildRequests: ResourceDecl = {
  name: 'guild-requests',
  label: { 'zh-CN': '入会申请', en: 'Guild join requests' },
  singular: { 'zh-CN': '入会申请', en: 'guild join request' },
  schema: guildRequestSchema,
  path: '/requests',
  idField: 'id',
  titleField: 'personaId',
  scope: 'app',
  operations: [],
  parent: underGuild,
  references: [{ field: 'personaId', resource: 'personas', onDelete: 'cascade' }],
  status: {
    field: 'status',
    initial: 'waiting',
    values: {
      waiting: { color: 'processing', label: { 'zh-CN': '待处理', en: 'Waiting' } },
      accepted: { color: 'success', label: { 'zh-CN': '已通过', en: 'Accepted' } },
      refused: { color: 'default', label: { 'zh-CN': '已拒绝', en: 'Refused' } },
    },
  },
  // The game's calls (`/sdk/guilds/:id/requests/:personaId/approve|reject`), which also check the member's permission.
  actions: [
    { name: 'approve', label: { 'zh-CN': '通过', en: 'Approve' }, from: ['waiting'], to: 'accepted', implementedBy: 'service', api: { call: 'guilds.approve' } },
    { name: 'reject', label: { 'zh-CN': '拒绝', en: 'Reject' }, from: ['waiting'], to: 'refused', implementedBy: 'service', api: { call: 'guilds.reject' } },
  ],
  list: { columns: ['personaId', 'message', 'status', 'createdAt'] },
  access: appAccess(),
  // Those waiting in their own table before migration 019: each a waiting request under its guild, asked when it was.
  movedFrom: {
    table: 'passport_guild_requests_moving',
    parent: 'guild_id',
    status: 'waiting',
    fields: { guildId: 'guild_id', personaId: 'persona_id', message: 'message' },
    at: 'created_at',
  },
};

export const guildResources: ResourceDecl[] = [guildConfig, guildRoles, guilds, guildMembers, guildRequests];
