import { useEffect, useState } from 'react';
import { useList, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { findResource } from '../../../../providers/services';
import type { OptionsFrom } from '../../schema';
import type { FormContext } from '../context';
import { optionsParentId, optionsService } from './reference-options';

/** The first records a searching choice offers (the typed text narrows them on the server). */
const SEARCH_PAGE = 50;

/** How long typing pauses before what was typed is searched. */
const SEARCH_DELAY_MS = 300;

/**
 * The records named by `x-ui.optionsFrom` (another resource of the same service; a sub-resource's under the record
 * the form works under, see `optionsParentId`). With `search` (what the user typed) and a resource that declares
 * free-text search, the first matching page; otherwise all of them.
 */
export function useResourceOptions(context: FormContext, from: OptionsFrom | undefined, search?: string) {
  const serviceName = optionsService(from, context.serviceName);
  const declared = from ? findResource(serviceName, from.resource) : undefined;
  const parentId = optionsParentId(declared, context.parent, from, context.rootData, context.appId);
  const target = parentId === null ? undefined : declared;
  const searching = search !== undefined && !!target?.list.search?.length;
  const filters: CrudFilter[] = searching && search ? [{ field: 'q', operator: 'contains', value: search }] : [];
  const { result, query } = useList<BaseRecord>({
    resource: `${serviceName}.${from?.resource ?? ''}`,
    pagination: searching ? { mode: 'server', currentPage: 1, pageSize: SEARCH_PAGE } : { mode: 'off' },
    filters,
    meta: { service: serviceName, resource: from?.resource, appId: context.appId, parentId },
    queryOptions: { enabled: !!target && !!context.appId },
    errorNotification: false,
  });
  return { records: target ? result.data : [], loading: !!target && query.isLoading, searching };
}

/**
 * `useResourceOptions` searched as one types (a choice with a search box): `onSearch` takes what is typed, which is
 * searched once typing pauses.
 */
export function useTypedResourceOptions(context: FormContext, from: OptionsFrom | undefined) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { ...useResourceOptions(context, from, search), onSearch: setTyped };
}
