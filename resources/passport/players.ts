import type { ActionDecl, ResourceDecl } from '../types';
import { appAccess, type PassportPart } from './part';
import { realNameView } from './details';
import { banHistoryOf, personaFriendViews, personaInventoryView } from './views';
import { playersDashboard } from './dashboards';
import { friendRelationsView } from './page-views';
import { accountCalls, friendCalls, metricsCalls } from './players-calls';
import realmSchema from '../../schemas/passport/players/realm.json' with { type: 'json' };
import userSchema from '../../schemas/passport/players/user.json' with { type: 'json' };
import personaSchema from '../../schemas/passport/players/persona.json' with { type: 'json' };
import friendConfigSchema from '../../schemas/passport/players/friend-config.json' with { type: 'json' };
import rateLimitSchema from '../../schemas/passport/players/rate-limit.json' with { type: 'json' };

/** Console routes of the players area (relative to /services/:appId unless absolute). */
export const PLAYERS_ROUTES = {
  realms: 'passport/auth/realm',
  users: 'passport/account/user',
  personas: 'passport/account/persona',
  friendConfig: 'passport/account/friend',
  friendManagement: 'passport/account/friend-management',
  metrics: 'passport/account/metrics',
  settings: 'passport/settings',
  playground: '/playground/passport/:appId?',
} as const;

/**
 * Ban and unban, shared by users and personas. A ban writes its reason and optional end into the record (an end
 * that has passed lifts the ban the next time the player is seen); both are kept in the ban history.
 */
const banActions = (who: { 'zh-CN': string; en: string }): ActionDecl[] => [
  {
    name: 'ban',
    label: { 'zh-CN': '封禁', en: 'Ban' },
    from: ['Active'],
    to: 'Banned',
    method: 'POST',
    path: '/ban',
    danger: true,
    confirm: {
      'zh-CN': `封禁后该${who['zh-CN']}立即无法登录和调用接口，确定封禁？`,
      en: `The ${who.en} is signed out at once and cannot sign in. Ban?`,
    },
    fields: {
      type: 'object',
      additionalProperties: false,
      properties: {
        banReason: {
          type: 'string',
          maxLength: 500,
          'x-ui': { title: { 'zh-CN': '封禁原因', en: 'Reason' }, widget: 'textarea' },
        },
        banUntil: {
          type: 'string',
          format: 'date-time',
          'x-ui': {
            title: { 'zh-CN': '封禁截止', en: 'Banned until' },
            help: { 'zh-CN': '留空表示永久封禁，直到手动解封', en: 'Empty: until unbanned by hand' },
          },
        },
      },
    },
  },
  {
    name: 'unban',
    label: { 'zh-CN': '解封', en: 'Unban' },
    from: ['Banned'],
    to: 'Active',
    method: 'POST',
    path: '/unban',
    confirm: { 'zh-CN': `确定解封该${who['zh-CN']}？`, en: `Unban this ${who.en}?` },
  },
];

const activeBanned = {
  field: 'status',
  initial: 'Active',
  values: {
    Active: { color: 'green', label: { 'zh-CN': '正常', en: 'Active' } },
    Banned: { color: 'red', label: { 'zh-CN': '已封禁', en: 'Banned' } },
  },
};

const tagsPart = { path: '/tags', field: 'tags', label: { 'zh-CN': '标签', en: 'Tags' } };

const realms: ResourceDecl = {
  name: 'realms',
  label: { 'zh-CN': '区服', en: 'Realms' },
  singular: { 'zh-CN': '区服', en: 'realm' },
  schema: realmSchema,
  path: '/realms',
  listKey: 'realms',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  list: {
    columns: ['name', 'status', 'region', 'description', 'createdAt'],
    filters: ['status', 'region'],
    sorters: ['name'],
    search: ['name', 'description', 'region'],
    defaultSort: { field: 'createdAt', order: 'asc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'Created',
    values: {
      Created: { color: 'default', label: { 'zh-CN': '已创建', en: 'Created' } },
      Open: { color: 'green', label: { 'zh-CN': '开放', en: 'Open' } },
      Closed: { color: 'red', label: { 'zh-CN': '已关闭', en: 'Closed' } },
      Maintenance: { color: 'orange', label: { 'zh-CN': '维护中', en: 'Maintenance' } },
    },
  },
  actions: [
    { name: 'open', label: { 'zh-CN': '开服', en: 'Open' }, from: ['Created'], to: 'Open' },
    {
      name: 'maintain',
      label: { 'zh-CN': '维护', en: 'Maintain' },
      from: ['Open'],
      to: 'Maintenance',
      confirm: { 'zh-CN': '维护期间玩家无法登录该区服，确定开始维护？', en: 'Players cannot sign in to the realm during maintenance. Start it?' },
    },
    {
      name: 'close',
      label: { 'zh-CN': '关服', en: 'Close' },
      from: ['Open', 'Maintenance'],
      to: 'Closed',
      danger: true,
      confirm: { 'zh-CN': '关服后玩家无法登录该区服，确定关闭？', en: 'Players can no longer sign in to this realm. Close it?' },
    },
    { name: 'reopen', label: { 'zh-CN': '重新开放', en: 'Reopen' }, from: ['Closed', 'Maintenance'], to: 'Open' },
  ],
  children: [
    { resource: 'users', field: 'realmId' },
    { resource: 'personas', field: 'realmId' },
  ],
  access: appAccess(),
  routes: { list: PLAYERS_ROUTES.realms, show: `${PLAYERS_ROUTES.realms}/:id` },
};

const users: ResourceDecl = {
  name: 'users',
  // Kept in the shared table: migration 011 indexes its tags there.
  sharedTable: true,
  label: { 'zh-CN': '用户', en: 'Users' },
  singular: { 'zh-CN': '用户', en: 'user' },
  schema: userSchema,
  path: '/users',
  listKey: 'users',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: {
    columns: ['name', 'status', 'loginMethod', 'loginProvider', 'externalId', 'platform', 'realNameVerified', 'lastLoginAt'],
    filters: ['status', 'loginMethod', 'loginProvider', 'platform', 'realmId'],
    // Sorting by external id also gives the index sign-in looks users up by.
    sorters: ['name', 'lastLoginAt', 'externalId'],
    search: ['name', 'externalId', 'phone'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: activeBanned,
  // Players sign in to a realm: a realm that still has users cannot be deleted. Deleting a tag leaves it on them.
  references: [
    { field: 'realmId', resource: 'realms', onDelete: 'restrict', message: 'no such realm' },
    { field: 'tags[]', resource: 'tags', onDelete: 'keep', message: 'no such tag' },
  ],
  actions: banActions({ 'zh-CN': '用户', en: 'player' }),
  parts: [tagsPart],
  children: [{ resource: 'personas', field: 'userId' }],
  details: [realNameView],
  views: [banHistoryOf('user')],
  access: appAccess(),
  routes: { list: PLAYERS_ROUTES.users, show: `${PLAYERS_ROUTES.users}/:id` },
};

const personas: ResourceDecl = {
  name: 'personas',
  // Kept in the shared table: the guild and friend tables refer to it (migrations 011, 016), 011 indexes its tags there.
  sharedTable: true,
  label: { 'zh-CN': '角色', en: 'Personas' },
  singular: { 'zh-CN': '角色', en: 'persona' },
  schema: personaSchema,
  path: '/personas',
  listKey: 'personas',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  list: {
    columns: ['name', 'status', 'level', 'userId', 'realmId', 'createdAt'],
    filters: ['status', 'userId', 'realmId'],
    sorters: ['name', 'level'],
    search: ['name'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: activeBanned,
  // A persona belongs to its user (deleted with it) and lives in a realm (which cannot be deleted under it).
  references: [
    { field: 'userId', resource: 'users', onDelete: 'cascade', message: 'no such user' },
    { field: 'realmId', resource: 'realms', onDelete: 'restrict', message: 'no such realm' },
    { field: 'tags[]', resource: 'tags', onDelete: 'keep', message: 'no such tag' },
  ],
  actions: banActions({ 'zh-CN': '角色', en: 'persona' }),
  parts: [tagsPart],
  views: [...personaFriendViews, banHistoryOf('persona'), personaInventoryView],
  player: [
    {
      path: '/sdk/personas',
      summary: "The player's personas, optionally in one realm",
      owner: { userId: 'user' },
      filters: ['realmId'],
      orderBy: 'createdAt',
      listKey: 'personas',
      allowBannedPersona: true,
    },
  ],
  access: appAccess(),
  routes: { list: PLAYERS_ROUTES.personas, show: `${PLAYERS_ROUTES.personas}/:id` },
};

const friendConfig: ResourceDecl = {
  name: 'friendConfig',
  label: { 'zh-CN': '好友设置', en: 'Friend settings' },
  singular: { 'zh-CN': '好友设置', en: 'friend settings' },
  schema: friendConfigSchema,
  path: '/friend-config',
  idField: 'id',
  titleField: 'maxFriends',
  scope: 'app',
  operations: [],
  singleton: { write: 'PUT' },
  list: { columns: [] },
  access: appAccess(),
  routes: { list: PLAYERS_ROUTES.friendConfig },
};

const rateLimit: ResourceDecl = {
  name: 'rateLimit',
  label: { 'zh-CN': '请求限额', en: 'Call limit' },
  singular: { 'zh-CN': '请求限额', en: 'call limit' },
  schema: rateLimitSchema,
  path: '/rate-limit',
  idField: 'id',
  titleField: 'playerCallsPerMinute',
  scope: 'app',
  operations: [],
  singleton: { write: 'PUT' },
  list: { columns: [] },
  access: appAccess(),
  // A tab of passport's settings page.
  routes: { list: PLAYERS_ROUTES.settings },
};

/** Passport: the players area's resources, menu entries, pages and own calls. */
export const playersPart: PassportPart = {
  resources: [realms, users, personas, friendConfig, rateLimit],
  calls: { ...accountCalls, ...friendCalls, ...metricsCalls },
  menu: [
    { route: PLAYERS_ROUTES.realms, label: { 'zh-CN': '区服管理', en: 'Realms' } },
    { route: PLAYERS_ROUTES.users, label: { 'zh-CN': '用户管理', en: 'Users' } },
    { route: PLAYERS_ROUTES.personas, label: { 'zh-CN': '角色管理', en: 'Personas' } },
    { route: PLAYERS_ROUTES.friendManagement, label: { 'zh-CN': '好友关系', en: 'Friend relations' } },
    { route: PLAYERS_ROUTES.friendConfig, label: { 'zh-CN': '好友设置', en: 'Friend settings' } },
    { route: PLAYERS_ROUTES.metrics, label: { 'zh-CN': '玩家指标', en: 'Player metrics' } },
    { route: PLAYERS_ROUTES.playground, label: { 'zh-CN': '登录调试台', en: 'Sign-in playground' } },
  ],
  pages: [
    { route: PLAYERS_ROUTES.metrics, label: { 'zh-CN': '玩家指标', en: 'Player metrics' }, dashboard: playersDashboard },
    {
      route: PLAYERS_ROUTES.friendManagement,
      label: { 'zh-CN': '好友关系', en: 'Friend relations' },
      view: friendRelationsView,
    },
    {
      route: PLAYERS_ROUTES.playground,
      absolute: true,
      label: { 'zh-CN': 'Passport 登录调试台', en: 'Passport sign-in playground' },
      component: 'passportPlayground',
      // What a game does once its player signed in, then what its server reads.
      playground: {
        examples: [
          { name: 'players.me', label: { 'zh-CN': '读取玩家资料', en: "Read the player's profile" } },
          { name: 'personas.player', label: { 'zh-CN': '玩家的角色列表', en: "The player's personas" } },
          { name: 'players.createPersona', label: { 'zh-CN': '创建角色', en: 'Create a persona' } },
          { name: 'players.selectPersona', label: { 'zh-CN': '选择角色', en: 'Play as a persona' } },
          { name: 'inventory.player', label: { 'zh-CN': '读取背包与货币', en: 'Read the inventory and currencies' } },
          { name: 'products.player', label: { 'zh-CN': '在售商品', en: 'Products on sale' } },
          { name: 'leaderboards.top', label: { 'zh-CN': '读取排行榜', en: 'Read a leaderboard' } },
          { name: 'leaderboards.mine', label: { 'zh-CN': '我在排行榜中的名次', en: 'My rank on a leaderboard' } },
          { name: 'quests.playerList', label: { 'zh-CN': '读取任务进度', en: 'Read the quests and their progress' } },
          { name: 'inbox.playerInbox', label: { 'zh-CN': '读取邮件', en: 'Read the inbox' } },
          { name: 'billboards.live', label: { 'zh-CN': '当前公告', en: 'Billboards live now' } },
          { name: 'realms.list', label: { 'zh-CN': '查询区服（服务端）', en: 'List the realms (server)' } },
          { name: 'leaderboards.list', label: { 'zh-CN': '查询排行榜（服务端）', en: 'List the leaderboards (server)' } },
        ],
      },
    },
  ],
};
