import type { BaseRecord, CrudFilter, CrudSort, DataProvider, GetListResponse, LogicalFilter, MetaQuery } from '@refinedev/core';
import type { ResourceDecl, ServiceDecl } from '../resources/types';
import { findService } from './services';
import { collectionPath } from '../resources/relations';
import { requireDeclared, sortableFields } from './declarations';
import { requireOk, type QueryValue, type RequestOptions } from './http';
import { anyListAhead, keepListAhead, takeListAhead, takeListAnswered } from './lists-ahead';

/**
 * What the data providers of every convention share: finding the declaration from Refine's resource `meta`
 * (`service`, `resource`), calling on behalf of the app in `meta.appId`, Refine's sorters and filters as the
 * declared sort / search / filter parameters, one record's calls (`<path>/:id`, or `<path>` for a singleton),
 * and any other call through `custom`. A convention brings only how it pages a list.
 * `meta.silent` suppresses the error toast for callers that show the error themselves (forms); `meta.fromAhead` makes
 * the read of the answer asked ahead of it, asking nothing itself (`RequestOptions.fromAhead`).
 */

export function callOptions(service: ServiceDecl, decl: ResourceDecl, meta?: MetaQuery): RequestOptions {
  const appId = typeof meta?.appId === 'string' ? meta.appId : undefined;
  if (decl.scope === 'app' && !appId) throw new Error(`${service.name}/${decl.name} needs an app id (meta.appId)`);
  return { appId: decl.scope === 'app' ? appId : undefined, silent: meta?.silent === true, throwResponse: true, fromAhead: meta?.fromAhead === true };
}

function logicalFilters(filters: CrudFilter[] = []): LogicalFilter[] {
  return filters.flatMap((f): LogicalFilter[] => {
    if (f.operator === 'and') return logicalFilters(f.value);
    if (f.operator === 'or') throw new Error('The declared list conventions cannot express "or" filters');
    return [f as LogicalFilter];
  });
}

/** Refine's sorters and filters as the declared list parameters: `sort`, `order`, `q`, exact-match filters and `has`. */
export function listQuery(decl: ResourceDecl, sorters?: CrudSort[], filters?: CrudFilter[]): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  const sortable = sortableFields(decl);
  const sorter = sorters?.find((s) => sortable.includes(s.field));
  if (sorter) {
    query.sort = sorter.field;
    query.order = sorter.order;
  }
  const filterable = decl.list.filters ?? [];
  for (const f of logicalFilters(filters)) {
    // Only the records holding a value of the field (`ListDecl.has`).
    if (f.operator === 'nnull' && decl.list.has?.includes(f.field)) {
      query.has = f.field;
      continue;
    }
    const empty = f.value === undefined || f.value === null || f.value === '' || (Array.isArray(f.value) && f.value.length === 0);
    if (empty) continue;
    if (f.field === 'q' && decl.list.search?.length) query.q = String(f.value).trim();
    else if (filterable.includes(f.field) && (f.operator === 'eq' || f.operator === 'in')) query[f.field] = f.value as QueryValue;
  }
  return query;
}

/** The fields a write carries: everything but the server-managed id and timestamps (and version on create). */
export function writableBody(decl: ResourceDecl, variables: unknown, keepVersion: boolean): Record<string, unknown> {
  const body = { ...(variables as Record<string, unknown>) };
  for (const field of ['id', decl.idField, 'createdAt', 'updatedAt']) delete body[field];
  if (!keepVersion) delete body.version;
  return body;
}

/** The collection's address; a sub-resource's is nested under the parent record named by `meta.parentId`. */
export function collectionUrl(service: ServiceDecl, decl: ResourceDecl, meta?: MetaQuery): string {
  if (decl.parent && typeof meta?.parentId !== 'string') throw new Error(`${service.name}/${decl.name} needs its parent's id (meta.parentId)`);
  return collectionPath(service, decl, decl.parent ? String(meta?.parentId) : undefined);
}

/** One record's address: `<path>/<id or slug>`; a singleton's is its collection path. */
export const itemUrl = (service: ServiceDecl, decl: ResourceDecl, id: string | number | undefined, meta?: MetaQuery) =>
  decl.singleton ? collectionUrl(service, decl, meta) : `${collectionUrl(service, decl, meta)}/${encodeURIComponent(String(id))}`;

/** What a convention's list call is given. */
export interface ListCall {
  service: ServiceDecl;
  decl: ResourceDecl;
  url: string;
  options: RequestOptions;
  /** The declared sort, search and filters (`listQuery`). */
  query: Record<string, QueryValue>;
}

/** How a convention pages a list: one page (1-based) or every record. */
export interface ListConvention {
  page<T>(call: ListCall, page: number, pageSize: number): Promise<{ data: T[]; total: number }>;
  all<T>(call: ListCall): Promise<T[]>;
}

type ListParams = Parameters<DataProvider['getList']>[0];

/**
 * A list's call: the declaration's collection with the declared sort, search and filters — or, while the list is
 * neither searched nor filtered, another list call of the service given in `meta.listCall` (a directory's listing),
 * as is.
 */
function listCall({ resource, sorters, filters, meta }: ListParams): ListCall {
  const { service, decl } = requireDeclared(resource, meta);
  const query = listQuery(decl, sorters, filters);
  const narrowed = Object.keys(query).some((k) => k !== 'sort' && k !== 'order');
  const other = narrowed ? undefined : (meta?.listCall as { url: string; query: Record<string, QueryValue> } | undefined);
  const url = other ? other.url : collectionUrl(service, decl, meta);
  return { service, decl, url, options: callOptions(service, decl, meta), query: other ? other.query : query };
}

/** The page a paged list asks for (1-based) and its size; nothing for a list read whole. */
function pageOf(call: ListCall, pagination: ListParams['pagination']): { page: number; pageSize: number } | undefined {
  if (pagination?.mode === 'off' || pagination?.mode === 'client') return undefined;
  return { page: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? call.decl.list.pageSize ?? 20 };
}

/** A page's read as ./lists-ahead.ts keeps it: where it is sent, for which app, with which query, which page. */
const pageSignature = (call: ListCall, { page, pageSize }: { page: number; pageSize: number }): string =>
  JSON.stringify([call.url, call.options.appId ?? '', call.query, page, pageSize]);

/** Reads a list's page ahead of the table that will show it (./lists-ahead.ts), through the list's own provider. */
export function readListAhead(provider: DataProvider, params: ListParams): void {
  const call = listCall(params);
  const page = pageOf(call, params.pagination);
  if (page) keepListAhead(pageSignature(call, page), provider.getList(params));
}

/**
 * The answer of a list's page read ahead, if it has come (taken): a table's first rows. Asked as the table renders, so
 * it never throws: a call that cannot be made (a nested list without its parent, an app's list without the app) was
 * read ahead by nobody, and the table's own read reports what is wrong.
 */
export function listAnswered(params: ListParams): GetListResponse<BaseRecord> | undefined {
  if (!anyListAhead()) return undefined;
  try {
    const call = listCall(params);
    const page = pageOf(call, params.pagination);
    return page ? takeListAnswered(pageSignature(call, page)) : undefined;
  } catch {
    return undefined;
  }
}

/** A Refine data provider for declared resources whose lists page the way `list` says. */
export function declaredDataProvider(list: ListConvention): DataProvider {
  return {
    getApiUrl: () => '',

    async getList<TData extends BaseRecord = BaseRecord>(params: ListParams) {
      const call = listCall(params);
      const page = pageOf(call, params.pagination);
      if (!page) {
        const all = await list.all<TData>(call);
        return { data: all, total: all.length };
      }
      // The page read ahead of this table (a deep link's first page), if it was: its answer rather than another read.
      const ahead = takeListAhead(pageSignature(call, page)) as Promise<GetListResponse<TData>> | undefined;
      return ahead ?? list.page<TData>(call, page.page, page.pageSize);
    },

    async getOne({ resource, id, meta }) {
      const { service, decl } = requireDeclared(resource, meta);
      return { data: await requireOk(itemUrl(service, decl, id, meta), callOptions(service, decl, meta)) };
    },

    async create({ resource, variables, meta }) {
      const { service, decl } = requireDeclared(resource, meta);
      const body = writableBody(decl, variables, false);
      return { data: await requireOk(collectionUrl(service, decl, meta), { ...callOptions(service, decl, meta), method: 'POST', body }) };
    },

    /** `PUT <path>/:id` with the version read; a singleton is replaced with its declared `write` method. */
    async update({ resource, id, variables, meta }) {
      const { service, decl } = requireDeclared(resource, meta);
      const body = writableBody(decl, variables, true);
      const method = decl.singleton?.write ?? 'PUT';
      return { data: await requireOk(itemUrl(service, decl, id, meta), { ...callOptions(service, decl, meta), method, body }) };
    },

    async deleteOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider['deleteOne']>[0]) {
      const { service, decl } = requireDeclared(resource, meta);
      await requireOk(itemUrl(service, decl, id, meta), { ...callOptions(service, decl, meta), method: 'DELETE' });
      return { data: { id } as TData };
    },

    /** One call when the resource declares a bulk-delete parameter, else one record after the other. */
    async deleteMany<TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: Parameters<NonNullable<DataProvider['deleteMany']>>[0]) {
      const { service, decl } = requireDeclared(resource, meta);
      const options = callOptions(service, decl, meta);
      if (decl.bulkDeleteParam) {
        await requireOk(collectionUrl(service, decl, meta), { ...options, method: 'DELETE', query: { [decl.bulkDeleteParam]: ids.map(String) } });
      } else {
        for (const id of ids) await requireOk(itemUrl(service, decl, id, meta), { ...options, method: 'DELETE' });
      }
      return { data: ids.map((id) => ({ id }) as TData) };
    },

    /**
     * Any other call: state actions (`PUT <item>/enable`), parts, commands and service calls such as a
     * simulation. With `meta.service` the url is relative to that service's base and carries its credential.
     */
    async custom({ url, method, payload, query, headers, meta }) {
      let path = url;
      let options: RequestOptions = { throwResponse: true, silent: meta?.silent === true };
      if (typeof meta?.service === 'string') {
        const service = findService(meta.service);
        if (!service) throw new Error(`No service "${meta.service}"`);
        if (typeof meta.appId !== 'string') throw new Error(`${service.name} calls need an app id (meta.appId)`);
        path = url.startsWith(service.base) ? url : `${service.base}${url}`;
        options = { ...options, appId: meta.appId };
      }
      const data = await requireOk(path, {
        ...options,
        method: method.toUpperCase() as RequestOptions['method'],
        body: payload,
        query: query as Record<string, QueryValue> | undefined,
        headers: headers as Record<string, string> | undefined,
      });
      return { data: data as never };
    },
  };
}
