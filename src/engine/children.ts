import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { subResourcesOf } from '../../resources/relations';
import { allResources, resourceKey, type DeclaredResource } from '../../providers/declarations';
import type { FixedFilter } from './ResourceTable';

/** A list shown on a record's page: a child resource filtered to the record, or a sub-resource under it. */
export interface Child {
  declared: DeclaredResource;
  fixed?: FixedFilter;
}

/**
 * The declared children of a resource found in its service, each with the filter that ties it to this record,
 * then its sub-resources, called through this record's nested path (ADR 0015).
 */
export function childrenOf(service: ServiceDecl, decl: ResourceDecl, id: string): Child[] {
  const filtered = (decl.children ?? []).flatMap((child) => {
    const declared = allResources().find((r) => r.service.name === service.name && r.decl.name === child.resource);
    return declared ? [{ declared, fixed: { field: child.field, value: id } }] : [];
  });
  // A sub-resource without a list of its own (a guild's members, shown by the guild's views) has none to show here.
  const listed = subResourcesOf(service, decl).filter((sub) => sub.operations.includes('list'));
  const nested = listed.map((sub) => ({ declared: { service, decl: sub, key: resourceKey(service, sub), parentId: id } }));
  return [...filtered, ...nested];
}
