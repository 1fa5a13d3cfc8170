import { importCommand } from '../command-call';
import { achievementCalls, battlePassCalls, billboardCalls, questCalls } from './liveops-calls';
import { defineResource } from '../define';
import type { ResourceDecl } from '../types';
import { appAccess, type PassportPart } from './part';
import { inboxCalls, sendTemplateCommand } from './inbox-send';
import { achievementProgressView, inboxMessagesView, inboxRecordsView } from './page-views';
import { addQuestItemCommand, questItemCalls, questItemsView } from './quest-items';
import inboxTemplateSchema from '../../schemas/passport/liveops/inbox-template.json' with { type: 'json' };
import achievementMetaSchema from '../../schemas/passport/liveops/achievement-meta.json' with { type: 'json' };
import billboardSchema from '../../schemas/passport/liveops/billboard.json' with { type: 'json' };
import battlePassSchema from '../../schemas/passport/liveops/battle-pass.json' with { type: 'json' };
import questSchema from '../../schemas/passport/liveops/quest.json' with { type: 'json' };

/** The live-ops console routes (spec 002 §2), relative to /services/:appId/. */
export const LIVEOPS_ROUTES = {
  inboxTemplates: 'passport/inbox/template',
  inboxMessages: 'passport/inbox/message',
  inboxRecords: 'passport/inbox/record',
  achievementMeta: 'passport/achievements/meta',
  achievementProgress: 'passport/achievements/management',
  battlePasses: 'passport/battle-pass',
  personaBattlePass: 'passport/battle-pass/:personaId/:slugName',
  billboards: 'passport/billboards',
  quests: 'passport/quests',
} as const;

const inboxTemplates = defineResource({
  name: 'inboxTemplates',
  label: { 'zh-CN': '邮件模板', en: 'Inbox templates' },
  singular: { 'zh-CN': '邮件模板', en: 'inbox template' },
  schema: inboxTemplateSchema,
  path: '/inbox/templates',
  listKey: 'templates',
  unique: ['slugName'],
  addressBy: 'slugName',
  list: {
    columns: ['name', 'slugName', 'title', 'updatedAt'],
    sorters: ['name', 'slugName'],
    search: ['name', 'slugName', 'title'],
    defaultSort: { field: 'updatedAt', order: 'desc' },
    pageSize: 20,
  },
  commands: [sendTemplateCommand],
  routes: { list: LIVEOPS_ROUTES.inboxTemplates, show: `${LIVEOPS_ROUTES.inboxTemplates}/:slugName` },
});

const achievementMeta: ResourceDecl = {
  name: 'achievementMeta',
  label: { 'zh-CN': '成就', en: 'Achievements' },
  singular: { 'zh-CN': '成就', en: 'achievement' },
  schema: achievementMetaSchema,
  path: '/achievements/meta',
  listKey: 'achievementMeta',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['slugName'],
  addressBy: 'slugName',
  list: {
    columns: ['name', 'slugName', 'category', 'series', 'goal', 'status', 'updatedAt'],
    filters: ['status', 'category', 'series'],
    sorters: ['name', 'category', 'series', 'goal'],
    search: ['name', 'slugName', 'description'],
    defaultSort: { field: 'updatedAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'unreleased',
    values: {
      unreleased: { color: 'default', label: { 'zh-CN': '未发布', en: 'Unreleased' } },
      released: { color: 'green', label: { 'zh-CN': '已发布', en: 'Released' } },
    },
  },
  actions: [
    { name: 'release', label: { 'zh-CN': '发布', en: 'Release' }, from: ['unreleased'], to: 'released' },
    {
      name: 'revoke',
      label: { 'zh-CN': '撤回', en: 'Revoke' },
      from: ['released'],
      to: 'unreleased',
      danger: true,
      confirm: { 'zh-CN': '撤回后玩家将看不到该成就，也不能再推进或领取，确定撤回？', en: 'Players will no longer see, progress or redeem this achievement. Revoke it?' },
    },
  ],
  commands: [importCommand({ 'zh-CN': '导入成就', en: 'Import achievements' })],
  lookups: (['categories', 'series'] as const).map((key) => ({
    path: `/achievements/${key}`,
    summary: `The achievement ${key} in use, with how many achievements each has`,
    listKey: key,
    groupBy: key === 'categories' ? 'category' : 'series',
  })),
  access: appAccess(),
  routes: { list: LIVEOPS_ROUTES.achievementMeta },
};

const billboards: ResourceDecl = {
  name: 'billboards',
  label: { 'zh-CN': '公告', en: 'Billboards' },
  singular: { 'zh-CN': '公告', en: 'billboard' },
  schema: billboardSchema,
  path: '/billboards',
  listKey: 'billboards',
  idField: 'id',
  titleField: 'title',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: {
    columns: ['title', 'namespace', 'status', 'priority', 'expiry', 'publishAt', 'updatedAt'],
    filters: ['status', 'namespace'],
    sorters: ['title', 'priority', 'publishAt'],
    search: ['title', 'content'],
    defaultSort: { field: 'updatedAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'billboardPending',
    values: {
      billboardPending: { color: 'default', label: { 'zh-CN': '待发布', en: 'Pending' } },
      billboardScheduled: { color: 'blue', label: { 'zh-CN': '定时发布', en: 'Scheduled' } },
      billboardPublished: { color: 'green', label: { 'zh-CN': '已发布', en: 'Published' } },
      billboardRevoked: { color: 'red', label: { 'zh-CN': '已撤回', en: 'Revoked' } },
    },
    timed: [{ from: ['billboardScheduled'], to: 'billboardPublished', at: 'publishAt', action: 'go-live' }],
  },
  actions: [
    {
      name: 'revoke',
      label: { 'zh-CN': '撤回', en: 'Revoke' },
      from: ['billboardScheduled', 'billboardPublished'],
      to: 'billboardRevoked',
      danger: true,
      confirm: { 'zh-CN': '撤回后玩家将不再看到这条公告，确定撤回？', en: 'Players will no longer see this billboard. Revoke it?' },
    },
  ],
  commands: [
    {
      name: 'publish',
      label: { 'zh-CN': '发布', en: 'Publish' },
      on: 'item',
      method: 'POST',
      path: '/publish',
      api: { call: 'billboards.publish' },
      fields: {
        type: 'object',
        additionalProperties: false,
        properties: {
          publishAt: {
            type: 'string',
            format: 'date-time',
            maxLength: 40,
            'x-ui': {
              title: { 'zh-CN': '定时发布时间', en: 'Publish at' },
              help: { 'zh-CN': '留空则立即发布；填写将来的时间则到时自动上线', en: 'Leave empty to publish now; a future time schedules it' },
            },
          },
        },
      },
    },
  ],
  panels: ['passportBillboardWindow'],
  lookups: [{ path: '/billboards/namespaces', summary: "The namespaces the app's billboards use", listKey: 'namespaces', groupBy: 'namespace' }],
  access: appAccess(),
  routes: { list: LIVEOPS_ROUTES.billboards, show: `${LIVEOPS_ROUTES.billboards}/:billboardID` },
};

const battlePasses: ResourceDecl = {
  name: 'battlePasses',
  label: { 'zh-CN': '战令', en: 'Battle passes' },
  singular: { 'zh-CN': '战令', en: 'battle pass' },
  schema: battlePassSchema,
  path: '/battle-pass',
  listKey: 'battlePasses',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['slugName'],
  addressBy: 'slugName',
  list: {
    columns: ['name', 'slugName', 'status', 'startTime', 'endTime', 'updatedAt'],
    filters: ['status'],
    sorters: ['name', 'startTime', 'endTime'],
    search: ['name', 'slugName', 'description'],
    defaultSort: { field: 'startTime', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'Pending',
    values: {
      Pending: { color: 'default', label: { 'zh-CN': '待发布', en: 'Pending' } },
      Active: { color: 'green', label: { 'zh-CN': '进行中', en: 'Active' } },
      Expired: { color: 'default', label: { 'zh-CN': '已结束', en: 'Expired' } },
      Suspended: { color: 'orange', label: { 'zh-CN': '已撤回', en: 'Suspended' } },
    },
    timed: [{ to: 'Expired', at: 'endTime', action: 'expire' }],
  },
  actions: [
    { name: 'publish', label: { 'zh-CN': '发布', en: 'Publish' }, from: ['Pending', 'Suspended'], to: 'Active' },
    {
      name: 'revoke',
      label: { 'zh-CN': '撤回', en: 'Revoke' },
      from: ['Active'],
      to: 'Suspended',
      danger: true,
      confirm: { 'zh-CN': '撤回后玩家不能再获得经验或领取奖励，确定撤回？', en: 'Players can no longer gain experience or claim rewards. Revoke it?' },
    },
  ],
  parts: [{ path: '/slots', field: 'slots', label: { 'zh-CN': '等级奖励', en: 'Levels' } }],
  panels: ['passportBattlePassSlots'],
  lookups: [{ path: '/battle-pass/names', summary: "The names of the app's battle passes", listKey: 'names', fields: ['id', 'name', 'slugName', 'status'], orderBy: 'name' }],
  access: appAccess(),
  routes: { list: LIVEOPS_ROUTES.battlePasses, show: `${LIVEOPS_ROUTES.battlePasses}/:slugName` },
};

const quests: ResourceDecl = {
  name: 'quests',
  label: { 'zh-CN': '任务', en: 'Quests' },
  singular: { 'zh-CN': '任务', en: 'quest' },
  schema: questSchema,
  path: '/quests',
  listKey: 'quests',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['slugName'],
  addressBy: 'slugName',
  list: {
    columns: ['name', 'slugName', 'type', 'layout', 'status', 'updatedAt'],
    filters: ['status', 'type', 'layout'],
    sorters: ['name', 'type'],
    search: ['name', 'slugName', 'description'],
    defaultSort: { field: 'updatedAt', order: 'desc' },
    pageSize: 20,
  },
  // Set by its items: publishing and revoking items (or all of them at once) moves it.
  status: {
    field: 'status',
    initial: 'questPending',
    values: {
      questPending: { color: 'default', label: { 'zh-CN': '未发布', en: 'Pending' } },
      questPartialPublished: { color: 'blue', label: { 'zh-CN': '部分发布', en: 'Partly published' } },
      questPublished: { color: 'green', label: { 'zh-CN': '已发布', en: 'Published' } },
    },
  },
  commands: [
    {
      name: 'publish',
      label: { 'zh-CN': '发布全部任务项', en: 'Publish all items' },
      on: 'item',
      method: 'POST',
      path: '/publish',
      api: { call: 'quests.publish' },
      confirm: { 'zh-CN': '发布后玩家即可看到并完成全部任务项，确定发布？', en: 'Players will see and work on every item. Publish them all?' },
    },
    {
      name: 'revoke',
      label: { 'zh-CN': '撤回全部任务项', en: 'Revoke all items' },
      on: 'item',
      method: 'POST',
      path: '/revoke',
      api: { call: 'quests.revoke' },
      danger: true,
      confirm: { 'zh-CN': '撤回后玩家将看不到该任务，确定撤回？', en: 'Players will no longer see this quest. Revoke every item?' },
    },
    addQuestItemCommand,
    importCommand({ 'zh-CN': '导入任务', en: 'Import quests' }),
  ],
  views: [questItemsView],
  access: appAccess(),
  routes: { list: LIVEOPS_ROUTES.quests, show: `${LIVEOPS_ROUTES.quests}/:questSlug` },
};

/** Passport: the live-ops area's resources (inbox, achievements, billboards, battle passes, quests), menu and pages. */
export const liveopsPart: PassportPart = {
  resources: [inboxTemplates, achievementMeta, billboards, battlePasses, quests],
  calls: { ...battlePassCalls, ...achievementCalls, ...billboardCalls, ...questCalls, ...questItemCalls, ...inboxCalls },
  menu: [
    { route: LIVEOPS_ROUTES.inboxTemplates, label: { 'zh-CN': '邮件模板', en: 'Inbox templates' } },
    { route: LIVEOPS_ROUTES.inboxMessages, label: { 'zh-CN': '发送邮件', en: 'Send messages' } },
    { route: LIVEOPS_ROUTES.inboxRecords, label: { 'zh-CN': '发送记录', en: 'Send records' } },
    { route: LIVEOPS_ROUTES.achievementMeta, label: { 'zh-CN': '成就', en: 'Achievements' } },
    { route: LIVEOPS_ROUTES.achievementProgress, label: { 'zh-CN': '成就进度', en: 'Achievement progress' } },
    { route: LIVEOPS_ROUTES.battlePasses, label: { 'zh-CN': '战令', en: 'Battle passes' } },
    { route: LIVEOPS_ROUTES.billboards, label: { 'zh-CN': '公告', en: 'Billboards' } },
    { route: LIVEOPS_ROUTES.quests, label: { 'zh-CN': '任务', en: 'Quests' } },
  ],
  pages: [
    { route: LIVEOPS_ROUTES.inboxMessages, label: { 'zh-CN': '发送邮件', en: 'Send messages' }, view: inboxMessagesView },
    { route: LIVEOPS_ROUTES.inboxRecords, label: { 'zh-CN': '发送记录', en: 'Send records' }, view: inboxRecordsView },
    { route: LIVEOPS_ROUTES.achievementProgress, label: { 'zh-CN': '成就进度', en: 'Achievement progress' }, view: achievementProgressView },
    { route: LIVEOPS_ROUTES.personaBattlePass, label: { 'zh-CN': '角色战令进度', en: "Persona's battle pass" }, component: 'passportPersonaBattlePass' },
  ],
};
