import type { ServiceDecl } from '../../resources/types';
import { registeredPages } from '../pages/registry';
import { dashboardPages, listRoutes, viewPages } from './routes';
import type { ServiceMenu } from './menu';

/** Routes a menu entry may point at: declared lists, declared views and dashboards, and registered pages. */
export function knownRoutes(): Set<string> {
  const declared = [...viewPages(), ...dashboardPages()].map((p) => p.page.route);
  return new Set([...listRoutes().map((r) => r.route), ...declared, ...registeredPages().map((p) => p.page.route)]);
}

/**
 * The services' menus, from their declarations, when the console is built (`virtual:menu-manifest`, written by
 * scripts/route-manifest.ts): every service the menu shows, in catalogue order, with its icon, its name and the entries
 * of its declared `menu` whose route opens a screen. The console draws its menu from these, so the menu waits for no
 * service's declarations; which services an app has enabled and who is looking are decided when it is drawn.
 */
export function serviceMenus(services: ServiceDecl[], known: Set<string> = knownRoutes()): ServiceMenu[] {
  return services
    .filter((service) => !service.catalogue.hide?.menu)
    .map((service) => ({
      name: service.name,
      icon: service.catalogue.icon,
      displayName: service.catalogue.displayName,
      entries: (service.menu ?? []).filter((entry) => known.has(entry.route)),
    }))
    .filter(({ entries }) => entries.length > 0);
}
