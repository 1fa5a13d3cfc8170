import type { ResourceDecl, ServiceDecl } from './types';

/**
 * Where a resource's records are reached, read by the server (to mount them), the console (to call them) and the
 * tests. A sub-resource (`parent`) is nested under its parent's item path; a reference names another record (ADR 0015).
 */

/** The resource a sub-resource is nested under; undefined for a top-level resource. */
export function parentOf(service: ServiceDecl, decl: ResourceDecl): ResourceDecl | undefined {
  if (!decl.parent) return undefined;
  const parent = service.resources.find((r) => r.name === decl.parent?.resource);
  if (!parent) throw new Error(`${service.name}/${decl.name}: parent resource '${decl.parent.resource}' is not declared`);
  return parent;
}

/**
 * A resource's collection path, service base included: `<base><path>`, or for a sub-resource
 * `<base><parent path>/:<param><path>` — with the parent's key put in place of `:<param>` when `parentKey` is given.
 */
export function collectionPath(service: ServiceDecl, decl: ResourceDecl, parentKey?: string): string {
  const parent = parentOf(service, decl);
  if (!parent || !decl.parent) return `${service.base}${decl.path}`;
  const key = parentKey === undefined ? `:${decl.parent.param}` : encodeURIComponent(parentKey);
  return `${service.base}${parent.path}/${key}${decl.path}`;
}

/** The sub-resources of a resource: those declaring it as their parent. */
export const subResourcesOf = (service: ServiceDecl, decl: ResourceDecl): ResourceDecl[] =>
  service.resources.filter((r) => r.parent?.resource === decl.name);

/**
 * The message a refused delete answers (409 `IN_USE`): `still used by <referrers>: <a few of their titles>`. The
 * console's dictionary has one entry per resource that refers to another, so the referrers are named in its language.
 */
export const inUseMessage = (referrer: ResourceDecl, titles: string): string => `still used by ${referrer.label.en.toLowerCase()}: ${titles}`;

/** The resources of the service that refer to `decl` (a declared reference or as their parent). */
export const referrersOf = (service: ServiceDecl, decl: ResourceDecl): ResourceDecl[] =>
  service.resources.filter((r) => r.parent?.resource === decl.name || (r.references ?? []).some((ref) => ref.resource === decl.name));

/** The call answering what refers to one record (`GET <item>/used-by`), mounted when `referrersOf` is not empty. */
export const USED_BY = { path: '/used-by' };
