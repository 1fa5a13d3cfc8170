import type { ServiceDecl } from './types';
import { safeCalls } from './safe/calls';
import { SAFE_DEMO } from './safe/demo';
import { safeMenu, safePages } from './safe/pages';
import { safeResources } from './safe/resources';
import { refreshTokenCall } from './refresh-token';

/** Where the app's cached credentials are dropped (the spec's refresh-token call). */
const REFRESH_TOKEN_PATH = '/safe/:id/refresh-token';

export const safe: ServiceDecl = {
  name: 'safe',
  // The version root; each app's calls live under /safe/:id (spec 001 §7 "Safe (/usafe/v1/safe/{id})").
  base: '/usafe/v1',
  convention: 'rest',
  // `:id` is the app id.
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'SafetyOutlined',
    displayName: { 'zh-CN': '安全加固', en: 'Safe' },
    label: { 'zh-CN': '安装包加固', en: 'Package hardening' },
    description: {
      'zh-CN': '安装包加固与风险检测：保护 APK 和 AAB 安装包，管理 SHA1 签名，查看检测统计与风险。',
      en: 'Package hardening and risk detection: protect APK and AAB packages, manage SHA-1 entries, and review detection statistics and risks.',
    },
    capabilities: [
      { 'zh-CN': '加固 APK 与 AAB 安装包', en: 'APK and AAB packages protected' },
      { 'zh-CN': '管理 SHA-1 条目', en: 'SHA-1 entries managed' },
      { 'zh-CN': '风险检测统计与风险查看', en: 'Detection statistics and risks reviewed' },
    ],
    productPage: '/product/safe',
    docPage: '/doc/safe',
    mainService: false,
  },
  // Spec 001 gives Safe no price: the packages checked are counted per day, by kind and package, for usage and metrics.
  counters: { checks: { grain: 'day', keys: ['kind', 'package'], keepDays: 400 } },
  menu: safeMenu,
  pages: safePages,
  resources: safeResources,
  calls: { ...safeCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  demo: SAFE_DEMO,
};
