import { accountRoutes } from './account';
import { opsRoutes } from './ops';
import { orgRoutes } from './org';
import type { PageRoute, RouteSet } from './types';

export type { PageRoute, RouteSet } from './types';

const sets: RouteSet[] = [accountRoutes, orgRoutes, opsRoutes];

/** Every page of one kind, from every area, menu entries in their declared order. */
export function pagesOf(kind: keyof RouteSet): PageRoute[] {
  return sets.flatMap((s) => s[kind] ?? []).sort((a, b) => (a.menu?.order ?? 999) - (b.menu?.order ?? 999));
}
