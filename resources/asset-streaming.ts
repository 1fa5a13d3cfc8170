import type { ServiceDecl } from './types';
import { PER, UNITS } from './meters';
import { CDN_ROUTES, cdnResources } from './cdn/resources';
import { cdnCalls } from './cdn/calls';
import { modCalls } from './cdn/mods-calls';
import { meCalls } from './cdn/me-calls';
import { modHistory, modMenu, modResources } from './cdn/mods';
import { analysisHistory, bundleAnalyses } from './cdn/analysis';
import { CDN_DEMO } from './cdn/demo';
import { proxyCacheCalls } from './cdn/proxy-cache';

export const assetStreaming: ServiceDecl = {
  name: 'asset-streaming',
  base: '/cdn',
  // Lists are `GET <path>?offset=&limit=` with the total in Content-Range (spec 001 §7).
  convention: 'cdn',
  // Spec 000 §9: multiverse and CDN errors stay 15 seconds.
  errorToastSeconds: 15,
  catalogue: {
    icon: 'CloudDownloadOutlined',
    displayName: { 'zh-CN': '资源分发 CDN', en: 'Asset Streaming' },
    label: { 'zh-CN': '资源分发', en: 'Asset streaming' },
    description: {
      'zh-CN': '通过 CDN 分发游戏资源：用存储桶、版本、文件和标签管理资源，按哈希上传，并审核玩家创作的模组。',
      en: 'Deliver game assets over a CDN: buckets, releases, entries and badges, hash-based uploads and review of player-made mods.',
    },
    capabilities: [
      { 'zh-CN': '存储桶、版本、文件与标签', en: 'Buckets, releases, entries and badges' },
      { 'zh-CN': '按哈希上传资源', en: 'Hash-based uploads' },
      { 'zh-CN': '审核玩家创作的模组', en: 'Review of player-made mods' },
    ],
    productPage: '/product/cdn',
    docPage: '/doc/cdn',
    pricingTag: { 'zh-CN': '按下载流量计费', en: 'Billed by download traffic' },
    mainService: true,
  },
  // Spec 001 §9 "CDN", every value of the row. Money is in currency units.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: {
    // per GB downloaded
    usage: '0.15',
    // multiplier applied to measured usage (no unit)
    usageCoefficient: '1.2',
    // free credit, currency units
    freeCredit: '100',
    // the spec's "(current 20)": free credit granted at present, currency units
    currentFreeCredit: '20',
  },
  // Downloaded bytes, billed per GB (units of 1000) times the usage coefficient; the free credit is money taken
  // off each app's monthly line.
  // Every delivery counted per bucket, path and day: its requests and bytes (the statistics and usage calls).
  counters: { deliveries: { grain: 'day', keys: ['bucket', 'path'], keepDays: 400 } },
  meters: [
    {
      meter: 'traffic',
      label: { 'zh-CN': '下载流量', en: 'Download traffic' },
      unit: UNITS.gb,
      price: 'usage',
      per: PER.gb,
      coefficient: 'usageCoefficient',
      freeCredit: 'freeCredit',
    },
  ],
  menu: [{ route: CDN_ROUTES.buckets, label: { 'zh-CN': '存储桶', en: 'Buckets' } }, { route: CDN_ROUTES.tutorial, label: { 'zh-CN': '快速上手', en: 'Tutorial' } }, modMenu],
  // Its console tutorial, and spec 000 §2's playground (`uos`) with the service's main calls.
  pages: [
    // Spec 001 route `asset/bucket/tutorial`: the user's own bucket and how to fetch its content by badge.
    { route: CDN_ROUTES.tutorial, label: { 'zh-CN': '快速上手', en: 'Tutorial' }, component: 'cdnTutorial' },
    { route: '/playground/uos/:appId?', absolute: true, label: { 'zh-CN': '对象存储（资源分发）调试台', en: 'Object storage (Asset Streaming) playground' }, component: 'playground',
      playground: {
        examples: [
          'buckets.list',
          { name: 'entries.uploadToken', label: { 'zh-CN': '按 SHA-256 申请上传（已存储则无需上传）', en: 'Ask to upload content by its SHA-256 (none needed when it is stored)' } },
          { name: 'entries.byDirectory', label: { 'zh-CN': '按目录浏览存储桶', en: 'Browse a bucket by directory' } },
          { name: 'releases.create', label: { 'zh-CN': '用当前文件发布版本', en: "Release the bucket's current entries" } },
          { name: 'releases.byBadge', label: { 'zh-CN': '查看标签指向的版本', en: 'The release a badge points at' } },
          { name: 'badges.set', label: { 'zh-CN': '设置或移动标签', en: 'Set or move a badge' } },
          { name: 'buckets.statistics', label: { 'zh-CN': '存储桶的下载统计', en: "The bucket's deliveries" } },
          { name: 'mods.create', label: { 'zh-CN': '玩家创建模组', en: 'A player creates a mod' } },
        ],
      },
    },
  ],
  resources: [...cdnResources, ...modResources, bundleAnalyses],
  history: { ...modHistory, ...analysisHistory },
  calls: { ...modCalls, ...meCalls, ...cdnCalls, ...proxyCacheCalls },
  demo: CDN_DEMO,
};
