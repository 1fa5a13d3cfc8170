import type { ServiceDecl } from './types';
import { STORAGE_ROUTES, storageResources } from './storage/resources';
import { storageCalls } from './storage/calls';
import { refreshTokenCall } from './refresh-token';
import { metricsCalls } from './storage/metrics';
import { proxyCalls } from './storage/proxy';

/** Where the app's cached credentials are dropped (the spec's refresh-token call). */
const REFRESH_TOKEN_PATH = '/databases/refresh-auth-cache';

export const storage: ServiceDecl = {
  name: 'storage',
  base: '/ucrud/v1',
  convention: 'rest',
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'DatabaseOutlined',
    displayName: { 'zh-CN': 'CRUD Storage 云数据库', en: 'CRUD Storage' },
    label: { 'zh-CN': '云数据库', en: 'Managed databases' },
    description: {
      'zh-CN': '托管的 MongoDB、MySQL、Redis 和 PostgreSQL 数据库：创建实例，备份与恢复，查看监控和慢查询。',
      en: 'Managed MongoDB, MySQL, Redis and PostgreSQL databases: instances, backups, metrics and slow queries.',
    },
    capabilities: [
      { 'zh-CN': '托管 MongoDB、MySQL、Redis 与 PostgreSQL', en: 'Managed MongoDB, MySQL, Redis and PostgreSQL' },
      { 'zh-CN': '实例与备份', en: 'Instances and backups' },
      { 'zh-CN': '监控指标与慢查询', en: 'Metrics and slow queries' },
    ],
    productPage: '/product/crud',
    docPage: '/doc/crud/storage',
    // Spec 002 §9: list prices are per instance size for each engine; their values are not given.
    pricingTag: { 'zh-CN': '按实例规格计费', en: 'Billed by instance size' },
    mainService: false,
  },
  // Spec 002 §9 "Database images CPU core: 0.3 (mongo, mysql), 0.1 (redis, postgres)": the CPU cores each engine's
  // image is given (not money). The instance list prices are not given, so storage has no meters.
  prices: {
    imageCoresMongo: '0.3',
    imageCoresMysql: '0.3',
    imageCoresRedis: '0.1',
    imageCoresPostgres: '0.1',
  },
  menu: [{ route: STORAGE_ROUTES.databases, label: { 'zh-CN': '数据库实例', en: 'Databases' } }],
  resources: storageResources,
  calls: { ...storageCalls, ...metricsCalls, ...proxyCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  // Databases created and deleted, per day (`daily-new-metrics`, `daily-pit-metrics`).
  counters: { databases: { grain: 'day', keys: ['engine', 'event'], keepDays: 800 } },
  history: {
    'databases.provisioned': { 'zh-CN': '数据库创建完成', en: 'Database provisioned' },
    'databases.resetPassword': { 'zh-CN': '重置密码', en: 'Reset password' },
    'databases.restart': { 'zh-CN': '重启', en: 'Restart' },
    'databases.upgrade': { 'zh-CN': '变更规格', en: 'Change instance type' },
    'databases.backup': { 'zh-CN': '备份', en: 'Back up' },
    'databases.restore': { 'zh-CN': '从备份恢复', en: 'Restore from a backup' },
  },
};
