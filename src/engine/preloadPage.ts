import { matchPath } from 'react-router';
import { DashboardPage, PageViewPage, ResourceListPage, ResourceShowPage } from '../routes/shell';
import type { DeclaredResource } from '../../providers/declarations';
import { dataProviders } from '../../providers/data-providers';
import { APP_BASE, dashboardPages, listRoutes, routePattern, showRoutes, viewPages } from './routes';
import { firstPage } from './first-page';

/**
 * Asks an app's list for its first page before its screen has rendered (a deep link), the same read the screen's
 * table makes, so the table takes the answer instead of asking once it is drawn.
 */
export function askFirstPage({ service, decl, key }: DeclaredResource, appId: string): void {
  const provider = dataProviders[service.convention] ?? dataProviders.default;
  const meta = { service: service.name, resource: decl.name, appId, ahead: true };
  void provider.getList({ resource: key, ...firstPage(decl), filters: [], meta }).catch(() => undefined);
}

/** The engine page a console address opens, by the routes the console mounts (AppRoutes). */
function pageChunk(pathname: string): (() => Promise<unknown>) | undefined {
  const at = (route: string) => !!matchPath(routePattern(route), pathname);
  if (listRoutes().some(({ route }) => at(route))) return ResourceListPage.preload;
  if (showRoutes().some(({ route }) => at(route))) return ResourceShowPage.preload;
  if (viewPages().some(({ page }) => at(page.route))) return PageViewPage.preload;
  if (dashboardPages().some(({ page }) => at(page.route))) return DashboardPage.preload;
  return undefined;
}

/**
 * The code of the page a deep link into an app's console opens, asked for at once (the entry asks for the layout),
 * and for a list, its first page (the tab the address names, else the first).
 */
export function preloadAppPage(pathname: string, search = ''): void {
  const appId = matchPath(`${APP_BASE}/*`, pathname)?.params.appId;
  if (!appId) return;
  void pageChunk(pathname)?.();
  const list = listRoutes().find(({ route }) => matchPath(routePattern(route), pathname));
  const tab = new URLSearchParams(search).get('tab');
  const shown = list?.resources.find((r) => r.decl.name === tab) ?? list?.resources[0];
  if (shown && !shown.decl.singleton) askFirstPage(shown, appId);
}
