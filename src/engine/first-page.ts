import type { CrudFilter, CrudSort, MetaQuery } from '@refinedev/core';
import type { ResourceDecl } from '../../resources';
import { readListAhead } from '../../providers/crud';
import { providerOf } from '../../providers/data-providers';
import { requireDeclared, type DeclaredResource } from '../../providers/declarations';

/** The page a declared list opens on: the first, of the declared size, in the declared order. */
export function firstPage(decl: ResourceDecl) {
  return {
    pagination: { currentPage: 1, pageSize: decl.list.pageSize ?? 20, mode: 'server' as const },
    sorters: (decl.list.defaultSort ? [decl.list.defaultSort] : []) as CrudSort[],
  };
}

/** The read a declared list's table makes for the page it opens on (`meta` naming the app; `filters`: the screen's own). */
export const firstPageParams = ({ key, decl }: DeclaredResource, meta: MetaQuery, filters: CrudFilter[] = []) => ({ resource: key, ...firstPage(decl), filters, meta });

/**
 * Reads a list's first page ahead of its table (providers/lists-ahead.ts), through the list's data provider, from the
 * answer of the same read asked ahead (`RequestOptions.fromAhead`): it asks nothing itself.
 */
export function readFirstPageAhead(resource: string, appId: string): void {
  const declared = requireDeclared(resource);
  readListAhead(providerOf(declared.service), firstPageParams(declared, { service: declared.service.name, resource: declared.decl.name, appId, fromAhead: true }));
}
