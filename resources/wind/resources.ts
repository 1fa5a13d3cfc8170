/**
 * Wind's records: the app's channel configurations (spec 001 §3 "Wind channel config", one per channel, listed
 * saved or not) and its publishes (made by the publish call, each with a step per channel).
 */
import type { CommandDecl, PageViewDecl, ResourceDecl, ViewDecl } from '../types';
import channelSchema from '../../schemas/wind/channel.json' with { type: 'json' };
import publishSchema from '../../schemas/wind/publish.json' with { type: 'json' };
import { publishBody, runtimeFunctionRow } from './calls';

/** The console's routes (spec 001 §2: `wind`, `wind/multi-platform`, `wind/runtime`). */
export const WIND_ROUTES = { publishes: 'wind', publish: 'wind/publishes/:id', channels: 'wind/multi-platform', channel: 'wind/multi-platform/:channel', runtime: 'wind/runtime' } as const;

const access = { read: ['app', 'admin'], write: ['app', 'admin'] } as ResourceDecl['access'];

export const windChannels: ResourceDecl = {
  name: 'channels',
  label: { 'zh-CN': '多渠道配置', en: 'Channels' },
  singular: { 'zh-CN': '渠道', en: 'channel' },
  schema: channelSchema,
  path: '/channels',
  idField: 'id',
  titleField: 'channel',
  scope: 'app',
  operations: ['list', 'show', 'update'],
  enumerated: true,
  // The rest convention's key of a list's array (an enumerated list answers under `listKey`).
  listKey: 'items',
  unique: ['channel'],
  addressBy: 'channel',
  list: { columns: ['channel', 'title', 'enabled', 'idKey', 'secretKeyMasked', 'uploadUrl', 'updatedAt'], unpaged: true },
  access,
  routes: { list: WIND_ROUTES.channels, show: WIND_ROUTES.channel },
};

const stepsView: ViewDecl = {
  name: 'steps',
  label: { 'zh-CN': '渠道步骤', en: 'Channel steps' },
  path: '/steps',
  listKey: 'steps',
  row: {
    type: 'object',
    properties: {
      channel: channelSchema.properties.channel,
      state: {
        type: 'string',
        'x-ui': {
          title: { 'zh-CN': '结果', en: 'Result' },
          values: {
            succeeded: { label: { 'zh-CN': '成功', en: 'Succeeded' }, color: 'green' },
            failed: { label: { 'zh-CN': '失败', en: 'Failed' }, color: 'red' },
            skipped: { label: { 'zh-CN': '已跳过', en: 'Skipped' }, color: 'default' },
          },
        },
      },
      // Server messages, shown in the console's language.
      messages: { type: 'array', items: { type: 'string' }, 'x-ui': { title: { 'zh-CN': '说明', en: 'Messages' }, widget: 'tags', messages: true } },
      uploadedAt: { type: 'string', format: 'date-time', 'x-ui': { title: { 'zh-CN': '上传时间', en: 'Uploaded at' } } },
    },
  },
  columns: ['channel', 'state', 'messages', 'uploadedAt'],
  rowKey: 'channel',
  empty: { 'zh-CN': '没有渠道步骤', en: 'No channel steps' },
  paging: { mode: 'client', pageSize: 10 },
  api: { summary: "The publish's steps, one per channel, with their state and messages" },
};

/**
 * The publishes list's "publish": the declared publish call at its own address (`POST /api/wind/{appId}/publish`),
 * its body asked in a dialog; the new publish's page opens after it, showing its steps.
 */
export const publishCommand: CommandDecl = {
  name: 'publish',
  label: { 'zh-CN': '发布', en: 'Publish' },
  on: 'collection',
  method: 'POST',
  path: '',
  address: 'call',
  api: { call: 'publish' },
  fields: publishBody,
  opens: 'record',
};

export const windPublishes: ResourceDecl = {
  name: 'publishes',
  label: { 'zh-CN': '发布记录', en: 'Publishes' },
  singular: { 'zh-CN': '发布', en: 'publish' },
  schema: publishSchema,
  path: '/publishes',
  idField: 'id',
  titleField: 'versionName',
  scope: 'app',
  // Made by the publish call (`POST /api/wind/{appId}/publish`, the list's "publish"), never changed afterwards.
  operations: ['list', 'show'],
  list: { columns: ['versionName', 'status', 'runtime', 'packageBytes', 'description', 'createdAt'], filters: ['status', 'runtime'], search: ['versionName', 'description'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  status: {
    field: 'status',
    initial: 'running',
    values: {
      running: { color: 'processing', label: { 'zh-CN': '发布中', en: 'Running' } },
      succeeded: { color: 'green', label: { 'zh-CN': '全部成功', en: 'Succeeded' } },
      partial: { color: 'gold', label: { 'zh-CN': '部分完成', en: 'Partly done' } },
      failed: { color: 'red', label: { 'zh-CN': '失败', en: 'Failed' } },
    },
  },
  views: [stepsView],
  commands: [publishCommand],
  access,
  routes: { list: WIND_ROUTES.publishes, show: WIND_ROUTES.publish },
};

/** Spec 001 route `wind/runtime`: the functions list. */
export const runtimeView: PageViewDecl = {
  name: 'runtimeFunctions',
  label: { 'zh-CN': '运行时函数', en: 'Runtime functions' },
  subtitle: {
    'zh-CN': '发布到各渠道的小游戏在运行时可调用的平台函数，以及每个函数背后的平台接口和它封装的渠道宿主接口。',
    en: 'What a mini-game published to the channels can call on the platform at run time, the platform call behind each, and the channel host APIs it wraps.',
  },
  path: '/runtime/functions',
  listKey: 'functions',
  row: runtimeFunctionRow,
  columns: ['name', 'category', 'summary', 'call'],
  rowKey: 'name',
  empty: { 'zh-CN': '没有运行时函数', en: 'No runtime functions' },
  paging: { mode: 'client', pageSize: 20 },
};
