import { useCustom, useInvalidate } from '@refinedev/core';
import { isApiError, requireOk, type ApiError, type QueryValue } from '../../../providers/http';
import { passport } from '../../../resources/passport';
import { callUrl, type CallDecl } from '../../../resources/call-types';
import { fillCommandPath } from '../../../resources/command-call';

/** Passport's API base, from its declaration (spec 002 §7). */
export const PASSPORT_BASE = passport.base;

/**
 * A passport call read as a query for the hand-written passport screens: GET with a query string, or POST with a
 * body. An absent `url` waits. The app's credential goes with it; failures show the shared toast. A refusal (4xx)
 * is not retried. A `silent` one shows no toast (a preview of what is being typed).
 */
export function usePassportQuery<T>(appId: string, url: string | undefined, opts: { query?: Record<string, QueryValue>; payload?: unknown; silent?: boolean } = {}) {
  const { query } = useCustom<T & object>({
    url: url ?? '',
    method: opts.payload === undefined ? 'get' : 'post',
    config: { query: opts.query as Record<string, string>, payload: opts.payload as never },
    meta: { service: 'passport', appId, silent: opts.silent },
    queryOptions: { enabled: !!url && !!appId, retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  return {
    data: query.data?.data as T | undefined,
    loading: query.isLoading || query.isFetching,
    error: (query.error ?? null) as ApiError | null,
    refetch: query.refetch,
  };
}

/** A passport call that changes something; a failure is thrown after the shared toast has shown it. */
export function passportCall<T>(appId: string, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  return requireOk<T>(`${PASSPORT_BASE}${url}`, { appId, method, body });
}

/** Reloads a declared passport resource everywhere it is shown (its list, its record pages). */
export function useRefreshResource(resource: string) {
  const invalidate = useInvalidate();
  return () => invalidate({ resource: `passport.${resource}`, invalidates: ['resourceAll'], dataProviderName: 'passport' });
}

function declaredCall(name: string): CallDecl {
  const call = passport.calls?.[name];
  if (!call) throw new Error(`passport declares no call "${name}"`);
  return call;
}

/** A declared passport call's address under the base, by its name, with its path parameters (`:id`) filled in. */
export function callAddress(name: string, params: Record<string, unknown>): string {
  const call = declaredCall(name);
  return callUrl('', { ...call, path: fillCommandPath(call.path, params).path });
}

/** A declared passport call that changes something, by its name: its method and address from the declaration. */
export function callPassport<T>(appId: string, name: string, params: Record<string, unknown>, body?: unknown): Promise<T> {
  return requireOk<T>(`${PASSPORT_BASE}${callAddress(name, params)}`, { appId, method: declaredCall(name).method, body });
}
