import { accountRoutes } from './account';
import { billingRoutes } from './billing';
import { meteringRoutes } from './metering';
import { paymentsRoutes } from './payments';
import { opsRoutes } from './ops';
import { declaredAdminRoutes } from './declared-admin';
import { orgRoutes } from './org';
import type { PageRoute, RouteSet } from './types';

export type { PageRoute, RouteSet } from './types';

const sets: RouteSet[] = [accountRoutes, orgRoutes, opsRoutes, declaredAdminRoutes, billingRoutes, meteringRoutes, paymentsRoutes];

/** Every page of one kind, from every area, menu entries in their declared order. */
export function pagesOf(kind: keyof RouteSet): PageRoute[] {
  return sets.flatMap((s) => s[kind] ?? []).sort((a, b) => (a.menu?.order ?? 999) - (b.menu?.order ?? 999));
}
