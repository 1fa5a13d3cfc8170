/**
 * Sync's per-app settings (spec 001 §7 "App config: GET and POST /api/app/config; POST /api/app/config/search"; §6:
 * the app's admin-config is written by administrators): the operator's limits on the app's open rooms and on the
 * players holding seats in them. Read by the app and administrators, written by administrators only.
 */
import type { CallDecl } from '../call-types';
import { ok, recordOf } from '../call-shapes';
import type { ResourceDecl } from '../types';
import appConfigSchema from '../../schemas/usync/app-config.json' with { type: 'json' };

export const SYNC_CONFIG_ROUTE = 'sync/app-config';
export const SYNC_CONFIG_PATH = '/api/app/config';
/** The apps one search may name. */
export const CONFIG_SEARCH_MAX = 100;

export const appConfig: ResourceDecl = {
  name: 'appConfig',
  label: { 'zh-CN': 'Sync 应用限额', en: 'Sync app limits' },
  singular: { 'zh-CN': 'Sync 应用限额', en: 'Sync app limits' },
  schema: appConfigSchema,
  path: SYNC_CONFIG_PATH,
  idField: 'id',
  titleField: 'maxOpenRooms',
  scope: 'app',
  operations: [],
  singleton: { write: 'POST' },
  list: { columns: [] },
  access: { read: ['app', 'admin'], write: ['admin'] },
  routes: { list: SYNC_CONFIG_ROUTE },
};

export const appConfigCalls: Record<string, CallDecl> = {
  'appConfig.search': {
    method: 'POST',
    path: `${SYNC_CONFIG_PATH}/search`,
    caller: 'service',
    summary: `The Sync limits of the apps named (at most ${CONFIG_SEARCH_MAX}; the caller's app when none), the defaults for an app never written; an id naming no app is left out. An app credential may name its own app only; an administrator any app`,
    body: { type: 'object', additionalProperties: false, properties: { appIds: { type: 'array', maxItems: CONFIG_SEARCH_MAX, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } } } },
    answer: ok('the configs, by app', {
      type: 'object',
      required: ['items'],
      properties: { items: { type: 'array', items: { type: 'object', required: ['appId', 'config'], properties: { appId: { type: 'string' }, config: recordOf('appConfig') } } } },
    }),
    errors: [400, 401, 403],
  },
};
