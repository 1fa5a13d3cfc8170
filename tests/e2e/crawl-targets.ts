import type { ServiceDecl } from '../../resources';
import type { AppRecord } from '../../resources/platform';
import type { DeclaredResource } from '../../providers/declarations';
import { APP_BASE, dashboardPages, isServiceEnabled, listRoutes, routePattern, routeTo, serviceOfRoute, viewPages } from '../../src/engine/routes';
import { registeredPages } from '../../src/pages/registry';
import { pagesOf } from '../../src/routes';
import { APP_PAGES, BILL_PAGES, LEAF_SECTIONS, SECTION_PAGES, sectionPageAddress } from '../../src/pages/doc/doc-paths';

/**
 * The console's screens for the zh-CN crawl, read from the tables the console routes by (src/AppRoutes.tsx): the
 * signed-in pages, the app's pages, the back office's pages (src/routes), and for every service the app has
 * enabled its declared lists, view and dashboard pages and registered pages (playgrounds) — as the app's menu
 * offers them (src/pages/layout/ServiceSider.tsx).
 */

export interface CrawlPage {
  /** Where it comes from, for failure messages. */
  name: string;
  path: string;
}

export interface CrawlList extends CrawlPage {
  /** The resources shown on the list, one tab each. */
  resources: DeclaredResource[];
}

/** The values a route's parameters take in the demo data; a route with any other parameter fails the crawl. */
export type Params = Record<string, string | undefined>;

function fill(route: string, params: Params): string | undefined {
  let missing = false;
  const path = route.replace(/:(\w+)\??/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? undefined : path;
}

/** The pages of the routes, their parameters filled; the routes whose parameters have no demo value in `skipped`. */
function filled(entries: { name: string; route: string }[], params: Params, skipped: string[]): CrawlPage[] {
  return entries.flatMap(({ name, route }) => {
    const path = fill(route, params);
    if (path === undefined) skipped.push(route);
    return path === undefined ? [] : [{ name, path }];
  });
}

const enabled = (app: AppRecord) => (service: ServiceDecl) => isServiceEnabled(app, service);

/** The signed-in user's pages and the app's pages, hand-written and declared. */
export function consolePages(app: AppRecord, params: Params, skipped: string[]) {
  const on = enabled(app);
  const user = pagesOf('user').map((p) => ({ name: `user ${p.path}`, route: p.path }));
  // With the administrator signed in too, the administrator-only pages (admin-config) included.
  const appPages = pagesOf('app').map((p) => ({ name: `app ${p.path}`, route: `${APP_BASE}/${p.path}` }));
  const declared = [
    ...viewPages().filter(({ service }) => on(service)).map(({ page }) => ({ name: `view ${page.route}`, route: routePattern(page.route) })),
    ...dashboardPages().filter(({ service }) => on(service)).map(({ page }) => ({ name: `dashboard ${page.route}`, route: routePattern(page.route) })),
    ...registeredPages()
      .filter(({ service }) => on(service))
      .map(({ page }) => ({ name: `page ${page.component}`, route: page.absolute ? page.route : routePattern(page.route) })),
  ];
  return filled([...user, ...appPages, ...declared], params, skipped);
}

/**
 * The declared list pages of the app's enabled services, with the resources on each: a route's service (another's
 * resources it shows included) enabled, as the console shows the route (src/engine/ResourceListPage.tsx).
 */
export function listPages(app: AppRecord): CrawlList[] {
  const on = enabled(app);
  return listRoutes()
    .filter(({ route }) => {
      const owner = serviceOfRoute(route);
      return !owner || on(owner);
    })
    .map(({ route, resources }) => ({ route, resources: resources.filter((r) => on(r.service)) }))
    .filter(({ resources }) => resources.length > 0)
    .map(({ route, resources }) => ({ name: `list ${route}`, path: routeTo(route, { appId: app.AppId }), resources }));
}

/**
 * The pages of a back office: the administrators' (/admin) or the finance administrators' (/bc-admin) — the bases of
 * BACK_OFFICES in src/routes/guards.tsx, which loads the browser's console and so is not imported here.
 */
export function backOfficePages(office: 'admin' | 'finance', params: Params, skipped: string[]): CrawlPage[] {
  const base = office === 'admin' ? '/admin' : '/bc-admin';
  return filled(
    pagesOf(office).map((p) => ({ name: `${office} ${p.path || '(index)'}`, route: p.path ? `${base}/${p.path}` : base })),
    params,
    skipped,
  );
}

/**
 * The public site's pages, opened without signing in: the public, product, documentation and policy routes of the
 * spec's inventory (tests/inventory/routes.json) that take no parameter, every page of the documentation's menu
 * (src/pages/doc/doc-paths.ts) and every product page the catalogue names (src/pages/site/products.ts).
 */
export function sitePages(inventory: { path: string; area: string }[], productPages: string[]): CrawlPage[] {
  const SITE_AREAS = new Set(['public', 'product', 'doc', 'policy']);
  // The payment callback and the consultation pages that need a ticket or a signed-in organisation are not pages to read.
  const notPages = new Set(['/alipay/callback', '/consultation-submit']);
  const routes = inventory.filter((r) => SITE_AREAS.has(r.area) && !r.path.includes(':') && !notPages.has(r.path)).map((r) => r.path);
  const docs = [
    '/doc',
    ...LEAF_SECTIONS.flatMap((section) => SECTION_PAGES.map((page) => sectionPageAddress(section, page))),
    ...BILL_PAGES.map((page) => `/doc/bill/${page}`),
    ...APP_PAGES.map((page) => `/doc/app/${page}`),
    '/doc/sync-perf-demo',
  ];
  return [...new Set([...routes, ...productPages, ...docs])].map((path) => ({ name: `site ${path}`, path }));
}
