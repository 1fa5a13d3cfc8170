import type { ResourceProps } from '@refinedev/core';
import { services, type ResourceDecl, type ServiceDecl } from '../../resources';
import { allResources, type DeclaredResource } from '../../providers/declarations';
import type { AppRecord } from '../../providers/types';

/** The app console's base; declared routes are relative to it unless they start with "/". */
export const APP_BASE = '/services/:appId';

export const routePattern = (route: string): string => (route.startsWith('/') ? route : `${APP_BASE}/${route}`);

/** A declared route with its parameters filled in. */
export function routeTo(route: string, params: Record<string, string>): string {
  return routePattern(route).replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Every declared resource as a Refine resource: its routes, its declaration's names, its data provider. */
export function refineResources(): ResourceProps[] {
  return allResources().map(({ service, decl, key }) => ({
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

/** List routes and the resources shown on each (several resources on one route are tabs). */
export function listRoutes(): { route: string; resources: DeclaredResource[] }[] {
  const byRoute = new Map<string, DeclaredResource[]>();
  for (const r of allResources()) {
    const route = r.decl.routes?.list;
    if (route) byRoute.set(route, [...(byRoute.get(route) ?? []), r]);
  }
  return [...byRoute].map(([route, resources]) => ({ route, resources }));
}

export function showRoutes(): { route: string; resource: DeclaredResource }[] {
  return allResources().flatMap((resource) => (resource.decl.routes?.show ? [{ route: resource.decl.routes.show, resource }] : []));
}

/** The page of one record, or undefined when its resource has no show route. */
export function showPathOf(decl: ResourceDecl, appId: string, id: string): string | undefined {
  return decl.routes?.show ? routeTo(decl.routes.show, { appId, id }) : undefined;
}

/** The list page of a resource, opened on its tab. */
export function listPathOf(decl: ResourceDecl, appId: string): string | undefined {
  return decl.routes?.list ? `${routeTo(decl.routes.list, { appId })}?tab=${encodeURIComponent(decl.name)}` : undefined;
}

export const isServiceEnabled = (app: AppRecord | undefined, service: ServiceDecl): boolean =>
  app?.Services?.[service.name]?.Status === 'Enabled';

/** The service a console route belongs to (for its menu entry and title). */
export function serviceOfRoute(route: string): ServiceDecl | undefined {
  return services.find((s) => (s.menu ?? []).some((m) => m.route === route) || s.resources.some((r) => r.routes?.list === route));
}
