import type { ResourceDecl, Text } from '../types';
import { appAccess, type PassportPart } from './part';
import { chooseCommand } from '../command-call';
import { GUILD_ROUTES, guildResources } from './identity-guilds';
import { tagMemberViews } from './views';
import configSchema from '../../schemas/passport/identity/config.json' with { type: 'json' };
import tosSchema from '../../schemas/passport/identity/tos.json' with { type: 'json' };
import smsTemplateSchema from '../../schemas/passport/identity/sms-template.json' with { type: 'json' };
import namespaceSchema from '../../schemas/passport/identity/namespace.json' with { type: 'json' };
import tagSchema from '../../schemas/passport/identity/tag.json' with { type: 'json' };
import entitlementSchema from '../../schemas/passport/identity/entitlement.json' with { type: 'json' };
import reportSchema from '../../schemas/passport/identity/report.json' with { type: 'json' };
import antiAddictionSchema from '../../schemas/passport/identity/anti-addiction.json' with { type: 'json' };
import idProviderSchema from '../../schemas/passport/identity/id-provider.json' with { type: 'json' };
import { codeLogsView, idDomains } from './identity-domain';
import { appCalls, guildCalls, reportCalls, signInCalls } from './identity-calls';

/** Console routes of the identity area (relative to /services/:appId). */
export const IDENTITY_ROUTES = {
  settings: 'passport/settings',
  idProviders: 'passport/settings/id-providers',
  entitlement: 'passport/entitlement',
  antiAddiction: 'passport/anti-addiction',
  verifyCode: 'passport/account/verifyCode',
  tag: 'passport/account/tag',
  report: 'passport/account/report',
} as const;

/** The login providers of spec 002 §9, in the spec's order. */
export const ID_PROVIDERS = ['Wechat', 'Apple', 'QQ', 'Weibo', 'WechatWeb', 'QQWeb', 'ServiceLogin', 'Hykb', 'TapTap'] as const;
export type IdProvider = (typeof ID_PROVIDERS)[number];

/** A one-record settings resource of the app. */
function settings(name: string, label: Text, schema: Record<string, unknown>, path: string, write: 'PUT' | 'POST', route: string, titleField: string): ResourceDecl {
  return {
    name,
    label,
    singular: label,
    schema,
    path,
    idField: 'id',
    titleField,
    scope: 'app',
    operations: [],
    singleton: { write },
    list: { columns: [] },
    access: appAccess(),
    routes: { list: route },
  };
}

const config = settings('config', { 'zh-CN': '登录设置', en: 'Sign-in settings' }, configSchema, '/config', 'POST', IDENTITY_ROUTES.settings, 'tokenLifetimeHours');
const tos = settings('tos', { 'zh-CN': '用户协议', en: 'Terms of service' }, tosSchema, '/tos', 'PUT', IDENTITY_ROUTES.settings, 'termsVersion');
const antiAddiction = settings(
  'anti-addiction',
  { 'zh-CN': '防沉迷设置', en: 'Anti-addiction' },
  antiAddictionSchema,
  '/anti-addiction',
  'PUT',
  IDENTITY_ROUTES.antiAddiction,
  'enforced',
);

/** The review comment an approve or reject writes (`reviewComment`), sent as `comment`. */
const reviewComment = (minLength: number) => ({
  type: 'string',
  minLength,
  maxLength: 200,
  'x-writes': 'reviewComment',
  'x-ui': { title: minLength ? { 'zh-CN': '驳回原因', en: 'Reason' } : { 'zh-CN': '审核意见', en: 'Comment' }, widget: 'textarea' },
});

/**
 * SMS templates: created Reviewing; the platform's administrators approve (Available) or reject (Failed, with the
 * reason) them — state actions only `admin` may call, so the list filtered on Reviewing with its action buttons is
 * the review queue; a Failed template may be changed and resubmitted; only an Available template can be enabled,
 * and the enabled one is what verification codes are sent with.
 */
const smsTemplates: ResourceDecl = {
  name: 'sms-templates',
  label: { 'zh-CN': '短信模板', en: 'SMS templates' },
  singular: { 'zh-CN': '短信模板', en: 'SMS template' },
  schema: smsTemplateSchema,
  path: '/sms-templates',
  listKey: 'smsTemplates',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: {
    columns: ['name', 'content', 'status', 'enabled', 'updatedAt'],
    filters: ['status'],
    search: ['name', 'content'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  status: {
    field: 'status',
    initial: 'Reviewing',
    values: {
      Reviewing: { color: 'processing', label: { 'zh-CN': '审核中', en: 'Reviewing' } },
      Available: { color: 'green', label: { 'zh-CN': '审核通过', en: 'Available' } },
      Failed: { color: 'red', label: { 'zh-CN': '审核未通过', en: 'Failed' } },
    },
  },
  actions: [
    {
      name: 'resubmit',
      label: { 'zh-CN': '重新提交审核', en: 'Resubmit' },
      from: ['Failed'],
      to: 'Reviewing',
    },
    {
      name: 'approve',
      label: { 'zh-CN': '审核通过', en: 'Approve' },
      from: ['Reviewing'],
      to: 'Available',
      access: ['admin'],
      fields: { type: 'object', properties: { comment: { ...reviewComment(0), default: '' } } },
    },
    {
      name: 'reject',
      label: { 'zh-CN': '驳回', en: 'Reject' },
      from: ['Reviewing'],
      to: 'Failed',
      access: ['admin'],
      danger: true,
      fields: { type: 'object', required: ['comment'], properties: { comment: reviewComment(1) } },
    },
  ],
  commands: [
    chooseCommand(
      'enable',
      { 'zh-CN': '启用', en: 'Enable' },
      { field: 'enabled', from: ['Available'], refused: 'only an approved template can be enabled', replaced: { name: 'disable', label: { 'zh-CN': '停用', en: 'Disable' } } },
      {
        confirm: {
          'zh-CN': '启用后验证码短信将使用此模板发送（仅审核通过的模板可启用），原启用的模板将停用。',
          en: 'Verification codes will be sent with this template (only an approved template can be enabled); the one enabled now stops being used.',
        },
      },
    ),
  ],
  access: appAccess(),
  routes: { list: IDENTITY_ROUTES.settings },
};

/** Groups that billboards and achievements are filed under. */
const namespaces: ResourceDecl = {
  name: 'namespaces',
  label: { 'zh-CN': '命名空间', en: 'Namespaces' },
  singular: { 'zh-CN': '命名空间', en: 'namespace' },
  schema: namespaceSchema,
  path: '/namespaces',
  listKey: 'namespaces',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  addressBy: 'name',
  list: { columns: ['name', 'description', 'createdAt'], sorters: ['name'], search: ['name', 'description'], defaultSort: { field: 'name', order: 'asc' } },
  access: appAccess(),
  routes: { list: IDENTITY_ROUTES.settings },
};

/** Labels for users and personas (they carry the ids in their `tags`); a tag's page lists who carries it. */
const tags: ResourceDecl = {
  name: 'tags',
  label: { 'zh-CN': '标签管理', en: 'Tags' },
  singular: { 'zh-CN': '标签', en: 'tag' },
  schema: tagSchema,
  path: '/tags',
  listKey: 'tags',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  list: { columns: ['name', 'color', 'description', 'createdAt'], sorters: ['name'], search: ['name', 'description'], defaultSort: { field: 'createdAt', order: 'desc' } },
  views: tagMemberViews,
  access: appAccess(),
  routes: { list: IDENTITY_ROUTES.tag, show: `${IDENTITY_ROUTES.tag}/:id` },
};

/**
 * Entitlements: Pending until their start time, Active until their end time, Expired after it (the server moves
 * them as time passes); an operator suspends and restores them.
 */
const entitlements: ResourceDecl = {
  name: 'entitlements',
  label: { 'zh-CN': '权益管理', en: 'Entitlements' },
  singular: { 'zh-CN': '权益', en: 'entitlement' },
  schema: entitlementSchema,
  path: '/entitlements',
  listKey: 'entitlements',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: {
    columns: ['name', 'type', 'userId', 'personaId', 'status', 'startTime', 'endTime'],
    filters: ['type', 'status', 'userId', 'personaId'],
    sorters: ['name', 'startTime', 'endTime'],
    search: ['name'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  // A player's entitlements are theirs: deleted with the user, or with the persona (one of the user's) they were given to.
  references: [
    { field: 'userId', resource: 'users', onDelete: 'cascade', message: 'no such user' },
    { field: 'personaId', resource: 'personas', onDelete: 'cascade', message: 'not a persona of this user', match: { userId: 'userId' } },
  ],
  status: {
    field: 'status',
    initial: 'Pending',
    values: {
      Pending: { color: 'blue', label: { 'zh-CN': '未生效', en: 'Pending' } },
      Active: { color: 'green', label: { 'zh-CN': '生效中', en: 'Active' } },
      Expired: { color: 'default', label: { 'zh-CN': '已过期', en: 'Expired' } },
      Suspended: { color: 'orange', label: { 'zh-CN': '已暂停', en: 'Suspended' } },
    },
    // Ended first: an entitlement both started and ended expires without becoming Active.
    timed: [
      { from: ['Pending', 'Active', 'Suspended'], to: 'Expired', at: 'endTime', action: 'expire' },
      { from: ['Pending'], to: 'Active', at: 'startTime', action: 'activate' },
    ],
    timedBy: 'system:entitlement-clock',
  },
  actions: [
    {
      name: 'suspend',
      label: { 'zh-CN': '暂停', en: 'Suspend' },
      from: ['Pending', 'Active'],
      to: 'Suspended',
      danger: true,
      confirm: { 'zh-CN': '暂停后玩家将不再享有该权益，直到恢复。确定暂停？', en: 'The player loses this entitlement until it is restored. Suspend?' },
    },
    {
      name: 'restore',
      label: { 'zh-CN': '恢复', en: 'Restore' },
      from: ['Suspended'],
      to: 'Active',
      confirm: { 'zh-CN': '恢复后权益立即生效（已过结束时间的会自动过期）。确定恢复？', en: 'The entitlement is active again at once (past its end time it expires). Restore?' },
    },
  ],
  player: [
    {
      path: '/sdk/entitlements',
      summary: "The signed-in player's entitlements (their user's, and their selected persona's), newest first",
      owner: { userId: 'user', personaId: 'persona-or-none' },
      filters: ['status'],
      orderBy: '-createdAt',
      listKey: 'entitlements',
    },
  ],
  lookups: [{ path: '/entitlements/types', summary: 'The entitlement types, each with how many entitlements of the app have it', listKey: 'types', groupBy: 'type', as: 'type', enumerate: true }],
  access: appAccess(),
  routes: { list: IDENTITY_ROUTES.entitlement },
};

/**
 * Player reports: filed and withdrawn by players from the game; operators set the status (Reviewing, Cleared,
 * Actioned) by updating the report. Revoked is the reporter's alone, and final.
 */
const reports: ResourceDecl = {
  name: 'reports',
  label: { 'zh-CN': '举报管理', en: 'Reports' },
  singular: { 'zh-CN': '举报', en: 'report' },
  schema: reportSchema,
  path: '/reports',
  listKey: 'reports',
  idField: 'id',
  titleField: 'reason',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: {
    columns: ['reason', 'targetUserId', 'targetPersonaId', 'reporterUserId', 'status', 'createdAt'],
    filters: ['status', 'reason', 'targetUserId', 'targetPersonaId', 'reporterUserId'],
    search: ['description'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  player: [{ path: '/sdk/reports', summary: "The signed-in player's own reports, newest first", owner: { reporterUserId: 'user' }, orderBy: '-createdAt', listKey: 'reports' }],
  access: appAccess(),
  routes: { list: IDENTITY_ROUTES.report },
};

/**
 * The login providers (spec 002 §9): one record per app and provider, listed saved or not (version 0), the secret
 * write-only; `PUT /id-providers/<provider>` creates or updates one.
 */
const idProviders: ResourceDecl = {
  name: 'id-providers',
  label: { 'zh-CN': '第三方登录', en: 'Login providers' },
  singular: { 'zh-CN': '登录方式', en: 'login provider' },
  schema: idProviderSchema,
  path: '/id-providers',
  listKey: 'idProviders',
  idField: 'id',
  titleField: 'provider',
  scope: 'app',
  operations: ['list', 'show', 'update'],
  enumerated: true,
  unique: ['provider'],
  addressBy: 'provider',
  list: { columns: ['provider', 'enabled', 'appKey', 'appSecretMasked', 'updatedAt'], unpaged: true },
  access: appAccess(),
  routes: { list: IDENTITY_ROUTES.idProviders, show: `${IDENTITY_ROUTES.idProviders}/:provider` },
  // Saved in a table of their own before migration 017.
  movedFrom: {
    table: 'passport_id_providers_moving',
    fields: { provider: 'provider', enabled: 'enabled', appKey: 'app_key', appSecret: 'app_secret' },
    version: 'version',
    at: 'updated_at',
  },
};

/** Passport: the identity area's resources, menu entries and pages. */
export const identityPart: PassportPart = {
  resources: [config, tos, smsTemplates, namespaces, tags, entitlements, reports, antiAddiction, idProviders, idDomains, ...guildResources],
  calls: { ...signInCalls, ...reportCalls, ...guildCalls, ...appCalls },
  menu: [
    { route: IDENTITY_ROUTES.settings, label: { 'zh-CN': '基础设置', en: 'Settings' } },
    { route: IDENTITY_ROUTES.idProviders, label: { 'zh-CN': '第三方登录', en: 'Login providers' } },
    { route: IDENTITY_ROUTES.tag, label: { 'zh-CN': '标签管理', en: 'Tags' } },
    { route: IDENTITY_ROUTES.verifyCode, label: { 'zh-CN': '短信验证码', en: 'SMS codes' } },
    { route: IDENTITY_ROUTES.report, label: { 'zh-CN': '举报管理', en: 'Reports' } },
    { route: IDENTITY_ROUTES.antiAddiction, label: { 'zh-CN': '防沉迷', en: 'Anti-addiction' } },
    { route: GUILD_ROUTES.management, label: { 'zh-CN': '公会管理', en: 'Guilds' } },
    { route: GUILD_ROUTES.setting, label: { 'zh-CN': '公会设置', en: 'Guild settings' } },
    { route: IDENTITY_ROUTES.entitlement, label: { 'zh-CN': '权益管理', en: 'Entitlements' } },
  ],
  pages: [
    { route: IDENTITY_ROUTES.verifyCode, label: { 'zh-CN': '短信验证码', en: 'SMS codes' }, record: idDomains.name, view: codeLogsView },
  ],
};
