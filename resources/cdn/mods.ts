/**
 * The CDN service's mods (user-generated content, spec 001 §7 "Mods"): players submit mods through the game client
 * with a passport player token, each with versions of files; the app's console reviews them. States (spec 001 §6):
 * not_start (editing) → ongoing (pending review) → success / failed, and a published mod reported → reported → down.
 */
import type { ActionDecl, MenuEntry, ResourceDecl, Text } from '../types';
import { ok } from '../call-shapes';
import modSchema from '../../schemas/cdn/mod.json' with { type: 'json' };
import modVersionSchema from '../../schemas/cdn/mod-version.json' with { type: 'json' };

/** Console routes of the mods (relative to /services/:appId; spec 001 §2 "CDN"). */
export const MOD_ROUTES = { list: 'asset/bucket/ugc', show: 'asset/bucket/ugc/:modId' } as const;

/** One file of a mod version, as the version's schema holds it. */
export const modEntrySchema = modVersionSchema.properties.entries.items;

/** A version's files: its number and every file (at most the version's 1,000). */
export const entriesAnswer = ok('the version and its files', {
  type: 'object',
  required: ['version', 'total', 'entries'],
  properties: { version: { type: 'integer', minimum: 0 }, total: { type: 'integer' }, entries: { type: 'array', items: modEntrySchema } },
});

const access = { read: ['app', 'admin'], write: ['app', 'admin'] } as ResourceDecl['access'];

const reason = (min: number, title: Text) => ({ type: 'string', minLength: min, maxLength: 500, 'x-writes': 'reviewReason', 'x-ui': { title, widget: 'textarea' } });

/** The console's review: approve or reject at the spec's one `POST inspect/`, and take a reported mod down. */
const inspect: ActionDecl[] = [
  {
    name: 'approve',
    label: { 'zh-CN': '审核通过', en: 'Approve' },
    // Approving a reported mod again dismisses the reports.
    from: ['ongoing', 'reported'],
    to: 'success',
    method: 'POST',
    path: '/inspect',
    sends: { field: 'result', value: 'approve' },
    refused: 'only a mod pending review or reported can be approved',
    fields: { type: 'object', properties: { reason: { ...reason(0, { 'zh-CN': '审核意见', en: 'Comment' }), default: '' } } },
  },
  {
    name: 'reject',
    label: { 'zh-CN': '驳回', en: 'Reject' },
    from: ['ongoing'],
    to: 'failed',
    method: 'POST',
    path: '/inspect',
    sends: { field: 'result', value: 'reject' },
    danger: true,
    refused: 'only a mod pending review can be rejected',
    fields: { type: 'object', required: ['reason'], properties: { reason: reason(1, { 'zh-CN': '驳回理由', en: 'Reason' }) } },
  },
  {
    name: 'takeDown',
    label: { 'zh-CN': '下架', en: 'Take down' },
    from: ['reported'],
    to: 'down',
    method: 'POST',
    path: '/inspect/report',
    danger: true,
    confirm: {
      'zh-CN': '下架后玩家将无法再获取此模组，作者也不能再修改它。',
      en: 'Players can no longer get this mod once it is taken down, and its author can no longer change it.',
    },
    refused: 'only a reported mod can be taken down',
    fields: { type: 'object', required: ['reason'], properties: { reason: reason(1, { 'zh-CN': '下架理由', en: 'Reason' }) } },
  },
];

/**
 * The moves a mod's players make through their own calls (`mods-calls.ts`), in the format of the console's actions:
 * the service applies them with the same state check and refusal.
 */
export const MOD_PLAYER_MOVES = {
  /** A new version takes the mod back to editing, unless it was taken down (or is under review or reported). */
  edit: { name: 'edit', label: { 'zh-CN': '新版本', en: 'New version' }, from: ['not_start', 'failed', 'success'], to: 'not_start', refused: 'this mod cannot be changed now' },
  submit: { name: 'submit', label: { 'zh-CN': '提交审核', en: 'Submit for review' }, from: ['not_start'], to: 'ongoing', refused: 'only a mod being edited can be submitted' },
  report: { name: 'report', label: { 'zh-CN': '举报', en: 'Report' }, from: ['success', 'reported'], to: 'reported', refused: 'only a published mod can be reported' },
} satisfies Record<string, ActionDecl>;

export const mods: ResourceDecl = {
  name: 'mods',
  label: { 'zh-CN': '模组', en: 'Mods' },
  singular: { 'zh-CN': '模组', en: 'mod' },
  schema: modSchema,
  path: '/mods/basic',
  idField: 'id',
  idParam: 'modId',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'show'],
  list: {
    columns: ['name', 'status', 'currentVersion', 'entryCount', 'totalSize', 'reports', 'updatedAt'],
    filters: ['status', 'authorId'],
    sorters: ['name', 'reports'],
    search: ['name'],
    defaultSort: { field: 'updatedAt', order: 'desc' },
  },
  status: {
    field: 'status',
    initial: 'not_start',
    values: {
      not_start: { color: 'default', label: { 'zh-CN': '编辑中', en: 'Editing' } },
      ongoing: { color: 'processing', label: { 'zh-CN': '待审核', en: 'Pending review' } },
      success: { color: 'green', label: { 'zh-CN': '已通过', en: 'Approved' } },
      failed: { color: 'red', label: { 'zh-CN': '未通过', en: 'Rejected' } },
      reported: { color: 'orange', label: { 'zh-CN': '被举报', en: 'Reported' } },
      down: { color: 'default', label: { 'zh-CN': '已下架', en: 'Taken down' } },
    },
  },
  actions: inspect,
  views: [
    {
      name: 'entries',
      label: { 'zh-CN': '当前版本的文件', en: 'Files of the current version' },
      path: '/entries',
      listKey: 'entries',
      row: modVersionSchema.properties.entries.items,
      columns: ['path', 'contentSize', 'contentType', 'contentHash'],
      rowKey: 'path',
      empty: { 'zh-CN': '还没有版本', en: 'No version yet' },
      paging: { mode: 'client', pageSize: 20 },
      refetchOnChange: true,
      api: { summary: "The files of the mod's current version", answer: entriesAnswer, errors: [400, 401, 403, 404] },
    },
  ],
  player: [
    { path: '/sdk/mods', summary: "The signed-in player's own mods, in every state", owner: { authorId: 'user' }, orderBy: '-updatedAt', listKey: 'mods' },
    {
      path: '/sdk/mods/published',
      summary: "The app's approved mods, for players to browse",
      owner: 'app',
      where: { status: 'success' },
      search: 100,
      orderBy: '-updatedAt',
      listKey: 'mods',
    },
  ],
  access,
  routes: MOD_ROUTES,
};

/** A mod's versions, each with its files as given; the latest is the mod's current one. */
export const modVersions: ResourceDecl = {
  name: 'mod-versions',
  label: { 'zh-CN': '模组版本', en: 'Mod versions' },
  singular: { 'zh-CN': '模组版本', en: 'mod version' },
  schema: modVersionSchema,
  path: '/versions',
  idField: 'id',
  titleField: 'v',
  scope: 'app',
  // Listed on the mod's page; a version's files are read at `GET <mod>/versions/:v/entries` (`mods-calls.ts`).
  operations: ['list'],
  parent: { resource: 'mods', param: 'modId', field: 'modId', onDelete: 'cascade' },
  list: { columns: ['v', 'note', 'entryCount', 'totalSize', 'createdAt'], sorters: ['v'], defaultSort: { field: 'createdAt', order: 'desc' } },
  access,
};


/** The mods' list in the service's menu. */
export const modMenu: MenuEntry = { route: MOD_ROUTES.list, label: { 'zh-CN': '模组审核', en: 'Mods' } };

/** The mods' records, in the service's resources. */
export const modResources: ResourceDecl[] = [mods, modVersions];

/** What the operation history calls the moves and writes the mods' own calls record. */
export const modHistory: Record<string, Text> = {
  'mods.create': { 'zh-CN': '创建', en: 'Create' },
  'mods.edit': { 'zh-CN': '新版本', en: 'New version' },
  'mods.submit': { 'zh-CN': '提交审核', en: 'Submit for review' },
  'mods.report': { 'zh-CN': '举报', en: 'Report' },
  'mod-versions.create': { 'zh-CN': '创建', en: 'Create' },
};
