import type { FormInstance } from 'antd';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { isApiError, type ApiError } from '../../../providers/http';

/**
 * A GET of the platform API for a page that shows its own failure (a 403 becomes an "unavailable" page rather
 * than a toast). An absent `url` waits.
 */
export function useApiGet<T extends BaseRecord>(url: string | undefined, query?: Record<string, string | number | undefined>) {
  const { query: q } = useCustom<T>({
    url: url ?? '',
    method: 'get',
    config: { query },
    meta: { silent: true },
    // A refusal (4xx) will not change by asking again; other failures are retried twice.
    queryOptions: { enabled: !!url, retry: (count, error) => !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  return {
    // Refine's `result.data` is an empty object until an answer arrives: read the answer itself.
    data: q.data?.data as T | undefined,
    loading: q.isLoading,
    error: (q.error ?? null) as ApiError | null,
    refetch: q.refetch,
  };
}

/** A refused call's field errors on the form's own fields (`/Name` → Name). Returns whether any landed. */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const fields = Object.entries(error.errors)
    .filter(([field]) => field.startsWith('/') && field.length > 1)
    .map(([field, message]) => ({ name: field.slice(1).split('/'), errors: [message] }));
  form.setFields(fields);
  return fields.length > 0;
}
