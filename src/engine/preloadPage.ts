import { matchPath } from 'react-router';
import { DashboardPage, PageViewPage, ResourceListPage, ResourceShowPage } from '../routes/shell';
import { APP_BASE, dashboardPages, listRoutes, routePattern, showRoutes, viewPages } from './routes';

/** The engine page a console address opens, by the routes the console mounts (AppRoutes). */
function pageChunk(pathname: string): (() => Promise<unknown>) | undefined {
  const at = (route: string) => !!matchPath(routePattern(route), pathname);
  if (listRoutes().some(({ route }) => at(route))) return ResourceListPage.preload;
  if (showRoutes().some(({ route }) => at(route))) return ResourceShowPage.preload;
  if (viewPages().some(({ page }) => at(page.route))) return PageViewPage.preload;
  if (dashboardPages().some(({ page }) => at(page.route))) return DashboardPage.preload;
  return undefined;
}

/** The code of the page a deep link into an app's console opens, asked for at once (the entry asks for the layout). */
export function preloadAppPage(pathname: string): void {
  if (!matchPath(`${APP_BASE}/*`, pathname)) return;
  void pageChunk(pathname)?.();
}
