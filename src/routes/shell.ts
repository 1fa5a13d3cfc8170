import { preloadable } from '../lib/preloadable';

/**
 * The console's code that a page opened directly waits for, shared by the routes that render it and the entry that
 * asks for it ahead (src/preload.ts): the console, the terms prompt, an app's layout,
 * and the declared pages.
 */
export const ConsoleShell = preloadable(() => import('../Console'));
export const PolicyPrompt = preloadable(() => import('../pages/account/PolicyPrompt').then((m) => ({ default: m.PolicyPrompt })));
export const AppLayout = preloadable(() => import('../pages/layout/AppLayout'));
export const ResourceListPage = preloadable(() => import('../engine/ResourceListPage'));
export const ResourceShowPage = preloadable(() => import('../engine/ResourceShowPage'));
export const PageViewPage = preloadable(() => import('../engine/PageViewPage'));
export const DashboardPage = preloadable(() => import('../engine/DashboardPage'));
