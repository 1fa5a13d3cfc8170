/**
 * Push's records (spec 001 "Push", §3 entities app, channel and server version, §4 states): the app's push apps, each
 * with its channel providers (how players who are not connected are reached), its players' device tokens, and its
 * sends; and the platform's server versions (`server-versions.ts`), managed in the back office.
 */
import type { AccessDecl, ResourceDecl, Text } from '../types';
import appSchema from '../../schemas/push/app.json' with { type: 'json' };
import providerSchema from '../../schemas/push/provider.json' with { type: 'json' };
import deviceSchema from '../../schemas/push/device.json' with { type: 'json' };
import sendSchema from '../../schemas/push/send.json' with { type: 'json' };
import { serviceMoves } from '../define';
import { sendBody } from './calls';
import { pushServerVersions } from './server-versions';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** The console's routes (spec 001 §2: `push`, push app management). */
export const PUSH_ROUTES = { apps: 'push', app: 'push/apps/:id', sends: 'push/sends', usage: 'push/usage' } as const;

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });

/** The states a push app's server is in while it exists. */
export const LIVE_STATES = ['created', 'running', 'failure', 'waiting_exited'];

const appAction = serviceMoves('the push app after the move');

export const pushApps: ResourceDecl = {
  name: 'apps',
  label: t('推送应用', 'Push apps'),
  singular: t('推送应用', 'push app'),
  schema: appSchema,
  path: '/apps',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  // Spec 001 §7: POST, GET /apps; GET, PUT /apps/{id}. A push app is never removed, it is deleted (a state).
  operations: ['list', 'create', 'show', 'update'],
  list: {
    columns: ['name', 'status', 'serverVersion', 'servers', 'appKey', 'startedAt', 'updatedAt'],
    filters: ['status', 'serverVersion'],
    sorters: ['name'],
    search: ['name', 'description'],
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'created',
    values: {
      created: { color: 'default', label: t('已创建', 'Created') },
      running: { color: 'green', label: t('运行中', 'Running') },
      failure: { color: 'red', label: t('故障', 'Failure') },
      deleted: { color: 'default', label: t('已删除', 'Deleted') },
      waiting_exited: { color: 'orange', label: t('等待退出', 'Waiting to exit') },
    },
  },
  actions: [
    appAction('restart', t('重启', 'Restart'), ['failure', 'waiting_exited'], 'created', 'only a failed or exiting push app can be restarted', 'Start the push app again (from failure or waiting_exited): it runs again once its server version is enabled'),
    appAction('delete', t('删除', 'Delete'), LIVE_STATES, 'deleted', 'the push app is already deleted', 'Delete the push app: its clients are disconnected and no one can connect or send any more', {
      confirm: t('确定删除该推送应用吗？已连接的客户端会被断开。', 'Delete this push app? Connected clients are disconnected.'),
      danger: true,
    }),
  ],
  // Sending from the console: the declared send calls at their own addresses under the app (`/apps/{id}/messages`).
  commands: [
    { name: 'message', label: t('发送消息', 'Send a message'), on: 'item', method: 'POST', path: '/messages', fields: sendBody, api: { call: 'apps.messages' } },
    { name: 'systemNotify', label: t('发送系统通知', 'Send a system notification'), on: 'item', method: 'POST', path: '/system-notify', fields: sendBody, api: { call: 'apps.systemNotify' } },
  ],
  readOnly: ['appKey', 'status', 'statusReason', 'startedAt'],
  children: [
    { resource: 'channels', field: 'pushAppId' },
    { resource: 'sends', field: 'pushAppId' },
    { resource: 'devices', field: 'pushAppId' },
  ],
  access: access(),
  routes: { list: PUSH_ROUTES.apps, show: PUSH_ROUTES.app },
};

const parent = { resource: 'apps', param: 'id', field: 'pushAppId', onDelete: 'cascade' } as const;

export const pushProviders: ResourceDecl = {
  name: 'channels',
  label: t('推送渠道', 'Channel providers'),
  singular: t('推送渠道', 'channel provider'),
  schema: providerSchema,
  path: '/channels',
  idField: 'id',
  idParam: 'channelId',
  titleField: 'provider',
  scope: 'app',
  // Spec 001 §7: GET, POST /apps/{id}/channels (PUT and DELETE of the list by provider are the service's calls).
  operations: ['list', 'create', 'show', 'update', 'delete'],
  parent,
  list: { columns: ['provider', 'enabled', 'vapidPublicKey', 'bundleId', 'projectId', 'updatedAt'], filters: ['pushAppId', 'provider'], pageSize: 20 },
  access: access(),
};

export const pushDevices: ResourceDecl = {
  name: 'devices',
  label: t('设备令牌', 'Device tokens'),
  singular: t('设备令牌', 'device token'),
  schema: deviceSchema,
  path: '/devices',
  idField: 'id',
  idParam: 'deviceId',
  titleField: 'playerId',
  scope: 'app',
  // Registered by the game client (`devices.register`); the console lists and removes them.
  operations: ['list', 'show', 'delete'],
  parent,
  list: { columns: ['playerId', 'provider', 'platform', 'failures', 'updatedAt'], filters: ['pushAppId', 'provider', 'playerId'], search: ['playerId'], pageSize: 20 },
  access: access(),
};

export const pushSends: ResourceDecl = {
  name: 'sends',
  label: t('发送记录', 'Sends'),
  singular: t('发送', 'send'),
  schema: sendSchema,
  path: '/sends',
  idField: 'id',
  idParam: 'sendId',
  titleField: 'title',
  scope: 'app',
  // Made by the send calls (`POST /apps/{id}/messages` and `/system-notify`), then moved by delivery.
  operations: ['list', 'show'],
  parent,
  list: {
    columns: ['kind', 'target', 'title', 'status', 'online', 'offlineSent', 'offlineFailed', 'createdAt'],
    filters: ['pushAppId', 'kind', 'target', 'status'],
    search: ['title', 'body', 'channel'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'pending',
    values: {
      pending: { color: 'processing', label: t('投递中', 'Delivering') },
      delivered: { color: 'green', label: t('已送达', 'Delivered') },
      partial: { color: 'gold', label: t('部分送达', 'Partly delivered') },
      failed: { color: 'red', label: t('失败', 'Failed') },
    },
  },
  access: access(),
};

export const pushResources: ResourceDecl[] = [pushApps, pushProviders, pushDevices, pushSends, pushServerVersions];
