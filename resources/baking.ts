import type { ServiceDecl } from './types';
import { PER, UNITS } from './meters';
import { BAKING_ROUTES, bakingResources } from './baking/resources';
import { bakingCalls } from './baking/calls';
import { agentCalls } from './baking/agent-calls';
import { BAKING_DEMO } from './baking/demo';
import { usagePage } from './baking/usage';
import { refreshTokenCall } from './refresh-token';

/** Where the app's cached credentials are dropped (the spec's refresh-token call). */
const REFRESH_TOKEN_PATH = '/refresh-token';

export const baking: ServiceDecl = {
  name: 'baking',
  base: '/ubaking/v1',
  convention: 'rest',
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'BulbOutlined',
    displayName: { 'zh-CN': '云烘焙', en: 'Baking' },
    label: { 'zh-CN': '场景云烘焙', en: 'Cloud baking' },
    description: {
      'zh-CN': '在云端烘焙游戏场景光照：查看烘焙会话及其节点，可取消会话或标记完成、失败。',
      en: 'Bake game-scene lighting in the cloud: follow baking sessions and their nodes, cancel them or mark them done or failed.',
    },
    capabilities: [
      { 'zh-CN': '在云端烘焙场景光照', en: 'Scene lighting baked in the cloud' },
      { 'zh-CN': '跟踪烘焙任务及其节点', en: 'Baking sessions and their nodes followed' },
      { 'zh-CN': '取消任务或标记完成、失败', en: 'Sessions cancelled, or marked done or failed' },
    ],
    productPage: '/product/baking',
    docPage: '/doc/baking',
    pricingTag: { 'zh-CN': '按烘焙节点时长计费', en: 'Billed by baking node-hours' },
    mainService: false,
    exclusive: { single: 'runtime' },
  },
  // Spec 001 §9 "Baking 8.8": currency units per baking node-hour.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: { nodeHour: '8.8' },
  // Baking node time is recorded in seconds and billed per node-hour.
  meters: [{ meter: 'node-seconds', label: { 'zh-CN': '烘焙节点时长', en: 'Baking node time' }, unit: UNITS.nodeHour, price: 'nodeHour', per: PER.hour }],
  menu: [
    { route: BAKING_ROUTES.sessions, label: { 'zh-CN': '烘焙任务', en: 'Sessions' } },
    { route: BAKING_ROUTES.agents, label: { 'zh-CN': '烘焙代理', en: 'Agents' } },
    { route: usagePage.route, label: usagePage.label },
    { route: BAKING_ROUTES.settings, label: { 'zh-CN': '烘焙设置', en: 'Settings' } },
  ],
  pages: [usagePage],
  resources: bakingResources,
  calls: { ...bakingCalls, ...agentCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  demo: BAKING_DEMO,
  history: {
    'agents.claim': { 'zh-CN': '认领烘焙任务', en: 'Claim a session' },
    'agents.progress': { 'zh-CN': '上报烘焙进度', en: 'Report progress' },
    'agents.finish': { 'zh-CN': '完成烘焙任务', en: 'Finish a session' },
    'agents.fail': { 'zh-CN': '烘焙任务失败', en: 'Fail a session' },
    'agents.lost': { 'zh-CN': '烘焙代理失联', en: 'Agent lost' },
    'sessions.requeue': { 'zh-CN': '重新排队', en: 'Queue again' },
  },
};
