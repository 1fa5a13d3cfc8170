import type { ResourceDecl } from '../types';
import { appAccess } from './part';
import { guildMemberViews } from './views';
import guildSchema from '../../schemas/passport/identity/guild.json' with { type: 'json' };
import guildRoleSchema from '../../schemas/passport/identity/guild-role.json' with { type: 'json' };
import guildConfigSchema from '../../schemas/passport/identity/guild-config.json' with { type: 'json' };

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
 * information and dismiss them. Members and join requests are kept beside the guild and shown on its page.
 */
const guilds: ResourceDecl = {
  name: 'guilds',
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

export const guildResources: ResourceDecl[] = [guildConfig, guildRoles, guilds];
