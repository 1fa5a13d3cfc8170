import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { services, type PageDecl, type ServiceDecl } from '../../resources';

/**
 * Pages a declaration names in `pages[].component`, by that name. A service's custom pages (playgrounds,
 * dashboards) are the only screens written by hand; everything else is rendered from declarations.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  remoteConfigPlayground: lazy(() => import('./remote-config/Playground')),
};

export interface RegisteredPage {
  service: ServiceDecl;
  page: PageDecl;
  Component: LazyExoticComponent<ComponentType>;
}

/** Declared pages that have a component in the registry. */
export function registeredPages(): RegisteredPage[] {
  return services.flatMap((service) =>
    (service.pages ?? []).flatMap((page) => {
      const Component = pageRegistry[page.component];
      return page.component in pageRegistry ? [{ service, page, Component }] : [];
    }),
  );
}
