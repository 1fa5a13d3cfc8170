import type { AppRecord } from './platform';
import type { ServiceDecl } from './types';

/**
 * The status a service shows on an app's dashboard (spec 000 §4, 001 §4, 002 §4). Shared by the server (which
 * refuses to enable an Occupied service) and the console (which shows it).
 * - Suspended: the app has the service, but its status is not Enabled.
 * - Occupied: the app does not have it, and a service that excludes it is enabled.
 * - Pending: the app has it, but its runtime data has not loaded (or, for a service that needs a project,
 *   the project does not exist yet).
 * - Enabled: the app has it and its data loaded, or the caller is an administrator and the service says
 *   administrators see it enabled regardless (multiverse).
 * - NotEnabled: the app does not have it and nothing stands in the way of enabling it.
 */
export type DisplayStatus = 'Enabled' | 'Suspended' | 'Occupied' | 'Pending' | 'NotEnabled';

/** What the console knows of an enabled service's runtime data. */
export interface ServiceRuntime {
  loaded: boolean;
  /** For services that need a project: whether it exists. */
  hasProject?: boolean;
}

type AppServices = Pick<AppRecord, 'Services' | 'SupportMultiServices'>;

/** The exclusion group of a service for this app, if any. */
export function exclusionGroup(app: Pick<AppRecord, 'SupportMultiServices'>, service: ServiceDecl): string | undefined {
  const groups = service.catalogue.exclusive;
  return app.SupportMultiServices ? groups?.multi : groups?.single;
}

/** The enabled services that keep `service` from being enabled on this app (empty when none). */
export function occupiedBy(app: AppServices, service: ServiceDecl, all: ServiceDecl[]): ServiceDecl[] {
  const group = exclusionGroup(app, service);
  if (!group) return [];
  return all.filter(
    (other) => other.name !== service.name && exclusionGroup(app, other) === group && app.Services?.[other.name]?.Status === 'Enabled',
  );
}

export function displayStatus(
  app: AppServices,
  service: ServiceDecl,
  all: ServiceDecl[],
  runtime: ServiceRuntime | undefined,
  viewer: { isAdmin: boolean },
): DisplayStatus {
  const state = app.Services?.[service.name];
  if (state && state.Status !== 'Enabled') return 'Suspended';
  if (!state) return occupiedBy(app, service, all).length ? 'Occupied' : 'NotEnabled';
  if (viewer.isAdmin && service.catalogue.adminSeesEnabled) return 'Enabled';
  if (!runtime?.loaded) return 'Pending';
  if (service.catalogue.needsProject && !runtime.hasProject) return 'Pending';
  return 'Enabled';
}
