import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isApiError, request, type QueryValue } from '../../providers/http';

export interface Fetched<T> {
  data: T | undefined;
  loading: boolean;
  error: ApiError | null;
  refetch: () => Promise<void>;
}

/**
 * A GET for the public pages, which load without the console (the console's pages use `useApiQuery`): asks when
 * the page opens and whenever the address or query changes; an absent `url` waits. Failures show the shared toast
 * unless `silent`. An answer that arrives after a newer request started is dropped.
 */
export function useFetch<T>(url: string | undefined, opts: { query?: Record<string, QueryValue>; silent?: boolean } = {}): Fetched<T> {
  const [state, setState] = useState<{ data?: T; loading: boolean; error: ApiError | null }>({ loading: !!url, error: null });
  const queryKey = JSON.stringify(opts.query ?? {});
  const latest = useRef(0);
  const { silent } = opts;

  const load = useCallback(async () => {
    if (!url) return;
    const ticket = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await request<T>(url, { query: JSON.parse(queryKey) as Record<string, QueryValue>, silent, throwResponse: true });
      if (ticket === latest.current) setState({ data: data ?? undefined, loading: false, error: null });
    } catch (error) {
      if (ticket !== latest.current) return;
      setState({ data: undefined, loading: false, error: isApiError(error) ? error : new ApiError(0, String(error)) });
    }
  }, [url, queryKey, silent]);

  useEffect(() => {
    const requests = latest;
    void load();
    // Leaving (or a new address) drops the answer still on its way.
    return () => {
      requests.current++;
    };
  }, [load]);

  return { data: state.data, loading: state.loading, error: state.error, refetch: load };
}
