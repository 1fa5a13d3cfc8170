import type { DeclaredResource } from '../../providers/declarations';
import { providerOf } from '../../providers/data-providers';
import { registerServices, servicesWithNamed } from '../../providers/services';
import { services } from '../../resources';
import type { ServiceDecl } from '../../resources/types';
import { dashboardPages, listRoutes, routePattern, serviceOfRoute, showRoutes, viewPages } from './routes';
import { firstPageParams } from './first-page';
import { APP_PLACEHOLDER, type ManifestRead, type ManifestRoute } from './route-manifest';
import type { ServiceMenu } from './menu';
import { serviceMenus } from './service-menus';

/**
 * The route manifest (./route-manifest.ts), from the declarations, when the console is built: the routes the console
 * mounts for engine pages (AppRoutes: lists, records, views, dashboards, in the order it looks them up), and each
 * list's first reads, recorded from the data provider itself (what its table asks for the first page, see
 * first-page.ts), so the entry asks for exactly what the table will.
 */

/** The app record a recorded read is made for (its credential is not part of the read). */
const APP_RECORD = { AppId: APP_PLACEHOLDER, AppServiceSecret: 'recorded', Role: 'owner', Services: {} };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The call a list's table makes for its first page, recorded by answering the provider's fetch with an empty page. */
async function recordFirstRead({ service, decl, key }: DeclaredResource): Promise<ManifestRead | null> {
  if (decl.singleton || decl.parent) return null;
  const sent: ManifestRead[] = [];
  const own = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    if (url === `/api/app/${APP_PLACEHOLDER}`) return json(APP_RECORD);
    sent.push({ resource: key, method: init.method ?? 'GET', url, ...(typeof init.body === 'string' ? { body: init.body } : {}), app: decl.scope === 'app' });
    return json({ items: [], total: 0 });
  }) as typeof fetch;
  try {
    await providerOf(service).getList(firstPageParams({ service, decl, key }, { service: service.name, resource: decl.name, appId: APP_PLACEHOLDER }));
  } catch {
    // A list whose first read cannot be told ahead (it needs more than the address): its table asks for it.
    return null;
  } finally {
    globalThis.fetch = own;
  }
  return sent[0] ?? null;
}

/**
 * The services a route's page needs loaded: the service whose route it is (whose menu names it: the borrower of a
 * borrowed resource), those whose records it shows, and every service they name, as the registry loads them.
 */
function needed(route: string, shown: ServiceDecl[]): string[] {
  return servicesWithNamed([serviceOfRoute(route), ...shown].flatMap((s) => (s ? [s.name] : [])));
}

export async function routeManifest(): Promise<ManifestRoute[]> {
  registerServices(services);
  const lists: ManifestRoute[] = [];
  for (const { route, resources } of listRoutes()) {
    const reads: Record<string, ManifestRead | null> = {};
    for (const resource of resources) reads[resource.decl.name] = await recordFirstRead(resource);
    lists.push({ pattern: routePattern(route), page: 'list', reads, services: needed(route, resources.map((r) => r.service)) });
  }
  const pages = (page: ManifestRoute['page'], routes: { route: string; service: ServiceDecl }[]) =>
    routes.map(({ route, service }) => ({ pattern: routePattern(route), page, services: needed(route, [service]) }));
  return [
    ...lists,
    ...pages('show', showRoutes().map(({ route, resource }) => ({ route, service: resource.service }))),
    ...pages('view', viewPages().map(({ page, service }) => ({ route: page.route, service }))),
    ...pages('dashboard', dashboardPages().map(({ page, service }) => ({ route: page.route, service }))),
  ];
}

/** The services' menus (./service-menus.ts), read in the same pass as the routes: `virtual:menu-manifest`. */
export function menuManifest(): ServiceMenu[] {
  registerServices(services);
  return serviceMenus(services);
}
