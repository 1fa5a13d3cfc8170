import type { FormInstance } from 'antd';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { isApiError } from '../../../providers/http';

type Query = Record<string, string | number | undefined>;

/**
 * A platform-API call read as a query: GET with a query string, or POST with a body (the history filters).
 * An absent `url` waits. Failures show the shared toast unless `silent` (the page shows them itself).
 */
export function useApiQuery<T extends BaseRecord>(url: string | undefined, opts: { query?: Query; payload?: unknown; silent?: boolean } = {}) {
  const { query } = useCustom<T>({
    url: url ?? '',
    method: opts.payload === undefined ? 'get' : 'post',
    config: { query: opts.query, payload: opts.payload as never },
    queryOptions: { enabled: !!url },
    meta: { silent: opts.silent === true },
    errorNotification: false,
  });
  // Refine's `result.data` is an empty object until the answer arrives; the query's own data stays undefined.
  return { data: query.data?.data as unknown as T | undefined, loading: query.isLoading || query.isFetching, error: query.error, refetch: query.refetch };
}

/** A refused call's field errors (`/Name`) on the form's fields. Returns whether any landed. */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const fields = Object.entries(error.errors)
    .filter(([field]) => field.startsWith('/') && field.length > 1)
    .map(([field, message]) => ({ name: field.slice(1).split('/')[0], errors: [message] }));
  form.setFields(fields);
  return fields.length > 0;
}
