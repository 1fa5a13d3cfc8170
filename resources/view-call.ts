import { collectionPath } from './relations';
import type { CommandDecl, DetailViewDecl, ResourceDecl, ServiceDecl, ViewDecl } from './types';

export interface ViewCall {
  method: 'GET' | 'POST';
  /** Under the service base, with the record's parameter, e.g. `/users/:id/ban-actions`. */
  path: string;
  /** The parameter in `path` that takes the record's id. */
  param: string;
}

/**
 * How a record's view (a list, or a detail view: `DetailViewDecl`, always `GET`) is asked for: `GET <item
 * path><path>`, or `POST <item path><path>/search` (passport's search convention, spec 002 §7). The server's contract
 * tests and the console read this one answer.
 */
export function viewCall(service: ServiceDecl, resource: ResourceDecl, view: Pick<ViewDecl, 'path' | 'method'>): ViewCall {
  const method = view.method ?? 'GET';
  const param = resource.idParam ?? 'id';
  const search = method === 'POST' && service.convention === 'passport' ? '/search' : '';
  return { method, path: `${resource.path}/:${param}${view.path}${search}`, param };
}

export interface ViewRequest {
  method: 'GET' | 'POST';
  /** Under the service base, the record's id in place. */
  url: string;
  /** Paging, as the query of a GET or the body of a search. */
  paging: Record<string, number>;
}

/** One page of a record's view (the first `count` rows when the console pages them itself). */
export function viewRequest(service: ServiceDecl, resource: ResourceDecl, view: ViewDecl, id: string, page = 1, parentId?: string): ViewRequest {
  const call = viewCall(service, resource, view);
  const url = underParent(service, resource, call.path.replace(`:${call.param}`, encodeURIComponent(id)), parentId);
  return { method: call.method, url, paging: pagingParams(view.paging, page) };
}

/** The query of one page of a view's rows, as its call pages (`ViewDecl.paging`). */
export function pagingParams({ mode, pageSize, count, by }: ViewDecl['paging'], page: number): Record<string, number> {
  if (mode === 'client') return count ? { count } : {};
  return by === 'page' ? { page, pageSize } : { count: pageSize, start: (page - 1) * pageSize };
}

/** The call of a record's detail view, the record's id in place (under the service base). */
export function detailUrl(service: ServiceDecl, resource: ResourceDecl, detail: Pick<DetailViewDecl, 'path'>, id: string, parentId?: string): string {
  const call = viewCall(service, resource, detail);
  return underParent(service, resource, call.path.replace(`:${call.param}`, encodeURIComponent(id)), parentId);
}

/** The parent a sub-resource's record names (its `ParentDecl.field`), whose nested path its views are asked under. */
export function recordParentId(resource: ResourceDecl, record: Record<string, unknown>): string | undefined {
  const value = resource.parent?.field ? record[resource.parent.field] : undefined;
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** A sub-resource's record call (`<path>/<id>/...`) under its parent's item path, once the parent is known. */
function underParent(service: ServiceDecl, resource: ResourceDecl, path: string, parentId: string | undefined): string {
  if (!resource.parent || parentId === undefined) return path;
  return `${collectionPath(service, resource, parentId).slice(service.base.length)}${path.slice(resource.path.length)}`;
}

/** The resource's item commands a view offers on itself (`ViewDecl.recordCommands`), in the view's order. */
export function viewCommands(resource: ResourceDecl, view: Pick<ViewDecl, 'recordCommands'>): CommandDecl[] {
  return (view.recordCommands ?? []).flatMap((name) => resource.commands?.filter((c) => c.name === name && c.on === 'item') ?? []);
}

/** Whether one of the resource's views offers the command, so the record's other buttons leave it out. */
export function offeredByView(resource: ResourceDecl, command: Pick<CommandDecl, 'name' | 'on'>): boolean {
  return command.on === 'item' && (resource.views ?? []).some((v) => v.recordCommands?.includes(command.name));
}
