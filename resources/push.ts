import type { ServiceDecl } from './types';
import { PER, UNITS } from './meters';
import { PUSH_ROUTES, pushResources } from './push/resources';
import { pushCalls } from './push/calls';
import { pushConnect } from './push/socket';
import { refreshTokenCall } from './refresh-token';

/** Where the app's cached credentials are dropped (the spec's refresh-token call). */
const REFRESH_TOKEN_PATH = '/apps/refresh-auth-cache';

export const push: ServiceDecl = {
  name: 'push',
  base: '/upush/v1',
  convention: 'rest',
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'NotificationOutlined',
    displayName: { 'zh-CN': '消息推送', en: 'Push' },
    label: { 'zh-CN': '消息推送', en: 'Push messaging' },
    description: {
      'zh-CN': '应用消息推送：管理推送应用、渠道和服务器版本，发送系统通知与消息并查看用量。',
      en: 'Messaging for apps: push apps, channels and server versions; send system notifications and messages and follow usage.',
    },
    capabilities: [
      { 'zh-CN': '推送应用、频道与服务器版本', en: 'Push apps, channels and server versions' },
      { 'zh-CN': '发送系统通知与消息', en: 'System notifications and messages' },
      { 'zh-CN': '用量跟踪', en: 'Usage follow-up' },
    ],
    productPage: '/product/push',
    docPage: '/doc/push',
    pricingTag: { 'zh-CN': '按峰值连接数与消息量计费', en: 'Billed by peak connections and messages' },
    mainService: false,
    exclusive: { single: 'runtime' },
  },
  // Spec 001 §9 "Push", every value of the row.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: {
    // CPU quota of a push server, cores
    cpuQuota: '0.5',
    // players per push server (count)
    playerLimitPerServer: '3500',
    // per peak concurrent connection
    peakConnection: '0.05',
    // per million messages
    message: '5',
  },
  // Push records the day's peak of concurrent connections once per day, and messages as they are sent.
  meters: [
    { meter: 'peak-connection', label: { 'zh-CN': '峰值连接数', en: 'Peak connections' }, unit: UNITS.peakDay, price: 'peakConnection' },
    { meter: 'message', label: { 'zh-CN': '推送消息', en: 'Messages' }, unit: UNITS.millionMessages, price: 'message', per: PER.million },
  ],
  menu: [{ route: PUSH_ROUTES.apps, label: { 'zh-CN': '推送应用', en: 'Push apps' } }],
  // Spec 000 §2: its playground, at /playground/push/:appId?.
  pages: [
    {
      route: '/playground/push/:appId?',
      absolute: true,
      label: { 'zh-CN': '消息推送调试台', en: 'Push playground' },
      component: 'playground',
      playground: {
        examples: [
          'apps.list',
          { name: 'apps.messages', label: { 'zh-CN': '发送消息', en: 'Send a message' } },
          { name: 'apps.systemNotify', label: { 'zh-CN': '发送系统通知', en: 'Send a system notification' } },
          { name: 'apps.serverInfos', label: { 'zh-CN': '推送服务器状态', en: "The push app's servers" } },
          { name: 'apps.metrics', label: { 'zh-CN': '推送应用指标', en: "The push app's metrics" } },
          { name: 'devices.register', label: { 'zh-CN': '登记玩家设备', en: "Register a player's device" } },
        ],
      },
    },
  ],
  resources: pushResources,
  calls: { ...pushCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  sockets: { connect: pushConnect },
  // Per push app and minute: connects, refused connections, sends, and deliveries by route and outcome.
  counters: { traffic: { grain: 'minute', keys: ['pushApp', 'event'], keepDays: 31 } },
  history: {
    'apps.running': { 'zh-CN': '推送服务器运行', en: 'Server running' },
    'apps.failure': { 'zh-CN': '推送服务器故障', en: 'Server failure' },
    'apps.waiting_exited': { 'zh-CN': '推送服务器等待退出', en: 'Server waiting to exit' },
  },
};
