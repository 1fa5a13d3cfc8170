import type { ServiceDecl } from './types';
import { PER, UNITS, netMeter } from './meters';
import { refreshTokenCall } from './refresh-token';
import { funcCalls } from './func/calls';
import { autoscalerCalls } from './func/autoscaler';
import { observeCalls } from './func/observe';
import { FUNC_DEMO } from './func/demo';
import { funcResources } from './func/resources';
import { funcMenu, funcPages } from './func/pages';
import { agonesSdkEndpoint } from './runtime-sdk';

const REFRESH_TOKEN_PATH = '/func/refresh-token';

export const func: ServiceDecl = {
  name: 'func',
  base: '/ufunc/v1',
  convention: 'rest',
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'FunctionOutlined',
    displayName: { 'zh-CN': 'Func 有状态函数', en: 'Func' },
    label: { 'zh-CN': '有状态函数', en: 'Stateful functions' },
    description: {
      'zh-CN': '有状态服务器函数：管理服务器、自动扩缩容及其历史、每台服务器的玩家与日志，可随时启用或停用。',
      en: 'Stateful server functions: servers, autoscaling and its history, players per server and logs, enabled or disabled at will.',
    },
    capabilities: [
      { 'zh-CN': '服务器与自动扩缩容', en: 'Servers and autoscaling' },
      { 'zh-CN': '扩缩容历史、每台服务器的玩家与日志', en: 'Autoscaling history, players per server and logs' },
      { 'zh-CN': '随时启用或停用', en: 'Enabled or disabled at will' },
    ],
    productPage: '/product/func',
    docPage: '/doc/func/stateful',
    pricingTag: { 'zh-CN': '按 CPU 核时与流量计费', en: 'Billed by CPU core-hours and traffic' },
    mainService: true,
    exclusive: { single: 'runtime' },
    // A JSON list of { name, cpu } configurations; none until the developer adds one.
    defaultProperties: { configOptions: '[]' },
  },
  // Spec 001 §9 "Func" row, the func levels and the core prices. Money is in currency units.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: {
    // default server port (TCP port number, not money)
    defaultPortTcp: '8899',
    // the configuration level of a new server, millicores ("100m")
    configLevelMillicores: '100',
    // allocation time-to-live of a trial server, minutes
    allocationTtlTrialMinutes: '1',
    // allocation time-to-live of other servers, minutes
    allocationTtlDefaultMinutes: '10',
    // levels, millicores: trial 100m, standard 1000m, mid 2000m, high 4000m
    levelTrialMillicores: '100',
    levelStandardMillicores: '1000',
    levelMidMillicores: '2000',
    levelHighMillicores: '4000',
    // per server-hour by size: 0.1 core, 1, 2 and 4 cores, half a core and a third of a core
    core0_1: '0.05',
    core1: '0.28',
    core2: '0.5',
    core4: '0.8',
    coreHalf: '0.2',
    coreThird: '0.1',
    // per GB of network traffic
    net: '1.2',
    // per GB of network traffic of realtime servers
    realtimeNet: '1.8',
  },
  // Server time is recorded in seconds per server size (meter = the size's price key) and billed per
  // server-hour; the levels map to sizes: trial 100m = 0.1 core, standard 1 core, mid 2 cores, high 4 cores.
  meters: [
    { meter: 'core0_1', label: { 'zh-CN': '0.1 核实例时长', en: '0.1-core server time' }, unit: UNITS.serverHour, price: 'core0_1', per: PER.hour },
    { meter: 'coreThird', label: { 'zh-CN': '1/3 核实例时长', en: 'One-third-core server time' }, unit: UNITS.serverHour, price: 'coreThird', per: PER.hour },
    { meter: 'coreHalf', label: { 'zh-CN': '0.5 核实例时长', en: 'Half-core server time' }, unit: UNITS.serverHour, price: 'coreHalf', per: PER.hour },
    { meter: 'core1', label: { 'zh-CN': '1 核实例时长', en: '1-core server time' }, unit: UNITS.serverHour, price: 'core1', per: PER.hour },
    { meter: 'core2', label: { 'zh-CN': '2 核实例时长', en: '2-core server time' }, unit: UNITS.serverHour, price: 'core2', per: PER.hour },
    { meter: 'core4', label: { 'zh-CN': '4 核实例时长', en: '4-core server time' }, unit: UNITS.serverHour, price: 'core4', per: PER.hour },
    netMeter(),
    netMeter('realtimeNet', 'realtime-net', { 'zh-CN': '实时网络流量', en: 'Realtime network traffic' }),
  ],
  menu: funcMenu,
  // Spec 000 §2: its playground: make a function, start a server, see it running, send a player, see the players.
  pages: [
    ...funcPages,
    {
      route: '/playground/func-stateful/:appId?',
      absolute: true,
      label: { 'zh-CN': '有状态函数调试台', en: 'Stateful functions playground' },
      component: 'playground',
      playground: {
        examples: [
          'functions.list',
          'functions.create',
          { name: 'servers.create', label: { 'zh-CN': '启动一台服务器', en: 'Start a server' } },
          { name: 'servers.list', label: { 'zh-CN': '查看服务器及其状态', en: 'List the servers and their states' } },
          { name: 'endpoint', label: { 'zh-CN': '为玩家选择服务器', en: 'Pick the server a player is sent to' } },
          { name: 'players', label: { 'zh-CN': '查看服务器上的玩家', en: "List a server's players" } },
          { name: 'playerCountSum', label: { 'zh-CN': '玩家数合计', en: 'Sum the players' } },
          { name: 'logs.search', label: { 'zh-CN': '搜索服务器日志', en: "Search the servers' logs" } },
        ],
      },
    },
  ],
  resources: funcResources,
  calls: { ...funcCalls, ...autoscalerCalls, ...observeCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  demo: FUNC_DEMO,
  // What a function's server does through its SDK endpoint (`server/services/func/supervisor.ts` acts on each).
  sdkEndpoint: agonesSdkEndpoint({
    capacity: { 'zh-CN': '服务器启动时容量为 0：第一名玩家连接前先设置。', en: 'A server starts with room for no player: set it before the first connect.' },
    ready: {
      'zh-CN': '服务器变为 running，玩家只会被送到运行中的服务器。未在规格的分配有效期（试用 1 分钟，其余 10 分钟）内调用的服务器会被停止并标为 failed。',
      en: "The server is `running`; players are sent to running servers only. One that has not called it within its level's allocation time-to-live (1 minute on trial, 10 minutes otherwise) is stopped and marked `failed`.",
    },
    health: {
      'zh-CN': 'Ready 之后至少每三个健康检查间隔（函数的 healthPeriodSeconds，默认 5 秒）发送一次，否则服务器被标为 unhealthy，随后 failed。',
      en: "After Ready, send one at least every three health periods (the function's `healthPeriodSeconds`, 5 by default), or the server is marked `unhealthy`, then `failed`.",
    },
    label: { 'zh-CN': '标签成为服务器的 tag（GET …/server-tags 列出，key 与发送时一致）。', en: "The label is one of the server's tags (listed by `GET …/server-tags`, its key as sent)." },
    playerConnect: {
      'zh-CN': '玩家列入服务器的玩家（GET /functions/{id}/{serverId}/players）并计数：LEAST 选择方式与自动扩缩容读取该计数（有玩家的服务器不会被缩掉）。',
      en: 'The player is listed on the server (`GET /functions/{id}/{serverId}/players`) and counted: the `LEAST` endpoint selection and the autoscaler read the count (a server with players is never taken away).',
    },
    playerDisconnect: { 'zh-CN': '玩家不再列出，也不再计数。', en: 'The player is no longer listed or counted.' },
    gameServer: null,
    shutdown: { 'zh-CN': '服务器变为 deleting，进程被停止，随后为 deleted。', en: 'The server is `deleting`, its process is stopped, then it is `deleted`.' },
  }),
};
