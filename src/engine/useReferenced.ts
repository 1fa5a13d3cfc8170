import { useList, useOne, type BaseRecord } from '@refinedev/core';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import type { OptionsFrom } from './schema';

/**
 * The record another record names by `value` (`x-ui.optionsFrom`). A resource whose item paths take that field
 * (its id, or its `addressBy` slug) is read record by record — a list page shares the reads of the same value;
 * otherwise its records are read once, all of them, and the one with that value is picked.
 */
export function useReferenced(service: ServiceDecl | undefined, target: ResourceDecl | undefined, from: OptionsFrom, value: string, appId: string, parentId?: string) {
  const addressable = !!target && !target.singleton && target.operations.includes('show') && (from.value === target.idField || from.value === target.addressBy);
  // A sub-resource's record is read under its parent.
  const meta = { service: service?.name, resource: from.resource, appId, silent: true, parentId };
  const resource = `${service?.name}.${from.resource}`;
  const one = useOne<BaseRecord>({
    resource,
    id: value,
    meta,
    queryOptions: { enabled: addressable && !!appId && !!value, staleTime: 30_000, retry: false },
    errorNotification: false,
  });
  const all = useList<BaseRecord>({
    resource,
    pagination: { mode: 'off' },
    meta,
    queryOptions: { enabled: !!target && !addressable && !!appId, staleTime: 30_000 },
    errorNotification: false,
  });
  if (addressable) return one.result;
  return all.result.data.find((r) => String(r[from.value]) === value);
}
