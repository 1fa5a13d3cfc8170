import type { ServiceDecl } from './types';
import { PER, UNITS, netMeter } from './meters';
import { refreshTokenCall } from './refresh-token';
import { codeCalls } from './func-stateless/calls';
import { usageCalls } from './func-stateless/calls-usage';
import { FUNC_STATELESS_DEMO } from './func-stateless/demo';
import { FUNC_STATELESS_ROUTES, funcStatelessResources } from './func-stateless/resources';

const REFRESH_TOKEN_PATH = '/func-stateless/functions/refresh-token';

export const funcStateless: ServiceDecl = {
  name: 'func-stateless',
  // Shares the functions API with `func`; its paths start with /func-stateless (spec 001 §7).
  base: '/ufunc/v1',
  convention: 'rest',
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'ThunderboltOutlined',
    displayName: { 'zh-CN': '无状态云函数', en: 'Func Stateless' },
    label: { 'zh-CN': '无状态云函数', en: 'Stateless functions' },
    description: {
      'zh-CN': '无状态云函数：上传代码并管理版本，配置触发器、运行时、环境变量和网关，支持回滚与重新部署。',
      en: 'Stateless cloud functions: code and versions, triggers, runtimes, environment and gateway, with rollback and redeploy.',
    },
    capabilities: [
      { 'zh-CN': '代码与版本、触发器、运行时', en: 'Code and versions, triggers, runtimes' },
      { 'zh-CN': '环境变量与网关', en: 'Environment and gateway' },
      { 'zh-CN': '回滚与重新部署', en: 'Rollback and redeploy' },
    ],
    productPage: '/product/func',
    docPage: '/doc/func/stateless',
    pricingTag: { 'zh-CN': '按调用次数、资源用量与流量计费', en: 'Billed by invocations, resources and traffic' },
    mainService: false,
  },
  // Spec 001 §9 "Stateless", in currency units.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: {
    // per GB of network traffic
    net: '1.2',
    // per GB-second of resources used
    resource: '0.0001',
    // per ten thousand invocations
    invocation: '0.12',
  },
  // Traffic in bytes (per GB), resources in GB-seconds, invocations per 10,000.
  meters: [
    netMeter(),
    { meter: 'resource', label: { 'zh-CN': '资源用量', en: 'Resources' }, unit: UNITS.gbSecond, price: 'resource' },
    { meter: 'invocation', label: { 'zh-CN': '调用次数', en: 'Invocations' }, unit: UNITS.tenThousandRequests, price: 'invocation', per: PER.tenThousand },
  ],
  menu: [{ route: FUNC_STATELESS_ROUTES.functions, label: { 'zh-CN': '无状态云函数', en: 'Stateless functions' } }],
  // Spec 000 §2: its playground: write code, deploy it, invoke it with a JSON event, see the result and the logs.
  pages: [
    {
      route: '/playground/func-stateless/:appId?',
      absolute: true,
      label: { 'zh-CN': '无状态云函数调试台', en: 'Stateless functions playground' },
      component: 'funcStatelessPlayground',
      playground: {
        examples: [
          'functions.list',
          'functions.create',
          { name: 'scf.put', label: { 'zh-CN': '部署在控制台编辑的代码', en: 'Deploy code edited in the console' } },
          { name: 'invoke', label: { 'zh-CN': '调用一次函数', en: 'Invoke the function once' } },
          { name: 'logs.list', label: { 'zh-CN': '查询调用日志', en: 'List the invocation logs' } },
          { name: 'runtimes', label: { 'zh-CN': '查询可用运行时', en: 'List the runtimes' } },
          { name: 'metrics.aggregation', label: { 'zh-CN': '查询函数用量汇总', en: 'Sum the functions’ usage' } },
        ],
      },
    },
  ],
  resources: funcStatelessResources,
  calls: { ...codeCalls, ...usageCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  // Invocations, resources and traffic per day and function; the gateway's calls per minute (its rate limit reads them).
  counters: {
    invocations: { grain: 'day', keys: ['functionId', 'status'], keepDays: 400 },
    gbSeconds: { grain: 'day', keys: ['functionId'], keepDays: 400 },
    netBytes: { grain: 'day', keys: ['functionId'], keepDays: 400 },
    gatewayCalls: { grain: 'minute', keys: ['functionId'], keepDays: 31 },
    gatewayLimited: { grain: 'minute', keys: ['functionId'], keepDays: 31 },
  },
  demo: FUNC_STATELESS_DEMO,
};
