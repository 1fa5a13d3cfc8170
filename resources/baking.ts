import type { ServiceDecl } from './types';
import { PER, UNITS } from './meters';

export const baking: ServiceDecl = {
  name: 'baking',
  base: '/ubaking/v1',
  convention: 'rest',
  refreshTokenPath: '/refresh-token',
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
  menu: [],
  resources: [],
};
