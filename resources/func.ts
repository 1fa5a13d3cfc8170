import type { ServiceDecl } from './types';

export const func: ServiceDecl = {
  name: 'func',
  base: '/ufunc/v1',
  convention: 'rest',
  refreshTokenPath: '/func/refresh-token',
  catalogue: {
    icon: 'FunctionOutlined',
    displayName: { 'zh-CN': 'Func 有状态函数', en: 'Func' },
    label: { 'zh-CN': '有状态函数', en: 'Stateful functions' },
    description: {
      'zh-CN': '有状态服务器函数：管理服务器、自动扩缩容及其历史、每台服务器的玩家与日志，可随时启用或停用。',
      en: 'Stateful server functions: servers, autoscaling and its history, players per server and logs, enabled or disabled at will.',
    },
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
  menu: [],
  resources: [],
};
