import { useCustom, type BaseRecord } from '@refinedev/core';
import { isApiError, requireOk, type QueryValue } from '../../../providers/http';
import { cdnDataProvider } from '../../../providers/cdn';
import { resourceKey } from '../../../providers/declarations';
import { assetStreaming } from '../../../resources/asset-streaming';
import { callUrl, type CallDecl } from '../../../resources/call-types';
import { fillCommandPath } from '../../../resources/command-call';
import { findResource } from '../../../providers/services';

/** Asset streaming's screens read the service, its calls and its records' addresses from its declaration. */
export const cdnService = assetStreaming;

function declaredCall(name: string): CallDecl {
  const call = cdnService.calls?.[name];
  if (!call) throw new Error(`${cdnService.name} declares no call "${name}"`);
  return call;
}

/** A declared call's full address (base included), by its name, with its path parameters filled in. */
export function cdnCallUrl(name: string, params: Record<string, unknown>): string {
  const call = declaredCall(name);
  return callUrl(cdnService.base, { ...call, path: fillCommandPath(call.path, params).path });
}

/** A declared call, by name: its method and address from the declaration; a failure is thrown after its toast. */
export function cdnCall<T>(appId: string, name: string, params: Record<string, unknown>, opts: { query?: Record<string, QueryValue>; body?: unknown; silent?: boolean } = {}): Promise<T> {
  return requireOk<T>(cdnCallUrl(name, params), { appId, method: declaredCall(name).method, ...opts });
}

/** The Refine name of one of the service's declared resources (`asset-streaming.entries`). */
export const cdnResource = (name: 'buckets' | 'entries' | 'badges'): string => resourceKey(cdnService, findResource(cdnService.name, name)!);

/** Every record of a declared list (a bucket's entries with `parentId`), through the service's data provider. */
export async function allRecords<T extends BaseRecord>(appId: string, name: 'buckets' | 'entries', parentId?: string): Promise<T[]> {
  const answer = await cdnDataProvider.getList<T>({ resource: cdnResource(name), pagination: { mode: 'off' }, meta: { appId, ...(parentId ? { parentId } : {}) } });
  return answer.data;
}

/** Writes a bucket's entry through the data provider: created, or its content changed (its version read before). */
export function writeEntry(appId: string, bucketId: string, entry: { path: string; contentHash: string; id?: string; version?: number }) {
  const meta = { appId, parentId: bucketId, silent: true };
  const { id, ...variables } = entry;
  return id === undefined
    ? cdnDataProvider.create({ resource: cdnResource('entries'), variables, meta })
    : cdnDataProvider.update({ resource: cdnResource('entries'), id, variables, meta });
}

/** A read of one of the service's declared calls (GET), by its name; an absent `params` waits. Failures show the toast. */
export function useCdnQuery<T>(appId: string, name: string, params: Record<string, unknown> | undefined, query?: Record<string, QueryValue>) {
  const { query: q } = useCustom<T & object>({
    url: params ? cdnCallUrl(name, params) : '',
    method: 'get',
    config: { query: query as Record<string, string> | undefined },
    meta: { service: cdnService.name, appId },
    queryOptions: { enabled: !!params && !!appId, retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  return { data: q.data?.data as T | undefined, loading: q.isLoading, error: q.error, refetch: q.refetch };
}
