import type { ServiceDecl } from './types';
import { PER, UNITS, netMeter } from './meters';
import { saveCalls } from './save/calls';
import { SAVE_DEMO } from './save/demo';
import { SAVE_ROUTES, saveResources } from './save/resources';
import { usagePage } from './save/usage-page';
import { refreshTokenCall } from './refresh-token';

/** Where the app's cached credentials are dropped (the spec's refresh-token call). */
const REFRESH_TOKEN_PATH = '/refresh-token';

export const save: ServiceDecl = {
  name: 'save',
  base: '/usave/v1',
  convention: 'rest',
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'SaveOutlined',
    displayName: { 'zh-CN': 'CRUD Save 云存档', en: 'CRUD Save' },
    label: { 'zh-CN': '云存档', en: 'Cloud saves' },
    description: {
      'zh-CN': '玩家云存档与头像：按玩家保存、上传和下载存档文件，并查看每日用量。',
      en: 'Player cloud saves and profile pictures: store, upload and download save files per player, with daily usage.',
    },
    capabilities: [
      { 'zh-CN': '按玩家保存云存档', en: 'Cloud saves per player' },
      { 'zh-CN': '上传与下载存档文件和头像', en: 'Save files and profile pictures uploaded and downloaded' },
      { 'zh-CN': '每日用量', en: 'Daily usage' },
    ],
    productPage: '/product/crud',
    docPage: '/doc/crud/save',
    pricingTag: { 'zh-CN': '按存储量、上传次数与流量计费', en: 'Billed by storage, uploads and traffic' },
    mainService: false,
  },
  // Spec 002 §9 "Save", in currency units.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: {
    // per GB of network traffic
    net: '1.2',
    // per GB stored per day
    usage: '0.004',
    // per ten thousand uploads
    upload: '0.8',
  },
  // Traffic in bytes (per GB); storage as the bytes held, recorded once per day (per GB-day); uploads per 10,000.
  meters: [
    netMeter(),
    { meter: 'storage', label: { 'zh-CN': '存储用量', en: 'Storage' }, unit: UNITS.gbDay, price: 'usage', per: PER.gb },
    { meter: 'upload', label: { 'zh-CN': '上传次数', en: 'Uploads' }, unit: UNITS.tenThousandRequests, price: 'upload', per: PER.tenThousand },
  ],
  // The day's bytes held, claimed once per app and day (its storage usage is recorded then).
  counters: { storageDays: { grain: 'day', keys: [], keepDays: 400 } },
  menu: [
    { route: SAVE_ROUTES.saves, label: { 'zh-CN': '存档管理', en: 'Saves' } },
    { route: SAVE_ROUTES.pfps, label: { 'zh-CN': '玩家头像', en: 'Profile pictures' } },
    { route: SAVE_ROUTES.uploads, label: { 'zh-CN': '上传', en: 'Uploads' } },
    { route: SAVE_ROUTES.config, label: { 'zh-CN': '存档设置', en: 'Save settings' } },
    { route: usagePage.route, label: usagePage.label },
  ],
  pages: [usagePage],
  resources: saveResources,
  calls: { ...saveCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  demo: SAVE_DEMO,
};
