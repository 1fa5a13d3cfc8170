import { useCustom, type BaseRecord } from '@refinedev/core';
import { isApiError, type ApiError } from '../../providers/http';

type Query = Record<string, string | number | undefined>;

/**
 * A platform-API call read as a query, for the console's hand-written pages: GET with a query string, or POST with
 * a body (searches with filters). An absent `url` waits. Failures show the shared toast unless `silent` (the page
 * shows them itself, e.g. a 403 as an "unavailable" page). A refusal (4xx) is not asked again; other failures are
 * retried twice.
 */
export function useApiQuery<T extends BaseRecord>(url: string | undefined, opts: { query?: Query; payload?: unknown; silent?: boolean } = {}) {
  const { query } = useCustom<T>({
    url: url ?? '',
    method: opts.payload === undefined ? 'get' : 'post',
    config: { query: opts.query, payload: opts.payload as never },
    meta: { silent: opts.silent === true },
    queryOptions: { enabled: !!url, retry: (count, error) => !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  return {
    // Refine's `result.data` is an empty object until an answer arrives: read the answer itself.
    data: query.data?.data as unknown as T | undefined,
    loading: query.isLoading,
    error: (query.error ?? null) as ApiError | null,
    refetch: query.refetch,
  };
}

export { showFieldErrors } from './fieldErrors';
