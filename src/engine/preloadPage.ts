import { matchPath } from 'react-router';
import { getApp } from '../../providers/http';
import { fetchSessions } from '../../providers/auth';
import { APP_BASE, dashboardPages, listRoutes, routePattern, showRoutes, viewPages } from './routes';

/** The engine page a console address opens, by the routes the console mounts (AppRoutes). */
function pageChunk(pathname: string): (() => Promise<unknown>) | undefined {
  const at = (route: string) => !!matchPath(routePattern(route), pathname);
  if (listRoutes().some(({ route }) => at(route))) return () => import('./ResourceListPage');
  if (showRoutes().some(({ route }) => at(route))) return () => import('./ResourceShowPage');
  if (viewPages().some(({ page }) => at(page.route))) return () => import('./PageViewPage');
  if (dashboardPages().some(({ page }) => at(page.route))) return () => import('./DashboardPage');
  return undefined;
}

/**
 * What a deep link into an app's console waits for, asked for at once instead of one after another: the app's
 * layout and the page's code, the sessions and the app's record (kept by the HTTP client for the layout to use).
 */
export function preloadAppPage(pathname: string): void {
  const app = matchPath(`${APP_BASE}/*`, pathname);
  if (!app?.params.appId) return;
  void import('../pages/layout/AppLayout');
  void pageChunk(pathname)?.();
  void fetchSessions().then((s) => (s.user || s.admin ? getApp(app.params.appId!).catch(() => undefined) : undefined));
}
