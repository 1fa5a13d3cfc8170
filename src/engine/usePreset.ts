import { useMemo } from 'react';
import { useList, type BaseRecord } from '@refinedev/core';
import { findResource } from '../../providers/services';
import { optionsParentId, optionsService } from './form/widgets/reference-options';
import { propertyOf, xui } from './schema';
import type { DeclaredScope } from './useDeclared';
import type { FixedFilter } from './ResourceTable';

/**
 * What a record created under a fixed filter starts with: the filter's value (a child tied to its parent), or, for a
 * screen showing the records that hold some value of a field (`BorrowedWhere.present`) referring to other records, the
 * first of those records (the matchmaking configs of Sync start on the app's first room profile; another may be
 * chosen). Undefined: nothing to preset.
 */
export function usePreset(scope: DeclaredScope, fixed: FixedFilter | undefined): Record<string, unknown> | undefined {
  const field = fixed?.field;
  const from = field && fixed?.present ? xui(propertyOf(scope.decl.schema, field)).optionsFrom : undefined;
  const serviceName = optionsService(from, scope.service.name);
  const target = from ? findResource(serviceName, from.resource) : undefined;
  const parentId = optionsParentId(target, undefined, from, undefined, scope.appId);
  const { result } = useList<BaseRecord>({
    resource: `${serviceName}.${from?.resource ?? ''}`,
    pagination: { mode: 'server', currentPage: 1, pageSize: 1 },
    meta: { service: serviceName, resource: from?.resource, appId: scope.appId, parentId },
    queryOptions: { enabled: !!target && parentId !== null && !!scope.appId },
    errorNotification: false,
  });
  const first = target ? result.data[0]?.[from?.value ?? 'id'] : undefined;
  const value = fixed?.value;
  return useMemo(() => {
    if (!field) return undefined;
    if (value !== undefined) return { [field]: value };
    return first === undefined ? undefined : { [field]: first };
  }, [field, value, first]);
}
