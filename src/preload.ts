import { matchPath } from 'react-router';
import { publicPages } from './routes/public';

/**
 * A console address opened directly (a reload, a bookmark) starts loading the console, and for an app's page the
 * page's code and first calls, as the entry runs: side by side rather than as a chain of lazy imports. Public pages
 * load on their own and need none of it.
 */
export function preloadConsole(pathname: string): void {
  if (publicPages.some(({ path }) => matchPath(path, pathname))) return;
  void import('./Console');
  if (pathname.startsWith('/services/')) void import('./engine/preloadPage').then((m) => m.preloadAppPage(pathname));
}
