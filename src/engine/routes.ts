import type { ResourceProps } from '@refinedev/core';
import type { DashboardDecl, PageDecl, PageViewDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import { services } from '../../providers/services';
import { acrossAppsDeclared, allResources, borrowedDeclared, type DeclaredResource } from '../../providers/declarations';
import type { AppRecord } from '../../providers/types';

/** The app console's base; declared routes are relative to it unless they start with "/". */
export const APP_BASE = '/services/:appId';

export const routePattern = (route: string): string => (route.startsWith('/') ? route : `${APP_BASE}/${route}`);

/** A declared route with its parameters filled in. */
export function routeTo(route: string, params: Record<string, string>): string {
  return routePattern(route).replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * Every declared resource as a Refine resource: its routes, its declaration's names, its data provider. The back
 * office's lists across apps (`ResourceDecl.acrossApps`) too, so a delete there refreshes their table, and the resources
 * other services show (`ServiceDecl.borrowed`).
 */
export function refineResources(): ResourceProps[] {
  return [...allResources(), ...borrowedDeclared(), ...acrossAppsDeclared()].map(({ service, decl, key }) => ({
    name: key,
    identifier: key,
    list: decl.routes?.list ? routePattern(decl.routes.list) : undefined,
    show: decl.routes?.show ? routePattern(decl.routes.show) : undefined,
    meta: {
      service: service.name,
      resource: decl.name,
      label: decl.label['zh-CN'],
      dataProviderName: service.convention,
      canDelete: decl.operations.includes('delete'),
      hide: true,
    },
  }));
}

/** Every resource shown at a route of the app console: the declared ones, then those other services show. */
export const shownResources = (): DeclaredResource[] => [...allResources(), ...borrowedDeclared()];

/** List routes and the resources shown on each (several resources on one route are tabs). */
export function listRoutes(): { route: string; resources: DeclaredResource[] }[] {
  const byRoute = new Map<string, DeclaredResource[]>();
  for (const r of shownResources()) {
    const route = r.decl.routes?.list;
    if (route) byRoute.set(route, [...(byRoute.get(route) ?? []), r]);
  }
  return [...byRoute].map(([route, resources]) => ({ route, resources }));
}

/** The pages of a service that are a declared view (`PageDecl.view`): the engine renders them, no registry entry. */
export function viewPages(): { service: ServiceDecl; page: PageDecl & { view: PageViewDecl } }[] {
  return services.flatMap((service) => (service.pages ?? []).flatMap((page) => (page.view ? [{ service, page: page as PageDecl & { view: PageViewDecl } }] : [])));
}

/** The pages of a service that are a declared dashboard (`PageDecl.dashboard`): the engine renders them too. */
export function dashboardPages(): { service: ServiceDecl; page: PageDecl & { dashboard: DashboardDecl } }[] {
  return services.flatMap((service) => (service.pages ?? []).flatMap((page) => (page.dashboard ? [{ service, page: page as PageDecl & { dashboard: DashboardDecl } }] : [])));
}

export function showRoutes(): { route: string; resource: DeclaredResource }[] {
  return shownResources().flatMap((resource) => (resource.decl.routes?.show ? [{ route: resource.decl.routes.show, resource }] : []));
}

/** The last parameter of a record's route names the record (`config/override/:id` → `id`). */
export const recordParamOf = (route: string): string => /:(\w+)\??$/.exec(route)?.[1] ?? 'id';

/** How a record is named in its item paths: its `addressBy` field (a slug) when it has one, else its id. */
export function addressOf(decl: ResourceDecl, record: Record<string, unknown>): string {
  const slug = decl.addressBy ? record[decl.addressBy] : undefined;
  return String(slug !== undefined && slug !== null && slug !== '' ? slug : record[decl.idField]);
}

/**
 * The page of one record, or undefined when its resource has no show route. The route's last parameter names the
 * record (by its slug where the resource is addressed by one); a sub-resource's parent param from its parent field;
 * any other parameter from the record's field of that name. Given only an id, the record is named by it.
 */
export function showPathOf(decl: ResourceDecl, appId: string, recordOrId: string | Record<string, unknown>): string | undefined {
  const route = decl.routes?.show;
  const record = typeof recordOrId === 'string' ? { [decl.idField]: recordOrId } : recordOrId;
  if (!route) return undefined;
  const params: Record<string, string> = { appId, [recordParamOf(route)]: addressOf(decl, record) };
  // A sub-resource's page names its parent by the parent's param, read from the record's parent field.
  const { param, field } = decl.parent ?? {};
  if (param && field && !(param in params) && record[field] !== undefined) params[param] = String(record[field]);
  for (const [, name] of route.matchAll(/:(\w+)/g)) if (!(name in params) && record[name] !== undefined) params[name] = String(record[name]);
  return routeTo(route, params);
}

/** The list page of a resource, opened on its tab. */
export function listPathOf(decl: ResourceDecl, appId: string): string | undefined {
  return decl.routes?.list ? `${routeTo(decl.routes.list, { appId })}?tab=${encodeURIComponent(decl.name)}` : undefined;
}

export const isServiceEnabled = (app: AppRecord | undefined, service: Pick<ServiceDecl, 'name'>): boolean =>
  app?.Services?.[service.name]?.Status === 'Enabled';

/** The service a console route belongs to (for its menu entry and title). */
export function serviceOfRoute(route: string): ServiceDecl | undefined {
  return services.find((s) => (s.menu ?? []).some((m) => m.route === route) || s.resources.some((r) => r.routes?.list === route));
}
