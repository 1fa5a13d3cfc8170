import { defineResource } from './define';
import type { ServiceDecl } from './types';
import { PER, UNITS } from './meters';
import { configCalls } from './config-calls';
import configSchema from '../schemas/config/config.json' with { type: 'json' };
import overrideSchema from '../schemas/config/override.json' with { type: 'json' };
import { refreshTokenCall } from './refresh-token';

/** Where the app's cached credentials are dropped (the spec's refresh-token call). */
const REFRESH_TOKEN_PATH = '/refresh-token';

const appOnly = { read: ['app', 'admin'], write: ['app', 'admin'] } as const;

export const remoteConfig: ServiceDecl = {
  name: 'remote-config',
  base: '/uconfig/v1',
  convention: 'rest',
  refreshTokenPath: REFRESH_TOKEN_PATH,
  catalogue: {
    icon: 'ControlOutlined',
    displayName: { 'zh-CN': '远程配置', en: 'Remote Config' },
    label: { 'zh-CN': '远程配置', en: 'Remote config' },
    description: {
      'zh-CN': '不发版即可调整游戏参数：按规则、时间和比例为不同玩家下发不同的配置。',
      en: 'Change game settings without a release: target players by rule, schedule and rollout share.',
    },
    capabilities: [
      { 'zh-CN': '不发版即可修改游戏配置', en: 'Game settings changed without a release' },
      { 'zh-CN': '按规则定向玩家', en: 'Players targeted by rule' },
      { 'zh-CN': '定时生效与按比例放量', en: 'Schedules and rollout shares' },
    ],
    productPage: '/product/remote-config',
    docPage: '/doc/remote-config',
    pricingTag: { 'zh-CN': '按请求计费', en: 'Pay per request' },
    mainService: false,
  },
  // Spec 002 §9: "remote config settings 1 and overrides 2" (unit prices; billing decides the meters).
  prices: { settings: '1', overrides: '2' },
  // Every player fetch is billed at the settings price per 10,000 fetches; a fetch that an override applied to
  // is also counted as `override` and billed at the overrides price per 10,000. Simulations are measured only.
  meters: [
    { meter: 'fetch', label: { 'zh-CN': '配置拉取', en: 'Settings fetches' }, unit: UNITS.tenThousandRequests, price: 'settings', per: PER.tenThousand },
    { meter: 'override', label: { 'zh-CN': '命中覆盖规则的拉取', en: 'Fetches with overrides' }, unit: UNITS.tenThousandRequests, price: 'overrides', per: PER.tenThousand },
    { meter: 'simulate', label: { 'zh-CN': '调试模拟', en: 'Simulations' }, unit: UNITS.request },
  ],
  menu: [
    { route: 'config', label: { 'zh-CN': '配置管理', en: 'Configs' } },
    { route: '/playground/remote-config/:appId', label: { 'zh-CN': '调试台', en: 'Playground' } },
  ],
  pages: [
    {
      route: '/playground/remote-config/:appId',
      absolute: true,
      label: { 'zh-CN': '远程配置调试台', en: 'Remote config playground' },
      component: 'remoteConfigPlayground',
      playground: {
        examples: [
          { name: 'settings.fetch', label: { 'zh-CN': '玩家拉取配置', en: 'Fetch the settings of a player' } },
          { name: 'settings.simulate', label: { 'zh-CN': '模拟求值（含覆盖规则原因）', en: 'Evaluate with the reasons of each override' } },
          'configs.list',
          'overrides.list',
        ],
      },
    },
  ],
  calls: { ...configCalls, refreshToken: refreshTokenCall(REFRESH_TOKEN_PATH) },
  resources: [
    defineResource({
      name: 'configs',
      label: { 'zh-CN': '配置项', en: 'Configs' },
      singular: { 'zh-CN': '配置项', en: 'config' },
      schema: configSchema,
      operations: ['list', 'create', 'show', 'update', 'delete', 'bulkDelete'],
      bulkDeleteParam: 'ids',
      unique: ['key'],
      list: {
        columns: ['key', 'type', 'value', 'variableType', 'description', 'updatedAt'],
        filters: ['type', 'variableType'],
        sorters: ['key', 'type'],
        search: ['key', 'description'],
        defaultSort: { field: 'key', order: 'asc' },
        pageSize: 20,
      },
      routes: { list: 'config' },
    }),
    {
      name: 'overrides',
      label: { 'zh-CN': '覆盖规则', en: 'Overrides' },
      singular: { 'zh-CN': '覆盖规则', en: 'override' },
      schema: overrideSchema,
      path: '/overrides',
      idField: 'id',
      titleField: 'name',
      scope: 'app',
      operations: ['list', 'create', 'show', 'update', 'delete', 'bulkDelete'],
      bulkDeleteParam: 'ids',
      list: {
        columns: ['name', 'status', 'priority', 'rolloutPercentage', 'rule', 'startTime', 'endTime'],
        filters: ['status'],
        sorters: ['name', 'priority', 'startTime', 'endTime'],
        search: ['name', 'rule', 'description'],
        defaultSort: { field: 'priority', order: 'asc' },
        pageSize: 20,
      },
      status: {
        field: 'status',
        initial: 'enable',
        values: {
          enable: { color: 'green', label: { 'zh-CN': '已启用', en: 'Enabled' } },
          disable: { color: 'default', label: { 'zh-CN': '已停用', en: 'Disabled' } },
        },
      },
      actions: [
        { name: 'enable', label: { 'zh-CN': '启用', en: 'Enable' }, from: ['disable'], to: 'enable', method: 'PUT', path: '/enable' },
        {
          name: 'disable',
          label: { 'zh-CN': '停用', en: 'Disable' },
          from: ['enable'],
          to: 'disable',
          method: 'PUT',
          path: '/disable',
          danger: true,
          confirm: { 'zh-CN': '停用后匹配的玩家将恢复默认配置，确定停用？', en: 'Matching players go back to the default values. Disable this override?' },
        },
      ],
      parts: [{ path: '/variants', field: 'variants', label: { 'zh-CN': '变体', en: 'Variants' } }],
      // Variants set values by config key. Deleting a config leaves them: the evaluator ignores a key without a config
      // (and says so), and the console names the overrides before the delete is confirmed.
      references: [{ field: 'variants[].values{}', resource: 'configs', by: 'key', onDelete: 'keep', message: 'no config has this key' }],
      access: { read: [...appOnly.read], write: [...appOnly.write] },
      routes: { list: 'config', show: 'config/override/:id' },
    },
  ],
};
