import { useCustom, type BaseRecord } from '@refinedev/core';
import { isApiError, type ApiError } from '../../providers/http';
import { pageViewRequest, type FilterValues } from '../../resources/page-view-call';
import type { PageViewDecl, ServiceDecl } from '../../resources/types';
import type { ViewRowsState } from './useViewRows';

/**
 * A page's view read through its declared call under the filters set (`pageViewRequest`): waits while a filter
 * its path needs is unset; a refusal (4xx) is not retried.
 */
export function usePageViewRows(service: ServiceDecl, view: PageViewDecl, values: FilterValues, appId: string, page: number, setPage: (page: number) => void) {
  const request = pageViewRequest(service, view, values, appId, page);
  const { query } = useCustom<BaseRecord>({
    url: request.url ?? '',
    method: request.method === 'GET' ? 'get' : 'post',
    config: request.method === 'GET' ? { query: request.params } : { payload: request.params },
    meta: { service: service.name, appId, silent: true },
    dataProviderName: service.convention,
    queryOptions: { enabled: !!request.url && !!appId, retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  const answer = query.data?.data as Record<string, unknown> | undefined;
  const rows = answer?.[view.listKey];
  const state: ViewRowsState = {
    rows: request.url && Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [],
    total: request.url && typeof answer?.total === 'number' ? answer.total : undefined,
    loading: !!request.url && query.isFetching,
    error: (query.error ?? null) as ApiError | null,
    page,
    setPage,
    refetch: query.refetch,
  };
  return { state, request };
}
