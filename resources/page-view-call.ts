import type { JsonSchema, PageViewDecl, RowCommandDecl, ServiceDecl, ResourceDecl, ViewDecl, ViewFilterDecl } from './types';
import { pagingParams, viewCall } from './view-call';

/** A filter's value as the page holds it: one text, or a range's two ends. */
export type FilterValue = string | [string, string] | undefined;
export type FilterValues = Record<string, FilterValue>;

const PARAM = /:(\w+)/g;
const isSet = (v: FilterValue): boolean => (Array.isArray(v) ? v.some(Boolean) : v !== undefined && v !== '');

/** The parameters a page view's path takes (`/personas/:personaId/achievements` → `personaId`), `appId` aside. */
export function pathParamsOf(view: ViewDecl): string[] {
  return [...view.path.matchAll(PARAM)].map((m) => m[1]).filter((name) => name !== 'appId');
}

/** How a page's view is asked for: `GET <path>`, or passport's `POST <path>/search` (as a record view's call). */
export function pageViewCall(service: ServiceDecl, view: PageViewDecl): { method: 'GET' | 'POST'; path: string } {
  const method = view.method ?? 'GET';
  const search = method === 'POST' && service.convention === 'passport' ? '/search' : '';
  return { method, path: `${view.path}${search}` };
}

export interface PageViewRequest {
  method: 'GET' | 'POST';
  /** Under the service base, every parameter in place; absent while `missing` is not empty. */
  url?: string;
  /** Paging and the set filters, as the query of a GET or the body of a search. */
  params: Record<string, string | number>;
  /** Filters the path needs that are not set yet: the list waits for them. */
  missing: string[];
  /** Whether any filter is set (a list that is empty then says `emptyFiltered`). */
  filtered: boolean;
}

/**
 * One page of a page's view under its filters: the app and the filters named in the path put in place, the other
 * set filters sent beside the paging (a date range as its two parameters), unset ones left out.
 */
export function pageViewRequest(service: ServiceDecl, view: PageViewDecl, values: FilterValues, appId: string, page = 1): PageViewRequest {
  const call = pageViewCall(service, view);
  const inPath = pathParamsOf(view);
  const missing = inPath.filter((name) => !isSet(values[name]));
  const url = missing.length
    ? undefined
    : call.path.replace(PARAM, (_, name: string) => encodeURIComponent(name === 'appId' ? appId : String(values[name])));
  const params: Record<string, string | number> = { ...pagingParams(view.paging, page), ...filterParams(view.filters ?? [], values, inPath) };
  const filtered = (view.filters ?? []).some((f) => !inPath.includes(f.name) && isSet(values[f.name]));
  return { method: call.method, url, params, missing, filtered };
}

/**
 * A call the page makes beside its list (a download, a detail, a chart's source): `path` under the service base with
 * the app and the page's values in place — undefined while one it needs is unset — and the set filters among `names`
 * as its query (a date range as its two parameters).
 */
export function pageCallRequest(path: string, filters: ViewFilterDecl[], values: FilterValues, appId: string, names: string[]): { url?: string; query: Record<string, string> } {
  const needed = [...path.matchAll(PARAM)].map((m) => m[1]).filter((name) => name !== 'appId');
  const url = needed.every((name) => isSet(values[name]))
    ? path.replace(PARAM, (_, name: string) => encodeURIComponent(name === 'appId' ? appId : String(values[name])))
    : undefined;
  const query = Object.fromEntries(Object.entries(filterParams(filters, values, needed)).filter(([name]) => names.includes(name)));
  return { url, query };
}

/** The set filters not in the path as a call's parameters, a date range as its two. */
function filterParams(filters: ViewFilterDecl[], values: FilterValues, inPath: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const filter of filters) {
    const value = values[filter.name];
    if (inPath.includes(filter.name) || !isSet(value)) continue;
    if (filter.kind === 'dateRange') {
      const [from, to] = filter.range ?? [`${filter.name}From`, `${filter.name}To`];
      const [start, end] = Array.isArray(value) ? value : [value, undefined];
      if (start) params[from] = start;
      if (end) params[to] = end;
    } else params[filter.name] = String(value);
  }
  return params;
}

/** A filter's value read from the page address's query (`param`), when it declares one. */
export function filterFromQuery(filter: ViewFilterDecl, query: URLSearchParams): FilterValue {
  if (!filter.param) return undefined;
  if (filter.kind === 'dateRange') {
    const [from, to] = filter.range ?? [`${filter.name}From`, `${filter.name}To`];
    const range: [string, string] = [query.get(from) ?? '', query.get(to) ?? ''];
    return range.some(Boolean) ? range : undefined;
  }
  return query.get(filter.param) ?? undefined;
}

/** Where a row command is mounted: the view's own call path, then the command's path (parameters as declared). */
export function rowCommandCall(service: ServiceDecl, owner: ResourceDecl | undefined, view: ViewDecl, command: RowCommandDecl): { method: RowCommandDecl['method']; path: string } {
  return { method: command.method, path: `${viewBase(service, owner, view)}${command.path}` };
}

function viewBase(service: ServiceDecl, owner: ResourceDecl | undefined, view: ViewDecl): string {
  return owner ? viewCall(service, owner, { ...view, method: 'GET' }).path : view.path;
}

/**
 * The address of a row command on one row: the view's path with its record (a record's view) or its app and filters
 * (a page's view) in place, then the command's path with each `:name` the row's field of that name.
 */
export function rowCommandUrl(
  service: ServiceDecl,
  owner: ResourceDecl | undefined,
  view: ViewDecl,
  command: RowCommandDecl,
  row: Record<string, unknown>,
  context: { recordId?: string; appId: string; values?: FilterValues },
): string {
  const fill = (value: unknown, name: string) => {
    if (value === undefined || value === null || value === '') throw new Error(`${view.name}.${command.name}: no ${name} for its path`);
    return encodeURIComponent(String(value));
  };
  const base = viewBase(service, owner, view).replace(PARAM, (_, name: string) => {
    if (owner && name === (owner.idParam ?? 'id')) return fill(context.recordId, name);
    return fill(name === 'appId' ? context.appId : context.values?.[name], name);
  });
  return `${base}${command.path.replace(PARAM, (_, name: string) => fill(row[name], name))}`;
}

/** Whether a row command is offered on this row: each field its `when` names holds one of the listed values. */
export function rowCommandAllowed(command: RowCommandDecl, row: Record<string, unknown>): boolean {
  return Object.entries(command.when ?? {}).every(([field, values]) => values.includes((row[field] ?? null) as never));
}

/** The dialog's values as a row command's body: a nullable field left empty is sent as null (a role taken away). */
export function rowCommandBody(fields: JsonSchema | undefined, values: Record<string, unknown>): Record<string, unknown> {
  const body = { ...values };
  const props = ((fields ?? {}).properties ?? {}) as Record<string, { type?: string | string[] }>;
  for (const [name, prop] of Object.entries(props)) {
    const nullable = Array.isArray(prop.type) && prop.type.includes('null');
    if (nullable && (body[name] === undefined || body[name] === '')) body[name] = null;
  }
  return body;
}
