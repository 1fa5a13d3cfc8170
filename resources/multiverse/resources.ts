/**
 * Multiverse's records (spec 001 §3 and §4): games with their regions, profiles and their revisions (one released at a
 * time), images (an uploaded archive and its build), and servers — every game server, started for an allocation,
 * kept warm in a fleet, or run as a test server — in the six states of spec 001 §4. The runtime that moves them is
 * `server/services/multiverse/`.
 */
import type { AccessDecl, CommandDecl, JsonSchema, ResourceDecl, ViewDecl } from '../types';
import { multiverseOperatorResources } from './operator';
import { placeholderSchedules } from './schedules';
import { imageTransferQuery, imageTransferToken } from './calls';
import gameSchema from '../../schemas/multiverse/game.json' with { type: 'json' };
import profileSchema from '../../schemas/multiverse/profile.json' with { type: 'json' };
import revisionSchema from '../../schemas/multiverse/profile-revision.json' with { type: 'json' };
import imageSchema from '../../schemas/multiverse/image.json' with { type: 'json' };
import serverSchema from '../../schemas/multiverse/server.json' with { type: 'json' };

/** The console's routes (spec 001 §2: settings, servers, profiles, profiles/{profileId}), images and games beside them. */
export const MULTIVERSE_ROUTES = {
  games: 'multiverse/settings',
  game: 'multiverse/settings/:id',
  profiles: 'multiverse/profiles',
  profile: 'multiverse/profiles/:profileId',
  images: 'multiverse/images',
  image: 'multiverse/images/:id',
  servers: 'multiverse/servers',
  server: 'multiverse/servers/:id',
} as const;

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });

export const games: ResourceDecl = {
  name: 'games',
  label: { 'zh-CN': '游戏', en: 'Games' },
  singular: { 'zh-CN': '游戏', en: 'game' },
  schema: gameSchema,
  path: '/game/games',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'show', 'create', 'update', 'delete'],
  unique: ['name'],
  references: [{ field: 'profileId', resource: 'profiles', onDelete: 'set-null' }],
  // Spec 001 §7 "game/games CRUD with regions": the regions read and replaced on their own.
  parts: [{ path: '/regions', field: 'regions', label: { 'zh-CN': '地域', en: 'Regions' } }],
  children: [{ resource: 'profiles', field: 'gameId' }],
  list: { columns: ['name', 'mode', 'regions', 'profileId', 'createdAt'], filters: ['mode'], search: ['name'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  routes: { list: MULTIVERSE_ROUTES.games, show: MULTIVERSE_ROUTES.game },
  access: access(),
};

export const profiles: ResourceDecl = {
  name: 'profiles',
  label: { 'zh-CN': '服务器配置', en: 'Profiles' },
  singular: { 'zh-CN': '服务器配置', en: 'profile' },
  schema: profileSchema,
  path: '/profiles',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'show', 'create', 'update', 'delete'],
  // The released revision is one of the profile's own: it cannot be deleted while released.
  references: [
    { field: 'gameId', resource: 'games', onDelete: 'restrict' },
    { field: 'releasedRevisionId', resource: 'profile-revisions', onDelete: 'restrict' },
  ],
  readOnly: ['releasedRevisionId', 'releasedRevision'],
  // Its revisions are made, listed and released on its page.
  children: [{ resource: 'profile-revisions', field: 'profileId' }],
  list: { columns: ['name', 'gameId', 'releasedRevision', 'createdAt'], filters: ['gameId'], search: ['name'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  routes: { list: MULTIVERSE_ROUTES.profiles, show: MULTIVERSE_ROUTES.profile },
  access: access(),
};

/** What the server receives as its environment: the revision's entries with their names normalised (spec 001 §5). */
const environment: JsonSchema = {
  type: 'object',
  readOnly: true,
  additionalProperties: { type: 'string' },
  'x-ui': { title: { 'zh-CN': '服务器收到的环境变量', en: 'Environment as the server receives it' }, hideInList: true },
};

export const profileRevisions: ResourceDecl = {
  name: 'profile-revisions',
  label: { 'zh-CN': '配置版本', en: 'Profile revisions' },
  singular: { 'zh-CN': '配置版本', en: 'profile revision' },
  schema: { ...revisionSchema, properties: { ...revisionSchema.properties, environment } },
  path: '/profile-revisions',
  idField: 'id',
  titleField: 'revision',
  scope: 'app',
  operations: ['list', 'show', 'create', 'update', 'delete'],
  references: [
    { field: 'profileId', resource: 'profiles', onDelete: 'cascade' },
    { field: 'imageId', resource: 'images', onDelete: 'restrict' },
  ],
  list: { columns: ['revision', 'profileId', 'imageId', 'cpu', 'millicores', 'memoryMiB', 'status', 'releasedAt'], filters: ['profileId', 'status', 'imageId'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  status: {
    field: 'status',
    initial: 'draft',
    values: {
      draft: { color: 'default', label: { 'zh-CN': '草稿', en: 'Draft' } },
      released: { color: 'green', label: { 'zh-CN': '已发布', en: 'Released' } },
      retired: { color: 'default', label: { 'zh-CN': '已替换', en: 'Retired' } },
    },
  },
  actions: [
    {
      name: 'release',
      label: { 'zh-CN': '发布', en: 'Release' },
      from: ['draft', 'retired'],
      to: 'released',
      method: 'POST',
      implementedBy: 'service',
      confirm: { 'zh-CN': '发布后，新启动的服务器使用此版本。', en: 'New servers of the profile will run this revision.' },
      refused: 'only a draft or retired revision can be released',
      api: { summary: "Release the revision: the profile's new servers run it; the revision released before is retired" },
    },
  ],
  access: access(),
};

const logLine: JsonSchema = {
  type: 'object',
  properties: {
    at: { type: 'string', format: 'date-time', 'x-ui': { title: { 'zh-CN': '时间', en: 'At' } } },
    stream: { type: 'string', 'x-ui': { title: { 'zh-CN': '来源', en: 'Stream' } } },
    line: { type: 'string', 'x-ui': { title: { 'zh-CN': '日志', en: 'Line' } } },
  },
};

const logsView = (label: ViewDecl['label'], summary: string): ViewDecl => ({
  name: 'logs',
  label,
  path: '/logs',
  listKey: 'logs',
  row: logLine,
  columns: ['at', 'stream', 'line'],
  rowKey: ['at', 'line'],
  empty: { 'zh-CN': '暂无日志', en: 'No log lines yet' },
  paging: { mode: 'client', pageSize: 50 },
  refetchOnChange: true,
  api: { summary },
});

/** The images list's "transfer token": an upload credential for a large build (`GET /images/transfer-token`). */
export const imageTransferCommand: CommandDecl = {
  name: 'transferToken',
  label: { 'zh-CN': '传输令牌', en: 'Transfer token' },
  on: 'collection',
  method: 'GET',
  path: '',
  address: 'call',
  api: { call: 'images.transferToken' },
  fields: imageTransferQuery,
  answer: imageTransferToken,
};

const BUILDING = ['pending', 'download', 'decompress', 'check', 'chmod', 'build_docker_image'];

export const images: ResourceDecl = {
  name: 'images',
  label: { 'zh-CN': '镜像', en: 'Images' },
  singular: { 'zh-CN': '镜像', en: 'image' },
  schema: imageSchema,
  path: '/images',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  // Made by the upload (`POST /images`, the list's "upload"); rebuilt by its action.
  operations: ['list', 'show', 'delete'],
  list: { columns: ['name', 'fileName', 'startCommand', 'size', 'files', 'status', 'builtAt', 'createdAt'], filters: ['status'], search: ['name', 'fileName'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  status: {
    field: 'status',
    initial: 'pending',
    watch: BUILDING,
    values: {
      pending: { color: 'default', label: { 'zh-CN': '等待构建', en: 'Pending' } },
      download: { color: 'processing', label: { 'zh-CN': '下载', en: 'Download' } },
      decompress: { color: 'processing', label: { 'zh-CN': '解压', en: 'Decompress' } },
      check: { color: 'processing', label: { 'zh-CN': '检查', en: 'Check' } },
      chmod: { color: 'processing', label: { 'zh-CN': '设置权限', en: 'Chmod' } },
      build_docker_image: { color: 'processing', label: { 'zh-CN': '构建', en: 'Build' } },
      success: { color: 'green', label: { 'zh-CN': '构建成功', en: 'Built' } },
      failure: { color: 'red', label: { 'zh-CN': '构建失败', en: 'Failed' } },
      error: { color: 'red', label: { 'zh-CN': '出错', en: 'Error' } },
      timeout: { color: 'orange', label: { 'zh-CN': '超时', en: 'Timed out' } },
    },
  },
  actions: [
    {
      name: 'rebuild',
      label: { 'zh-CN': '重新构建', en: 'Rebuild' },
      from: ['success', 'failure', 'error', 'timeout'],
      to: 'pending',
      method: 'POST',
      refused: 'only a finished build can be rebuilt',
    },
  ],
  commands: [imageTransferCommand],
  views: [logsView({ 'zh-CN': '构建日志', en: 'Build log' }, "The image's build log, oldest first")],
  access: access(),
  // Listed on the images page (`resources/multiverse/pages.ts`), where a build is uploaded.
  routes: { show: MULTIVERSE_ROUTES.image },
};

export const SERVER_STATES = {
  created: { color: 'processing', label: { 'zh-CN': '已创建', en: 'Created' } },
  allocated: { color: 'green', label: { 'zh-CN': '已分配', en: 'Allocated' } },
  deallocated: { color: 'default', label: { 'zh-CN': '已释放', en: 'Deallocated' } },
  canceled: { color: 'default', label: { 'zh-CN': '已取消', en: 'Canceled' } },
  unhealthy: { color: 'orange', label: { 'zh-CN': '不健康', en: 'Unhealthy' } },
  failed: { color: 'red', label: { 'zh-CN': '失败', en: 'Failed' } },
} as const;

export const servers: ResourceDecl = {
  name: 'servers',
  label: { 'zh-CN': '服务器', en: 'Servers' },
  singular: { 'zh-CN': '服务器', en: 'server' },
  schema: serverSchema,
  path: '/servers',
  idField: 'id',
  titleField: 'id',
  scope: 'app',
  // Started and stopped by allocations, fleets and test servers (their calls); read here.
  operations: ['list', 'show'],
  list: {
    columns: ['kind', 'gameId', 'region', 'status', 'sdkState', 'address', 'port', 'playerCount', 'allocatedAt', 'createdAt'],
    filters: ['status', 'kind', 'gameId', 'region', 'sdkState'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: { field: 'status', initial: 'created', watch: ['created', 'allocated', 'unhealthy'], values: SERVER_STATES },
  views: [logsView({ 'zh-CN': '服务器日志', en: 'Server log' }, "The server's output (stdout and stderr) and what the platform did to it, oldest first")],
  access: access(),
  routes: { list: MULTIVERSE_ROUTES.servers, show: MULTIVERSE_ROUTES.server },
};

export const multiverseResources: ResourceDecl[] = [games, profiles, profileRevisions, images, servers, placeholderSchedules, ...multiverseOperatorResources];
