import type { ServiceDecl } from './types';
import { UNITS, netMeter } from './meters';
import { refreshTokenCall } from './refresh-token';
import { MATCH_BORROWED_ROUTES } from './match/resources';
import { appConfig, appConfigCalls, SYNC_CONFIG_ROUTE } from './usync/app-config';
import { usyncCalls } from './usync/calls';
import { usageReportCalls } from './usync/usage-reports';
import { PERF_ROUTES, perfSessions } from './usync/perf';
import { PLUGIN_ROUTES, pluginCalls, plugins, pluginVersions } from './usync/plugins';
import { SYNC_ROUTES, usyncResources } from './usync/resources';
import { relaySocket } from './usync/socket';

/** Spec 001 §7 lists "POST /api/app/{id}/recache" for the lobby: its cache renewal, `:id` being the app id. */
const RECACHE_PATH = '/api/app/:id/recache';

/** The playground's ready-made calls: a profile's room made, a player seated, then the relay (its socket panel). */
const PLAYGROUND_EXAMPLES = [
  { name: 'usyncInit', label: { 'zh-CN': '初始化（默认规格与配置）', en: 'Initialise (default tier and profile)' } },
  'profiles.list',
  { name: 'serviceRooms.create', label: { 'zh-CN': '创建房间', en: 'Create a room' } },
  { name: 'serviceRooms.join', label: { 'zh-CN': '为玩家预留座位', en: 'Seat a player' }, body: { playerId: 'player-1' } },
  { name: 'serviceRooms.list', label: { 'zh-CN': '可加入的房间', en: 'Rooms open to players' } },
  'rooms.list',
  { name: 'transports', label: { 'zh-CN': '传输协议', en: 'Transports' } },
];

export const usync: ServiceDecl = {
  name: 'usync',
  base: '/lobby',
  convention: 'rest',
  refreshTokenPath: RECACHE_PATH,
  catalogue: {
    icon: 'SyncOutlined',
    displayName: { 'zh-CN': 'Sync 房间同步', en: 'Sync' },
    label: { 'zh-CN': '房间同步', en: 'Room relay' },
    description: {
      'zh-CN': '实时房间中继：管理房间配置与规格、房间和插件，查看用量并进行性能测试。',
      en: 'Real-time room relay: room profiles and tiers, rooms and plugins, with usage charts and performance sessions.',
    },
    capabilities: [
      { 'zh-CN': '房间配置与规格', en: 'Room profiles and tiers' },
      { 'zh-CN': '房间与插件管理', en: 'Rooms and plugins' },
      { 'zh-CN': '用量图表与性能测试', en: 'Usage charts and performance sessions' },
    ],
    productPage: '/product/sync',
    docPage: '/doc/sync',
    pricingTag: { 'zh-CN': '按同时在线人数与流量计费', en: 'Billed by concurrent users and traffic' },
    mainService: true,
    exclusive: { single: 'runtime', multi: 'hosting' },
    defaultProperties: { type: 'realtime', perfTest: 'Disabled' },
  },
  // Spec 001 §9 "Sync", every value of the row. Money is in currency units.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: {
    // rooms included (count)
    roomCount: '5',
    // the spec's "ration 4": players-to-room ratio (no unit)
    ratio: '4',
    // per peak concurrent user
    ccu: '0.05',
    // per GB of network traffic
    net: '1.2',
    // room time-to-live, minutes
    roomTtlMinutes: '30',
    // the spec's second "net" value: network allowance, bytes per second
    netAllowance: '625000',
    // idle time before a room closes, seconds
    idleSeconds: '300',
  },
  // Sync records the day's peak of concurrent users once per day, and relayed bytes.
  meters: [
    { meter: 'ccu', label: { 'zh-CN': '峰值在线人数', en: 'Peak concurrent users' }, unit: UNITS.peakDay, price: 'ccu' },
    netMeter(),
  ],
  menu: [
    { route: SYNC_ROUTES.profiles, label: { 'zh-CN': '房间配置', en: 'Room profiles' } },
    { route: SYNC_ROUTES.rooms, label: { 'zh-CN': '房间', en: 'Rooms' } },
    { route: PLUGIN_ROUTES.list, label: { 'zh-CN': '房间插件', en: 'Plugins' } },
    { route: PERF_ROUTES.list, label: { 'zh-CN': '性能测试', en: 'Perf sessions' } },
    { route: MATCH_BORROWED_ROUTES.usync.list, label: { 'zh-CN': '对局匹配', en: 'Matchmaking' } },
    { route: SYNC_CONFIG_ROUTE, label: { 'zh-CN': '应用限额', en: 'App limits' }, adminOnly: true },
  ],
  // Spec 000 §2: its two playgrounds, each with the calls and the relay's socket.
  pages: [
    { route: '/playground/sync/:appId?', absolute: true, label: { 'zh-CN': 'Sync 调试台', en: 'Sync playground' }, component: 'playground', playground: { examples: PLAYGROUND_EXAMPLES } },
    { route: '/playground/sync-relay/:appId?', absolute: true, label: { 'zh-CN': '房间中继调试台', en: 'Room relay playground' }, component: 'playground', playground: { examples: PLAYGROUND_EXAMPLES.slice(2, 4) } },
  ],
  resources: [...usyncResources, perfSessions, plugins, pluginVersions, appConfig],
  // Matchmaking's configs whose matches are each played in a room made on one of the app's room profiles.
  borrowed: [{ service: 'match', resource: 'configs', routes: MATCH_BORROWED_ROUTES.usync, where: { field: 'syncProfileId', present: true }, hide: ['gameId', 'profileId'] }],
  calls: { ...usyncCalls, ...usageReportCalls, ...pluginCalls, ...appConfigCalls, refreshToken: refreshTokenCall(RECACHE_PATH) },
  sockets: { relay: relaySocket },
  history: {
    'rooms.SERVER_ALLOCATED': { 'zh-CN': '已分配服务器', en: 'Server allocated' },
    'rooms.ALLOCATION_FAILED': { 'zh-CN': '分配失败', en: 'Allocation failed' },
    'rooms.READY': { 'zh-CN': '房间就绪', en: 'Room ready' },
    'rooms.RUNNING': { 'zh-CN': '房间运行', en: 'Room running' },
    'rooms.CLOSED': { 'zh-CN': '房间关闭', en: 'Room closed' },
    'perfSessions.Running': { 'zh-CN': '性能测试开始', en: 'Perf session started' },
    'perfSessions.Finished': { 'zh-CN': '性能测试完成', en: 'Perf session finished' },
    'perfSessions.Failed': { 'zh-CN': '性能测试失败', en: 'Perf session failed' },
  },
};
