import { useCustom, type BaseRecord } from '@refinedev/core';
import type { ServiceDecl } from '../../resources/types';
import { isApiError, type ApiError } from '../../providers/http';
import type { ViewRowsState } from './useViewRows';

/**
 * One call of a service read for a back-office page (the totals and usage across apps): its answer, a refusal (4xx)
 * neither retried nor notified (the table says it), and rows of the answer as a view table's state, every row in
 * the one answer (`paging: client`).
 */
export function useAnswerRows<T>(service: ServiceDecl, url: string, query?: Record<string, string>) {
  const { query: read } = useCustom<BaseRecord>({
    url,
    method: 'get',
    ...(query ? { config: { query } } : {}),
    dataProviderName: service.convention,
    queryOptions: { retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  const rowsOf = (rows: Record<string, unknown>[] | undefined): ViewRowsState => ({
    rows: rows ?? [],
    total: rows?.length,
    loading: read.isFetching,
    error: (read.error ?? null) as ApiError | null,
    page: 1,
    setPage: () => undefined,
    refetch: read.refetch,
  });
  return { answer: read.data?.data as T | undefined, read, rowsOf };
}
