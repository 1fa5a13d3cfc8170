import type { CrudSort } from '@refinedev/core';
import type { ResourceDecl } from '../../resources';

/** The page a declared list opens on: the first, of the declared size, in the declared order. */
export function firstPage(decl: ResourceDecl) {
  return {
    pagination: { currentPage: 1, pageSize: decl.list.pageSize ?? 20, mode: 'server' as const },
    sorters: (decl.list.defaultSort ? [decl.list.defaultSort] : []) as CrudSort[],
  };
}
