/**
 * Push's server versions (spec 001 "Push" §3 entity server version; the service levels: CPU quota 0.5, 3,500 players
 * per server): the platform's records, one set for the whole deployment (`scope: 'platform'`), written by
 * administrators in the back office (`/admin/push-version-management`) and read by apps as the levels their push
 * apps may run on. A version is retired by disabling it (the apps on it fail); removing one (`DELETE
 * /server-versions?version=`) is refused while an app runs it or while it is the default.
 */
import type { ResourceDecl, Text } from '../types';
import versionSchema from '../../schemas/push/server-version.json' with { type: 'json' };

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** The back office's page of the versions (spec 000 §2: /admin's `push-version-management`). */
export const PUSH_VERSIONS_PAGE = 'push-version-management';

export const pushServerVersions: ResourceDecl = {
  name: 'serverVersions',
  label: t('推送服务器版本', 'Push server versions'),
  singular: t('服务器版本', 'server version'),
  schema: versionSchema,
  path: '/server-versions',
  idField: 'id',
  titleField: 'name',
  scope: 'platform',
  // Spec 001 §7: GET, POST /server-versions (the engine's), PUT and DELETE of one by its number (the calls in
  // `calls.ts`); the item paths `/server-versions/{serverVersion}` read and edit one in the back office.
  operations: ['list', 'create', 'show', 'update'],
  unique: ['serverVersion'],
  addressBy: 'serverVersion',
  list: {
    columns: ['serverVersion', 'name', 'cpuQuota', 'playerLimitPerServer', 'enabled', 'isDefault', 'updatedAt'],
    filters: ['enabled', 'isDefault'],
    sorters: ['serverVersion', 'name', 'playerLimitPerServer'],
    search: ['serverVersion', 'name', 'notes'],
    defaultSort: { field: 'serverVersion', order: 'asc' },
    pageSize: 20,
  },
  access: { read: ['app', 'admin'], write: ['admin'] },
  routes: { admin: PUSH_VERSIONS_PAGE },
  // Migration 027 set the table the versions were kept in before aside; its rows become these records once.
  movedFrom: {
    table: 'push_server_versions_moving',
    fields: { serverVersion: 'version', name: 'name', cpuQuota: 'cpu_quota', playerLimitPerServer: 'player_limit', enabled: 'enabled', isDefault: 'is_default', notes: 'notes' },
    at: 'updated_at',
  },
};
