import type { ServiceDecl } from './types';
import { windCalls } from './wind/calls';
import { WIND_DEMO } from './wind/demo';
import { runtimeView, WIND_ROUTES, windChannels, windPublishes } from './wind/resources';

export const wind: ServiceDecl = {
  name: 'wind',
  // Served by the platform API (spec 001 §7 "Device, UPR, Wind (platform API)").
  base: '/api/wind',
  convention: 'rest',
  catalogue: {
    icon: 'RocketOutlined',
    displayName: { 'zh-CN': 'Wind 小游戏发布', en: 'Wind' },
    label: { 'zh-CN': '多渠道小游戏发布', en: 'Mini-game publishing' },
    description: {
      'zh-CN': '多渠道小游戏发布：配置微信、抖音、快手、京东等渠道，一键发布并跟踪发布状态。',
      en: 'Multi-channel mini-game publishing: set up WeChat, Douyin, Kuaishou, JD and other channels, publish and follow the publish state.',
    },
    capabilities: [
      { 'zh-CN': '配置微信、抖音、快手、京东等渠道', en: 'WeChat, Douyin, Kuaishou, JD and other channels set up' },
      { 'zh-CN': '一键发布到多个渠道', en: 'Publishing to several channels' },
      { 'zh-CN': '跟踪发布状态', en: 'Publish state followed' },
    ],
    productPage: '/product/wind',
    docPage: '/doc/wind',
    mainService: false,
  },
  menu: [
    { route: WIND_ROUTES.publishes, label: { 'zh-CN': '发布记录', en: 'Publishes' } },
    { route: WIND_ROUTES.channels, label: { 'zh-CN': '多渠道配置', en: 'Channels' } },
    { route: WIND_ROUTES.runtime, label: { 'zh-CN': '运行时函数', en: 'Runtime functions' } },
  ],
  pages: [{ route: WIND_ROUTES.runtime, label: { 'zh-CN': '运行时函数', en: 'Runtime functions' }, view: runtimeView }],
  resources: [windChannels, windPublishes],
  calls: windCalls,
  demo: WIND_DEMO,
};
