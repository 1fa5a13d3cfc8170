/**
 * Sync's records (spec 001 "Sync lobby", §3 room profile tier, room profile, room; §4 room states): the app's room
 * profile tiers and room profiles, its rooms, and under each room its seats and its log. The relay that moves rooms
 * and seats is `server/services/usync/`.
 */
import type { AccessDecl, ResourceDecl, Text } from '../types';
import tierSchema from '../../schemas/usync/tier.json' with { type: 'json' };
import profileSchema from '../../schemas/usync/profile.json' with { type: 'json' };
import roomSchema from '../../schemas/usync/room.json' with { type: 'json' };
import seatSchema from '../../schemas/usync/seat.json' with { type: 'json' };
import logSchema from '../../schemas/usync/log.json' with { type: 'json' };
import { bindCommand } from './plugins';
import { roomInfoAnswer } from './shapes';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });

/** The console's routes (spec 001 §2: `sync/profiles`, `sync/rooms`); the tiers a tab beside the profiles. */
export const SYNC_ROUTES = { profiles: 'sync/profiles', profile: 'sync/profiles/:id', tier: 'sync/tiers/:id', rooms: 'sync/rooms', room: 'sync/rooms/:id' } as const;

/** The room states (spec 001 §4), by what they mean here. */
export const ROOM = { created: 'CREATED', allocated: 'SERVER_ALLOCATED', failed: 'ALLOCATION_FAILED', ready: 'READY', running: 'RUNNING', closed: 'CLOSED' } as const;
/** The states a room is open in: it holds a place among its profile's rooms and its seats may connect. */
export const OPEN_ROOM: string[] = [ROOM.allocated, ROOM.ready, ROOM.running];
/** The states a room may be joined in. */
export const JOINABLE_ROOM: string[] = [ROOM.ready, ROOM.running];

export const tiers: ResourceDecl = {
  name: 'tiers',
  label: t('房间规格', 'Room profile tiers'),
  singular: t('房间规格', 'room profile tier'),
  schema: tierSchema,
  path: '/api/room-profile-tiers',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  // Spec 001 §7: GET the list; GET, POST, PUT one — POST on one updates it as PUT does. The create is at the list; a
  // tier no profile uses may be deleted.
  operations: ['list', 'show', 'create', 'update', 'delete'],
  updateAlso: ['POST'],
  unique: ['name'],
  list: { columns: ['name', 'maxPlayers', 'messagesPerSecond', 'maxMessageBytes', 'netAllowance', 'updatedAt'], search: ['name'], pageSize: 20 },
  access: access(),
  routes: { list: SYNC_ROUTES.profiles, show: SYNC_ROUTES.tier },
};

export const profiles: ResourceDecl = {
  name: 'profiles',
  label: t('房间配置', 'Room profiles'),
  singular: t('房间配置', 'room profile'),
  schema: profileSchema,
  path: '/api/room-profiles',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'show', 'create', 'update', 'delete'],
  unique: ['name'],
  list: { columns: ['name', 'tierId', 'roomCount', 'ratio', 'ttlMinutes', 'idleSeconds', 'reconnectSeconds', 'transport', 'pluginId', 'updatedAt'], filters: ['tierId', 'transport'], search: ['name', 'description'], pageSize: 20 },
  references: [
    { field: 'tierId', resource: 'tiers', onDelete: 'restrict', message: 'no such room profile tier' },
    // A plugin's delete unbinds it from its profiles; their open rooms keep running the version they started with.
    { field: 'pluginId', resource: 'plugins', onDelete: 'set-null', message: 'no such plugin' },
  ],
  commands: [bindCommand],
  children: [{ resource: 'rooms', field: 'profileId' }],
  access: access(),
  routes: { list: SYNC_ROUTES.profiles, show: SYNC_ROUTES.profile },
  // On the back office's `sync-management` page, beside the rooms: every app's profiles and the rooms they allow.
  acrossApps: { route: 'sync-management', filters: ['transport'], sums: ['roomCount'] },
};

export const rooms: ResourceDecl = {
  name: 'rooms',
  label: t('房间', 'Rooms'),
  singular: t('房间', 'room'),
  schema: roomSchema,
  path: '/api/rooms',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  // Spec 001 §7: POST /api/rooms, GET /api/rooms (includeAll), GET /api/rooms/{id}; a room is closed, not removed.
  operations: ['list', 'create', 'show'],
  list: {
    columns: ['name', 'profileId', 'status', 'players', 'maxPlayers', 'transport', 'pod', 'startedAt', 'expiresAt', 'createdAt'],
    filters: ['status', 'profileId', 'pod'],
    search: ['name'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: ROOM.created,
    watch: [ROOM.created, ROOM.allocated],
    values: {
      [ROOM.created]: { color: 'default', label: t('已创建', 'Created') },
      [ROOM.allocated]: { color: 'processing', label: t('已分配服务器', 'Server allocated') },
      [ROOM.failed]: { color: 'red', label: t('分配失败', 'Allocation failed') },
      [ROOM.ready]: { color: 'blue', label: t('就绪', 'Ready') },
      [ROOM.running]: { color: 'green', label: t('运行中', 'Running') },
      [ROOM.closed]: { color: 'default', label: t('已关闭', 'Closed') },
    },
  },
  actions: [
    {
      name: 'close',
      label: t('关闭房间', 'Close the room'),
      from: [ROOM.created, ...OPEN_ROOM],
      to: ROOM.closed,
      method: 'POST',
      path: '/close',
      refused: 'the room is already closed',
      implementedBy: 'service',
      confirm: t('关闭后房间内的玩家都会被断开，确定关闭吗？', 'Every player in the room is disconnected. Close it?'),
      danger: true,
      api: { summary: 'Close the room: its players are told and disconnected, its seats end, and its usage is counted' },
    },
  ],
  readOnly: ['status', 'statusReason', 'maxPlayers', 'transport', 'players', 'pod', 'allocatedAt', 'startedAt', 'expiresAt', 'closedAt', 'messages', 'bytes', 'pluginId', 'pluginVersion'],
  references: [{ field: 'profileId', resource: 'profiles', onDelete: 'restrict', message: 'no such room profile' }],
  details: [
    {
      name: 'info',
      label: t('实时状态', 'Live state'),
      path: '/info',
      answer: roomInfoAnswer,
      fields: ['status', 'connected', 'away', 'reserved', 'messages', 'bytes', 'relayUrl'],
      api: { summary: "The room as its relay sees it now: players connected, away (reconnecting) and reserved, messages and bytes relayed so far, and the address clients connect to" },
    },
  ],
  // Its seats and log, sub-resources, are listed on its page under it.
  access: access(),
  routes: { list: SYNC_ROUTES.rooms, show: SYNC_ROUTES.room },
  // The back office's `sync-management` page (spec 000 §2): every app's rooms, the players and traffic per app, and
  // an administrator's close; its usage tab, every app's billed Sync usage.
  acrossApps: { route: 'sync-management', title: { 'zh-CN': '同步服务管理', en: 'Sync management' }, filters: ['status', 'pod'], sums: ['players', 'messages', 'bytes'], actions: ['close'], usage: true },
};

const underRoom = { resource: 'rooms', param: 'id', field: 'roomId', onDelete: 'cascade' } as const;

export const seats: ResourceDecl = {
  name: 'seats',
  label: t('座位', 'Seats'),
  singular: t('座位', 'seat'),
  schema: seatSchema,
  path: '/seats',
  idField: 'id',
  idParam: 'seatId',
  titleField: 'playerId',
  scope: 'app',
  // Given by the join calls, moved by the relay.
  operations: ['list', 'show'],
  parent: underRoom,
  list: { columns: ['playerId', 'status', 'via', 'connectedAt', 'reconnects', 'leftAt', 'createdAt'], filters: ['status', 'playerId'], defaultSort: { field: 'createdAt', order: 'asc' }, pageSize: 20 },
  status: {
    field: 'status',
    initial: 'reserved',
    values: {
      reserved: { color: 'processing', label: t('已预留', 'Reserved') },
      connected: { color: 'green', label: t('已连接', 'Connected') },
      away: { color: 'orange', label: t('断线重连中', 'Away') },
      left: { color: 'default', label: t('已离开', 'Left') },
      expired: { color: 'default', label: t('已过期', 'Expired') },
    },
  },
  access: access(),
};

export const logs: ResourceDecl = {
  name: 'logs',
  label: t('房间日志', 'Room log'),
  singular: t('日志', 'log entry'),
  schema: logSchema,
  // Spec 001 §7: GET /api/rooms/{id}/log, with tag LogicPlugin.
  path: '/log',
  idField: 'id',
  idParam: 'logId',
  titleField: 'event',
  scope: 'app',
  operations: ['list', 'show'],
  parent: underRoom,
  list: { columns: ['createdAt', 'tag', 'event', 'playerId', 'reason'], filters: ['tag', 'event', 'playerId'], defaultSort: { field: 'createdAt', order: 'asc' }, pageSize: 50 },
  access: access(),
};

// The profiles first: the first tab of the list they share with the tiers.
export const usyncResources: ResourceDecl[] = [profiles, tiers, rooms, seats, logs];
