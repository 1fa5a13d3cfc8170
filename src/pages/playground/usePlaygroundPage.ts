import { matchPath, useLocation } from 'react-router';
import { services } from '../../../providers/services';
import type { PageDecl, ServiceDecl } from '../../../resources/types';

/**
 * The declared playground page the address is on, and its service (one component serves several such pages): an
 * absolute page at its own route (`/playground/push/:appId?`), a page of the app's console under
 * `/services/:appId/<route>` (Stacktrace's `stacktrace/record/parseLogs`).
 */
export function playgroundPageAt(pathname: string, all: ServiceDecl[] = services): { service: ServiceDecl; page: PageDecl } | undefined {
  for (const service of all) {
    for (const page of service.pages ?? []) {
      if (!page.playground) continue;
      const path = page.absolute ? page.route : `/services/:appId/${page.route}`;
      if (matchPath({ path, end: true }, pathname)) return { service, page };
    }
  }
  return undefined;
}

export function usePlaygroundPage() {
  return playgroundPageAt(useLocation().pathname);
}
