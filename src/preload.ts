import { matchPath } from 'react-router';
import manifest from 'virtual:route-manifest';
import { fetchSessions } from '../providers/auth';
import { getApp, hasSessionMarker, request, type RequestOptions } from '../providers/http';
import { loadServices } from '../providers/services';
import { firstRead, manifestRoute, type ManifestPage } from './engine/route-manifest';
import { publicPages } from './routes/public';
import { AppLayout, ConsoleShell, DashboardPage, PageViewPage, PolicyPrompt, ResourceListPage, ResourceShowPage } from './routes/shell';

/** The code of each engine page the route manifest names. */
const PAGES: Record<ManifestPage, { preload: () => Promise<unknown> }> = {
  list: ResourceListPage,
  show: ResourceShowPage,
  view: PageViewPage,
  dashboard: DashboardPage,
};

/**
 * A console address opened directly (a reload, a bookmark) starts loading the console, and for an app's page the
 * page's code and its first calls (the sessions, the app's record, a list's first page: each kept by the client that
 * makes it, for the screen's own call to take), as the entry runs: side by side rather than as a chain of lazy
 * imports. The build's route manifest (src/engine/route-manifest.ts) says which page the address opens, which services'
 * declarations it shows and what its list reads first, so none of it waits for the declarations. Public pages load on their own and need none of it.
 * With the session marker the app's record and the list's page are asked at once, beside the sessions; without it,
 * once they answer.
 */
export function preloadConsole(pathname: string, search = ''): void {
  if (publicPages.some(({ path }) => matchPath(path, pathname))) return;
  // The console, and what every signed-in page renders: the terms prompt.
  void ConsoleShell.preload();
  void PolicyPrompt.preload();
  const app = matchPath('/services/:appId/*', pathname)?.params.appId;
  if (!app) return;
  // An app's layout, and the page the address opens.
  void AppLayout.preload();
  const route = manifestRoute(manifest, pathname);
  if (route) void PAGES[route.page].preload();
  // The declarations of the services the page shows (providers/services.ts), the only ones it waits for.
  const declarations = route ? loadServices(route.services) : undefined;
  declarations?.catch(() => undefined);
  // The first calls the app's console makes, started now rather than once its code has loaded. Before the sessions
  // have answered, a 401 to them is an ordinary failure (the console then finds out who is signed in).
  const read = route && firstRead(route, app, search);
  const ask = (beforeSessions: boolean) => {
    void getApp(app, beforeSessions).catch(() => undefined);
    if (!read) return;
    const { path, method, body, appId } = read;
    void request(path, { method: method as RequestOptions['method'], body, appId, anonymous: beforeSessions, ahead: true }).catch(() => undefined);
    // Once the page's declarations are in, the table's first page made of that answer (src/engine/first-page.ts), for
    // the table's first render to have the rows; unless the table has taken the answer itself by then.
    void declarations?.then(async () => (await import('./engine/first-page')).readFirstPageAhead(read.resource, app)).catch(() => undefined);
  };
  const sessions = fetchSessions();
  if (hasSessionMarker()) ask(true);
  else void sessions.then((s) => (s.user || s.admin ? ask(false) : undefined));
}
