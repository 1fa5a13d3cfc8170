import { matchPath } from 'react-router';
import { fetchSessions } from '../providers/auth';
import { getApp, hasSessionMarker } from '../providers/http';
import { publicPages } from './routes/public';
import { AppLayout, ConsoleShell, PolicyPrompt } from './routes/shell';

/**
 * A console address opened directly (a reload, a bookmark) starts loading the console, and for an app's page the
 * page's code and its first calls (the sessions, the app's record: both kept by the clients that make them), as the
 * entry runs: side by side rather than as a chain of lazy imports. Public pages load on their own and need none of it.
 * With the session marker the app's record is asked at once, beside the sessions; without it, once they answer.
 */
export function preloadConsole(pathname: string, search = ''): void {
  if (publicPages.some(({ path }) => matchPath(path, pathname))) return;
  // The console, and what every signed-in page renders: the terms prompt.
  void ConsoleShell.preload();
  void PolicyPrompt.preload();
  const app = matchPath('/services/:appId/*', pathname)?.params.appId;
  if (!app) return;
  // An app's layout, and its page once the declarations (in the console's code) say which page the address opens.
  void AppLayout.preload();
  void import('./engine/preloadPage').then((m) => m.preloadAppPage(pathname, search));
  // The first calls the app's console makes, started now rather than once its code has loaded.
  const sessions = fetchSessions();
  if (hasSessionMarker()) void getApp(app, true).catch(() => undefined);
  else void sessions.then((s) => (s.user || s.admin ? getApp(app).catch(() => undefined) : undefined));
}
