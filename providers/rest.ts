import type { BaseRecord, CrudFilter, CrudSort, DataProvider, LogicalFilter, MetaQuery } from '@refinedev/core';
import { findService, type ResourceDecl, type ServiceDecl } from '../resources';
import { requireDeclared, sortableFields } from './declarations';
import { requireOk, type QueryValue, type RequestOptions } from './http';
import type { ListPage } from './types';

/**
 * The data provider of the REST convention (ADR 0001), shared by every service declared with
 * `convention: 'rest'`. It finds the resource's declaration from Refine's resource `meta` (`service`,
 * `resource`) and calls on behalf of the app named in `meta.appId` (the console route's parameter).
 * `meta.silent` suppresses the error toast for callers that show the error themselves (forms).
 */

/** The largest page the convention allows; used when a caller asks for every record. */
const FULL_PAGE = 200;

function callOptions(service: ServiceDecl, decl: ResourceDecl, meta?: MetaQuery): RequestOptions {
  const appId = typeof meta?.appId === 'string' ? meta.appId : undefined;
  if (decl.scope === 'app' && !appId) throw new Error(`${service.name}/${decl.name} needs an app id (meta.appId)`);
  return { appId: decl.scope === 'app' ? appId : undefined, silent: meta?.silent === true, throwResponse: true };
}

function logicalFilters(filters: CrudFilter[] = []): LogicalFilter[] {
  return filters.flatMap((f): LogicalFilter[] => {
    if (f.operator === 'and') return logicalFilters(f.value);
    if (f.operator === 'or') throw new Error('The REST convention cannot express "or" filters');
    return [f as LogicalFilter];
  });
}

/** Refine's sorters and filters as the convention's query: `sort`, `order`, `q` and exact-match filters. */
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

const itemUrl = (service: ServiceDecl, decl: ResourceDecl, id: string | number) =>
  `${service.base}${decl.path}/${encodeURIComponent(String(id))}`;

async function fetchAll<T>(url: string, query: Record<string, QueryValue>, options: RequestOptions): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await requireOk<ListPage<T>>(url, { ...options, query: { ...query, page, pageSize: FULL_PAGE } });
    items.push(...answer.items);
    if (answer.items.length < FULL_PAGE || items.length >= answer.total) return items;
  }
}

export const restDataProvider: DataProvider = {
  getApiUrl: () => '',

  async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters, meta }: Parameters<DataProvider['getList']>[0]) {
    const { service, decl } = requireDeclared(resource, meta);
    const url = `${service.base}${decl.path}`;
    const options = callOptions(service, decl, meta);
    const query = listQuery(decl, sorters, filters);
    if (pagination?.mode === 'off' || pagination?.mode === 'client') {
      const all = await fetchAll<TData>(url, query, options);
      return { data: all, total: all.length };
    }
    const page = pagination?.currentPage ?? 1;
    const pageSize = pagination?.pageSize ?? decl.list.pageSize ?? 20;
    const answer = await requireOk<ListPage<TData>>(url, { ...options, query: { ...query, page, pageSize } });
    return { data: answer.items, total: answer.total };
  },

  async getOne({ resource, id, meta }) {
    const { service, decl } = requireDeclared(resource, meta);
    return { data: await requireOk(itemUrl(service, decl, id), callOptions(service, decl, meta)) };
  },

  async create({ resource, variables, meta }) {
    const { service, decl } = requireDeclared(resource, meta);
    const body = writableBody(decl, variables, false);
    return { data: await requireOk(`${service.base}${decl.path}`, { ...callOptions(service, decl, meta), method: 'POST', body }) };
  },

  async update({ resource, id, variables, meta }) {
    const { service, decl } = requireDeclared(resource, meta);
    const body = writableBody(decl, variables, true);
    return { data: await requireOk(itemUrl(service, decl, id), { ...callOptions(service, decl, meta), method: 'PUT', body }) };
  },

  async deleteOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider['deleteOne']>[0]) {
    const { service, decl } = requireDeclared(resource, meta);
    await requireOk(itemUrl(service, decl, id), { ...callOptions(service, decl, meta), method: 'DELETE' });
    return { data: { id } as TData };
  },

  async deleteMany<TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: Parameters<NonNullable<DataProvider['deleteMany']>>[0]) {
    const { service, decl } = requireDeclared(resource, meta);
    const options = callOptions(service, decl, meta);
    if (decl.bulkDeleteParam) {
      await requireOk(`${service.base}${decl.path}`, { ...options, method: 'DELETE', query: { [decl.bulkDeleteParam]: ids.map(String) } });
    } else {
      for (const id of ids) await requireOk(itemUrl(service, decl, id), { ...options, method: 'DELETE' });
    }
    return { data: ids.map((id) => ({ id }) as TData) };
  },

  /**
   * Any other call: state actions (`PUT <item>/enable`), parts (`PUT <item>/variants`) and service calls such
   * as a simulation. With `meta.service` the url is relative to that service's base and carries its credential.
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
