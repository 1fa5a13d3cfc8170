import { createContext, useContext } from 'react';
import type { ServiceDetails } from '../../resources/app-api';
import type { ServiceRuntime } from '../../resources/serviceStatus';
import type { AppRecord } from '../../providers/types';

/**
 * The app whose console is open and what is known of its services at run time, loaded by the app layout in the
 * order of spec 000 §4: the app's record first, then each enabled service's details, then `initialised`.
 */
export interface CurrentApp {
  app: AppRecord;
  /** Each enabled service's details (GET /api/app/service/:serviceId), by service name, once loaded. */
  details: Record<string, ServiceDetails>;
  /** What the display status rules need to know of each service's runtime, by service name. */
  runtime: Record<string, ServiceRuntime>;
  /** Every enabled service's details have been asked for (loaded or failed). */
  initialised: boolean;
  /** The viewer holds an administrator session. */
  isAdmin: boolean;
  /** The viewer may change the app: an owner or admin of its organisation, or an administrator. */
  canEdit: boolean;
  /** Reads the app and its services again (after a change); resolves when initialised again. */
  reload: () => Promise<void>;
}

export const CurrentAppContext = createContext<CurrentApp | undefined>(undefined);

/** The open app's record. */
export function useCurrentApp(): AppRecord | undefined {
  return useContext(CurrentAppContext)?.app;
}

/** The open app with its services' runtime state and what the viewer may do. */
export function useCurrentAppState(): CurrentApp | undefined {
  return useContext(CurrentAppContext);
}

/** Roles of an organisation that may change its apps. */
export const EDIT_ROLES = ['owner', 'admin'];
