import { useState } from 'react';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { isApiError, type ApiError } from '../../providers/http';
import type { ResourceDecl, ServiceDecl, ViewDecl } from '../../resources/types';
import { recordParentId, viewRequest } from '../../resources/view-call';
import { useRefetchOnChange } from './useRefetchOnChange';

export interface ViewRowsState {
  rows: Record<string, unknown>[];
  total: number | undefined;
  loading: boolean;
  error: ApiError | null;
  page: number;
  setPage: (page: number) => void;
  refetch: () => unknown;
}

/**
 * A record's view read through its declared call (`viewRequest`): the page asked for when the server pages it, or
 * every row once; asked again when the record's version changes if the view says so. A refusal (4xx) is not retried.
 */
export function useViewRows(service: ServiceDecl, owner: ResourceDecl, view: ViewDecl, record: BaseRecord, appId: string): ViewRowsState {
  const [page, setPage] = useState(1);
  const id = String(record[owner.idField] ?? '');
  const request = viewRequest(service, owner, view, id, page, recordParentId(owner, record));
  const { query } = useCustom<BaseRecord>({
    url: request.url,
    method: request.method === 'GET' ? 'get' : 'post',
    config: request.method === 'GET' ? { query: request.paging } : { payload: request.paging },
    meta: { service: service.name, appId, silent: true },
    dataProviderName: service.convention,
    queryOptions: { enabled: !!id && !!appId, retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  const { refetch } = query;
  const version = view.refetchOnChange ? record.version : undefined;
  useRefetchOnChange(refetch, version);

  const answer = query.data?.data as Record<string, unknown> | undefined;
  const rows = answer?.[view.listKey];
  return {
    rows: Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [],
    total: typeof answer?.total === 'number' ? answer.total : undefined,
    loading: query.isFetching,
    error: (query.error ?? null) as ApiError | null,
    page,
    setPage,
    refetch,
  };
}
