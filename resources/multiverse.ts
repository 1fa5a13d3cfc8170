import type { ServiceDecl } from './types';
import { PER, UNITS, netMeter } from './meters';
import { multiverseCalls } from './multiverse/calls';
import { MULTIVERSE_DEMO } from './multiverse/demo';
import { multiversePages } from './multiverse/pages';
import { multiversePrices } from './multiverse/prices';
import { MULTIVERSE_ROUTES, multiverseResources } from './multiverse/resources';
import { MULTIVERSE_OPERATOR_ROUTES } from './multiverse/operator';
import { MULTIVERSE_SCHEDULE_ROUTES } from './multiverse/schedules';
import { STATS_ROUTE, multiverseStatsCalls, usagePage } from './multiverse/stats';
import { refreshTokenCall } from './refresh-token';
import { agonesSdkEndpoint } from './runtime-sdk';
import { MATCH_BORROWED_ROUTES } from './match/resources';

/** Where the app's cached credentials are dropped (the spec's refresh-token call). */
const REFRESH_TOKEN_PATH = '/refreshUosToken';
const OPERATOR = { 'zh-CN': '运营配置', en: 'Operator settings' };

export const multiverse: ServiceDecl = {
  name: 'multiverse',
  base: '/multiverse/v1',
  convention: 'rest',
  // Spec 000 §9: multiverse and CDN errors stay 15 seconds.
  errorToastSeconds: 15,
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'CloudServerOutlined',
    displayName: { 'zh-CN': 'Multiverse 专用服务器', en: 'Multiverse' },
    label: { 'zh-CN': '专用服务器托管', en: 'Dedicated servers' },
    description: {
      'zh-CN': '托管游戏专用服务器：管理游戏、地域、配置与版本、镜像、测试服务器和分配，按需启动或从服务器池分配。',
      en: 'Dedicated game-server hosting: games, regions, profiles and revisions, images, test servers and allocations, on demand or from a fleet.',
    },
    capabilities: [
      { 'zh-CN': '管理游戏、地域、配置与版本、镜像', en: 'Games, regions, profiles and revisions, images' },
      { 'zh-CN': '测试服务器与服务器分配', en: 'Test servers and server allocations' },
      { 'zh-CN': '按需启动或从服务器池分配', en: 'Servers started on demand or allocated from a fleet' },
    ],
    productPage: '/product/multiverse',
    docPage: '/doc/multiverse',
    pricingTag: { 'zh-CN': '按 CPU 核时与流量计费', en: 'Billed by CPU core-hours and traffic' },
    mainService: true,
    exclusive: { single: 'runtime', multi: 'hosting' },
    adminSeesEnabled: true,
    // Spec 001 §9 gives "memory per cpu 1536" (MiB) for multiverse; it is our default for new apps.
    defaultProperties: { memoryPerCpu: 1536, enablePassThrough: false },
  },
  prices: multiversePrices,
  // CPU is recorded in core-seconds and billed per core-hour; traffic in bytes, billed per GB. The cost prices
  // are what the platform pays: kept beside each meter for margin reports, never billed.
  meters: [
    { meter: 'cpu', label: { 'zh-CN': 'CPU 时长', en: 'CPU time' }, unit: UNITS.coreHour, price: 'cpu', per: PER.hour, costPrice: 'costCpu' },
    { ...netMeter(), costPrice: 'costNet' },
  ],
  menu: [
    { route: MULTIVERSE_ROUTES.games, label: { 'zh-CN': '游戏', en: 'Games' } },
    { route: MULTIVERSE_ROUTES.profiles, label: { 'zh-CN': '服务器配置', en: 'Profiles' } },
    { route: MULTIVERSE_ROUTES.images, label: { 'zh-CN': '镜像', en: 'Images' } },
    { route: MULTIVERSE_ROUTES.servers, label: { 'zh-CN': '服务器', en: 'Servers' } },
    { route: MULTIVERSE_SCHEDULE_ROUTES.list, label: { 'zh-CN': '占位调度', en: 'Placeholder schedules' } },
    { route: MATCH_BORROWED_ROUTES.multiverse.list, label: { 'zh-CN': '对局匹配', en: 'Matchmaking' } },
    { route: STATS_ROUTE, label: { 'zh-CN': '用量统计', en: 'Usage' } },
    // Spec 001 §6: the operator's factors, written by administrators (an app reads them).
    { route: MULTIVERSE_OPERATOR_ROUTES.resourceFactor, label: { 'zh-CN': '资源系数', en: 'Resource factor' }, group: OPERATOR, adminOnly: true },
    { route: MULTIVERSE_OPERATOR_ROUTES.usageAdjustFactor, label: { 'zh-CN': '用量调整系数', en: 'Usage adjust factor' }, group: OPERATOR, adminOnly: true },
  ],
  pages: [...multiversePages, usagePage],
  // Matchmaking's configs whose matches are each given a server of one of the app's games.
  borrowed: [{ service: 'match', resource: 'configs', routes: MATCH_BORROWED_ROUTES.multiverse, where: { field: 'gameId', present: true }, hide: ['syncProfileId'] }],
  resources: multiverseResources,
  calls: { ...multiverseCalls, ...multiverseStatsCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  demo: MULTIVERSE_DEMO,
  // What a game server does through its SDK endpoint (`server/services/multiverse/supervisor.ts` acts on each).
  sdkEndpoint: agonesSdkEndpoint({
    capacity: null,
    ready: {
      'zh-CN': '分配启动的服务器随即变为 allocated，分配调用随之回答；服务器池中的服务器进入 Ready，等待分配。',
      en: "An allocation's server is then `allocated` and the allocation call answers; a fleet's server is Ready and waits for an allocation.",
    },
    health: { 'zh-CN': '心跳停止后，服务器被标为 unhealthy，随后 failed。', en: 'When the pings stop, the server is marked `unhealthy`, then `failed`.' },
    allocate: { 'zh-CN': '处于 created 的服务器变为 allocated。', en: 'A `created` server becomes `allocated`.' },
    reserve: { 'zh-CN': '服务器的 SDK 状态变为 Reserved。', en: "The server's SDK state is `Reserved`." },
    label: { 'zh-CN': '保存在服务器的 labels 中，key 加前缀 agones.dev/sdk-。', en: "Kept in the server's labels, its key prefixed `agones.dev/sdk-`." },
    playerConnect: { 'zh-CN': '玩家计入服务器的玩家与玩家数。', en: "The player is in the server's players and player count." },
    playerDisconnect: { 'zh-CN': '玩家从服务器的玩家与玩家数中移除。', en: "The player leaves the server's players and player count." },
    playersConnected: null,
    gameServer: null,
    shutdown: { 'zh-CN': '服务器被停止：已分配的变为 deallocated，其余变为 canceled。', en: 'The server is stopped: an allocated one is `deallocated`, another `canceled`.' },
  }),
};
