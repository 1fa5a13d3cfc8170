import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageDecl, ServiceDecl } from '../../resources/types';
import { services } from '../../providers/services';
import type { AreaRegistry, PanelProps } from './registry-types';
import { passportRegistry } from './passport/registry';
import { cdnRegistry } from './cdn/registry';
import { uprRegistry } from './upr/registry';
import { deviceRegistry } from './device/registry';
import { matchRegistry } from './match/registry';

/**
 * Pages a declaration names in `pages[].component`, by that name. A service's custom pages (playgrounds,
 * dashboards) are the only screens written by hand; everything else is rendered from declarations.
 */
const areas: AreaRegistry[] = [passportRegistry, cdnRegistry, uprRegistry, deviceRegistry, matchRegistry];

export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  remoteConfigPlayground: lazy(() => import('./remote-config/Playground')),
  funcStatelessPlayground: lazy(() => import('./func-stateless/Playground')),
  playground: lazy(() => import('./playground/PlaygroundPage')),
  ...Object.assign({}, ...areas.map((a) => a.pages)),
};

/** Panels a declaration names in `panels`, shown on a record's page with the record. */
export const panelRegistry: Record<string, LazyExoticComponent<ComponentType<PanelProps>>> = Object.assign({}, ...areas.map((a) => a.panels));

export type { PanelProps };

export interface RegisteredPage {
  service: ServiceDecl;
  page: PageDecl;
  Component: LazyExoticComponent<ComponentType>;
}

/** Declared pages that have a component in the registry. */
export function registeredPages(): RegisteredPage[] {
  return services.flatMap((service) =>
    (service.pages ?? []).flatMap((page) => {
      const Component = page.component ? pageRegistry[page.component] : undefined;
      return Component ? [{ service, page, Component }] : [];
    }),
  );
}
