import { lazy } from 'react';
import { acrossAppsDeclared, allResources, type DeclaredResource } from '../../providers/declarations';
import { services } from '../../providers/services';
import { acrossAppsName, acrossAppsPages, type AcrossAppsPageDecl } from '../../resources/across-apps';
import type { PageRoute, RouteSet } from './types';

/** Where the back office's menu lists the platform's declared records: after the ops pages. */
const MENU_ORDER = 83;
/** Where it lists app records across every app (`ResourceDecl.acrossApps`): among the ops pages, after the history. */
const ACROSS_APPS_ORDER = 80;

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

/** A back-office page of app-scoped resources listed across apps (`acrossApps.route`): each derived resource's table. */
function acrossAppsPage(page: AcrossAppsPageDecl, i: number): PageRoute {
  const entries = page.resources.map((res) => ({ res, declared: acrossAppsDeclared().find((d) => d.service === page.service && d.decl.name === acrossAppsName(res))! }));
  return {
    path: page.route,
    Component: lazy(() =>
      import('../engine/AcrossAppsPage').then(({ AcrossAppsPage }) => ({
        default: () => <AcrossAppsPage service={page.service} title={page.title} entries={entries} />,
      })),
    ),
    menu: { label: page.title, icon: page.service.catalogue.icon, order: ACROSS_APPS_ORDER + i / 100 },
  };
}

/** The pages, built from the services loaded so far; built again only when more have loaded (services only ever arrive). */
let built: { from: number; pages: PageRoute[] } | undefined;

function declaredAdminPages(): PageRoute[] {
  if (built?.from !== services.length) {
    const pages = [
      ...allResources()
        .filter((r) => r.decl.scope === 'platform' && r.decl.routes?.admin)
        .map(platformPage),
      ...acrossAppsPages(services).map(acrossAppsPage),
    ];
    built = { from: services.length, pages };
  }
  return built.pages;
}

/**
 * The back office's pages of the platform-scoped resources (`ResourceDecl.routes.admin`) and of the app resources
 * listed across apps (`ResourceDecl.acrossApps`), from the declarations: read as the routes render, so they follow
 * the services as they load (providers/services.ts).
 */
export const declaredAdminRoutes: RouteSet = {
  get admin() {
    return declaredAdminPages();
  },
};
