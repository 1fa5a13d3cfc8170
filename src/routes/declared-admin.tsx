import { lazy } from 'react';
import { allResources, type DeclaredResource } from '../../providers/declarations';
import type { PageRoute, RouteSet } from './types';

/** Where the back office's menu lists the platform's declared records: after the ops pages. */
const MENU_ORDER = 83;

function platformPage(declared: DeclaredResource, i: number): PageRoute {
  return {
    path: declared.decl.routes!.admin!,
    Component: lazy(() =>
      import('../engine/PlatformRecordsPage').then(({ PlatformRecordsPage }) => ({
        default: () => <PlatformRecordsPage declared={declared} />,
      })),
    ),
    menu: { label: declared.decl.label, icon: declared.service.catalogue.icon, order: MENU_ORDER + i / 100 },
  };
}

/** The back office's pages of the platform-scoped resources (`ResourceDecl.routes.admin`), from the declarations. */
export const declaredAdminRoutes: RouteSet = {
  admin: allResources()
    .filter((r) => r.decl.scope === 'platform' && r.decl.routes?.admin)
    .map(platformPage),
};
