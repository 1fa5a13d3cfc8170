import { matchPath, useLocation } from 'react-router';
import { services } from '../../../resources';
import type { PageDecl, ServiceDecl } from '../../../resources/types';

/** The declared playground page the address is on, and its service (one component serves several such pages). */
export function playgroundPageAt(pathname: string, all: ServiceDecl[] = services): { service: ServiceDecl; page: PageDecl } | undefined {
  for (const service of all) {
    for (const page of service.pages ?? []) {
      if (page.absolute && page.playground && matchPath({ path: page.route, end: true }, pathname)) return { service, page };
    }
  }
  return undefined;
}

export function usePlaygroundPage() {
  return playgroundPageAt(useLocation().pathname);
}
