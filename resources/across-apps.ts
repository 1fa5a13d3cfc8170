/**
 * The back office's list of an app-scoped resource across every app (`ResourceDecl.acrossApps`): Stacktrace's symbol
 * files with their app and organisation, the storage they use per app and in all, for administrators only. One
 * reading of the declaration for the server (`server/engine/across-apps.ts` mounts the calls), the console (the
 * page is the engine's table over the derived declaration) and the tests.
 */
import type { JsonSchema, ResourceDecl, ServiceDecl, Text } from './types';
import type { ViewDecl } from './view-types';

export interface AcrossAppsDecl {
  /**
   * The back-office page, under /admin (spec 000 §2's `symbols`); listed in its menu with the resource's label.
   * Resources of one service may share a page: each is a tab of it.
   */
  route: string;
  /** The page's title and menu entry instead of the resource's label (a page several resources share says it once). */
  title?: Text;
  /** The list's filters besides the app: some of the resource's declared `list.filters`. */
  filters?: string[];
  /** Number fields summed per app and in all. */
  sums?: string[];
  /** The one of `sums` that is a record's size in bytes: its sum is shown as the storage in use (a symbol file's `size`). */
  storage?: string;
  /** An administrator may delete one record from the list (the resource's own delete, its hooks and history). */
  delete?: boolean;
  /**
   * State actions of the resource an administrator may take on any app's record from the list (Sync's close of a
   * room): each one the service performs, run by the service's own code in the record's app, the administrator named
   * as who did it.
   */
  actions?: string[];
  /**
   * The page also shows the service's usage per app over a chosen period, a tab of its own: its declared `meters`
   * as billing records and prices them (`resources/across-apps-usage.ts`). Said by one resource of the service.
   */
  usage?: boolean;
}

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** The fields each row carries besides the record's own: whose app and organisation it is. */
export const APP_FIELDS: Record<string, JsonSchema> = {
  appId: { type: 'string', maxLength: 64, readOnly: true, 'x-ui': { title: t('应用 ID', 'App ID'), widget: 'code', hideInList: true } },
  appName: { type: 'string', readOnly: true, 'x-ui': { title: t('应用', 'App') } },
  orgId: { type: 'string', readOnly: true, 'x-ui': { title: t('组织 ID', 'Organisation ID'), hideInList: true } },
  orgName: { type: 'string', readOnly: true, 'x-ui': { title: t('组织', 'Organisation') } },
};

/** The derived resource's name: `symbols` is listed across apps as `symbols-across-apps`. */
export const acrossAppsName = (res: ResourceDecl): string => `${res.name}-across-apps`;

/** Its path under the service base: `/admin` before the resource's own (`/stacktrace/v1/admin/stacktrace/symbols`). */
export const acrossAppsPath = (res: ResourceDecl): string => `/admin${res.path}`;

/** The path of the totals (per app and in all) under the service base. */
export const acrossAppsTotalsPath = (res: ResourceDecl): string => `${acrossAppsPath(res)}/totals`;

/**
 * The list across apps as a resource of the platform's (administrators only): the record's fields with its app and
 * organisation, the app as a filter beside the declared ones, the resource's sorts and search, and its delete when
 * `delete` says so. The console's engine table shows it as any platform resource's list.
 */
export function acrossAppsResource(res: ResourceDecl): ResourceDecl {
  const across = res.acrossApps;
  if (!across) throw new Error(`${res.name} is not listed across apps`);
  const { $id: _id, $schema: _s, examples: _e, ...schema } = res.schema;
  const actions = (res.actions ?? []).filter((a) => across.actions?.includes(a.name));
  return {
    name: acrossAppsName(res),
    label: res.label,
    singular: res.singular,
    schema: { ...schema, properties: { ...APP_FIELDS, ...((schema.properties ?? {}) as Record<string, JsonSchema>) } },
    path: acrossAppsPath(res),
    idField: res.idField,
    titleField: res.titleField,
    scope: 'platform',
    operations: across.delete ? ['list', 'delete'] : ['list'],
    ...(actions.length ? { actions, status: res.status } : {}),
    list: {
      columns: ['appName', 'orgName', ...res.list.columns.filter((c) => !(c in APP_FIELDS))],
      filters: ['appId', ...(across.filters ?? [])],
      sorters: res.list.sorters,
      search: res.list.search,
      defaultSort: res.list.defaultSort,
      pageSize: res.list.pageSize,
    },
    access: { read: ['admin'], write: ['admin'] },
    routes: { admin: across.route },
  };
}

/** One app's totals: how many records, and each summed field. */
export type AppTotals = { appId: string; appName: string; orgId: string; orgName: string; count: number } & Record<string, number | string>;

/** The totals call's answer: per app (largest first by the first sum) and in all. */
export interface AcrossAppsTotals {
  items: AppTotals[];
  all: { apps: number; count: number } & Record<string, number>;
}

/** The width of a totals column (a count or a sum). */
const TOTAL_WIDTH = 160;

/** The totals' row schema, their titles the resource's own (its label counts the records, a sum its field's title). */
export function totalsRowSchema(res: ResourceDecl): JsonSchema {
  const props = (res.schema.properties ?? {}) as Record<string, JsonSchema>;
  // Wide enough for their titles: a number column is narrow by default.
  const sums = Object.fromEntries((res.acrossApps?.sums ?? []).map((f) => [f, { type: 'integer', 'x-ui': { title: (props[f]?.['x-ui'] as { title?: Text } | undefined)?.title ?? t(f, f), width: TOTAL_WIDTH } }]));
  return {
    type: 'object',
    properties: { ...APP_FIELDS, count: { type: 'integer', 'x-ui': { title: res.label, width: TOTAL_WIDTH } }, ...sums },
  };
}

/** The per-app totals as a view the engine's view table draws (every app with records, paged in the console). */
export function totalsView(res: ResourceDecl): Pick<ViewDecl, 'name' | 'row' | 'columns' | 'rowKey' | 'empty' | 'paging' | 'listKey'> {
  return {
    name: `${acrossAppsName(res)}-totals`,
    row: totalsRowSchema(res),
    listKey: 'items',
    columns: ['appName', 'orgName', 'count', ...(res.acrossApps?.sums ?? [])],
    rowKey: 'appId',
    empty: t('还没有应用有记录', 'No app has any yet'),
    paging: { mode: 'client', pageSize: 5 },
  };
}

/** Every resource listed across apps, with its service. */
export function acrossAppsResources(services: ServiceDecl[]): { service: ServiceDecl; res: ResourceDecl }[] {
  return services.flatMap((service) => service.resources.filter((res) => res.acrossApps).map((res) => ({ service, res })));
}

/** One back-office page of resources listed across apps: its service, title, and resources (its tabs when several). */
export interface AcrossAppsPageDecl {
  route: string;
  service: ServiceDecl;
  title: Text;
  resources: ResourceDecl[];
  /** Whether it has the service's usage tab (`acrossApps.usage` of one of its resources). */
  usage: boolean;
}

/** The back-office pages of the resources listed across apps, those sharing a route on one page. */
export function acrossAppsPages(services: ServiceDecl[]): AcrossAppsPageDecl[] {
  const pages = new Map<string, AcrossAppsPageDecl>();
  for (const { service, res } of acrossAppsResources(services)) {
    const route = res.acrossApps!.route;
    const page = pages.get(route);
    if (page && page.service !== service) throw new Error(`${service.name}/${res.name}: acrossApps page '${route}' is ${page.service.name}'s`);
    const usage = res.acrossApps!.usage === true;
    if (page) {
      page.resources.push(res);
      page.usage ||= usage;
      if (res.acrossApps!.title) page.title = res.acrossApps!.title;
    } else pages.set(route, { route, service, title: res.acrossApps!.title ?? res.label, resources: [res], usage });
  }
  return [...pages.values()];
}

/** Start-up check: an app's collection, its filters declared ones, its sums number fields, its delete a declared one. */
export function checkAcrossApps(service: ServiceDecl, res: ResourceDecl): void {
  const across = res.acrossApps;
  if (!across) return;
  const where = `${service.name}/${res.name}: acrossApps`;
  const props = (res.schema.properties ?? {}) as Record<string, JsonSchema>;
  if (res.scope !== 'app' || res.parent || res.singleton) throw new Error(`${where}: only an app-scoped collection is listed across apps`);
  if (!/^[a-z][a-z0-9-]*$/.test(across.route)) throw new Error(`${where}: the page '${across.route}' is one path segment`);
  for (const f of across.filters ?? []) if (!(res.list.filters ?? []).includes(f)) throw new Error(`${where}: filter '${f}' is not one of the list's filters`);
  for (const f of across.sums ?? []) {
    if (props[f]?.type !== 'integer' && props[f]?.type !== 'number') throw new Error(`${where}: sum '${f}' is not a number field`);
  }
  if (across.storage && !(across.sums ?? []).includes(across.storage)) throw new Error(`${where}: storage '${across.storage}' is not one of the sums`);
  for (const f of Object.keys(APP_FIELDS)) if (f in props) throw new Error(`${where}: '${f}' names the app's field in the list`);
  if (across.usage && !service.meters?.length) throw new Error(`${where}: usage needs the service's declared meters`);
  if (across.usage && service.resources.some((o) => o !== res && o.acrossApps?.usage)) throw new Error(`${where}: usage is said by one resource of the service`);
  if (across.delete && !res.operations.includes('delete')) throw new Error(`${where}: delete needs the resource's own delete`);
  for (const name of across.actions ?? []) {
    const action = res.actions?.find((a) => a.name === name);
    if (!action) throw new Error(`${where}: action '${name}' is not one of the resource's actions`);
    if (action.implementedBy !== 'service') throw new Error(`${where}: action '${name}' is the engine's; only an action the service performs is taken across apps`);
  }
}

/** The admin's call of an action taken across apps, under the service base: the list's path, the record, the action's. */
export const acrossAppsActionPath = (res: ResourceDecl, idParam: string, actionPath: string): string => `${acrossAppsPath(res)}/:${idParam}${actionPath}`;
