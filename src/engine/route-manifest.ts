import { matchPath } from 'react-router';

/**
 * The console's route manifest, written when the console is built (scripts/route-manifest.ts from
 * ./route-reads.ts): for each address the declarations give an engine page, which page it is and, for a list, the
 * first read its table makes, per tab. The entry reads it to ask for a deep link's page code and first page at once,
 * without waiting for the declarations (in the console's code) to say what the address opens.
 */

/** Where the build writes the manifest for the server (under a dot: not served). */
export const ROUTE_MANIFEST_FILE = '.vite/route-manifest.json';

/** The app id in a recorded read, replaced by the address's own. */
export const APP_PLACEHOLDER = '__app__';

/** The engine pages the manifest names (src/routes/shell.ts holds their code). */
export type ManifestPage = 'list' | 'show' | 'view' | 'dashboard';

/**
 * One read, as the data provider sent it: method, address with its query, body (JSON), on behalf of the app or not;
 * and the resource (its key) whose list makes it.
 */
export interface ManifestRead {
  resource: string;
  method: string;
  url: string;
  body?: string;
  app: boolean;
}

export interface ManifestRoute {
  /** The route's pattern, as the console mounts it (`/services/:appId/config`). */
  pattern: string;
  page: ManifestPage;
  /** A list's first reads by tab (the resource's name), the first tab first; a singleton's or a nested list's: null. */
  reads?: Record<string, ManifestRead | null>;
  /** The services whose declarations the page shows (its own, those it borrows or names): what it waits for (providers/services.ts). */
  services: string[];
}

/** The route an address opens: the first in the manifest that matches (lists, then records, views, dashboards). */
export const manifestRoute = (manifest: ManifestRoute[], pathname: string): ManifestRoute | undefined =>
  manifest.find(({ pattern }) => matchPath(pattern, pathname));

/** The read a list's table makes first, for the tab the address names (else the first), as `request` takes it. */
export function firstRead(route: ManifestRoute, appId: string, search = ''): { resource: string; path: string; method: string; body?: unknown; appId?: string } | undefined {
  const reads = route.reads ?? {};
  const tab = new URLSearchParams(search).get('tab');
  const read = tab && tab in reads ? reads[tab] : Object.values(reads)[0];
  if (!read) return undefined;
  const fill = (text: string) => text.replaceAll(APP_PLACEHOLDER, encodeURIComponent(appId));
  return {
    resource: read.resource,
    path: fill(read.url),
    method: read.method,
    body: read.body === undefined ? undefined : JSON.parse(fill(read.body)),
    appId: read.app ? appId : undefined,
  };
}
