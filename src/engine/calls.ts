import type { BaseRecord, MetaQuery } from '@refinedev/core';
import { actionUrl } from '../../resources/action-call';
import { collectionUrl } from '../../providers/crud';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';

/**
 * Where the console calls a declared resource's own calls — state actions, parts, commands — at the addresses the
 * server mounts them: after the collection path, or after one record's path; a sub-resource's under the record of
 * its parent that the scope's `meta.parentId` names (`collectionPath`, ADR 0015). The service base is included.
 */
export interface CallScope {
  service: ServiceDecl;
  decl: ResourceDecl;
  /** A sub-resource's parent is `meta.parentId`. */
  meta?: MetaQuery;
  idOf: (record: BaseRecord) => string;
}

/** `<collection><path>`: a collection's or a selection's command. */
export const collectionCallUrl = (scope: CallScope, path: string): string => `${collectionUrl(scope.service, scope.decl, scope.meta)}${path}`;

/** `<collection>/<id><path>`: a state action, a part or an item command on one record. */
export const recordCallUrl = (scope: CallScope, record: BaseRecord, call: { path: string }): string =>
  actionUrl(collectionUrl(scope.service, scope.decl, scope.meta), scope.idOf(record), call);
