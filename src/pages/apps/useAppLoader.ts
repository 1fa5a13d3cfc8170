import { useCallback, useEffect, useRef, useState } from 'react';
import { findService, servicesLoaded, whenServicesLoaded } from '../../../providers/services';
import { serviceNames } from '../../../resources/service-loaders';
import type { ServiceDetails } from '../../../resources/app-api';
import type { ServiceRuntime } from '../../../resources/serviceStatus';
import { fetchSessions } from '../../../providers/auth';
import { forgetApp, getApp, request } from '../../../providers/http';
import type { AppRecord } from '../../../providers/types';
import { EDIT_ROLES, type CurrentApp } from '../../lib/currentApp';
import { rememberOrganization } from '../../lib/workingOrganization';

/** Whether a service needs a project (its declaration's catalogue says so): unknown until its declaration has loaded. */
const needsProject = (name: string): boolean | undefined => (servicesLoaded([name]) ? !!findService(name)?.catalogue.needsProject : undefined);

/**
 * One enabled service's details. A service that needs a project and has none gets it: enabling the service again
 * provisions it (spec 000 §4, "a missing hello project is created automatically"); only editors may. Whether it
 * needs one is in its declaration: if that has not loaded yet, `later` hears of the service.
 */
async function loadDetails(app: AppRecord, name: string, canEdit: boolean, later: (name: string) => void): Promise<ServiceDetails | undefined> {
  const path = `/api/app/service/${encodeURIComponent(app.Services[name].ServiceId)}`;
  let details = await request<ServiceDetails>(path, { ignoreErrors: true });
  const needs = details && !details.Project && canEdit ? needsProject(name) : false;
  if (needs === undefined) later(name);
  if (details && needs) {
    const provisioned = await request<AppRecord>(`/api/app/${encodeURIComponent(app.AppId)}/service`, {
      method: 'POST',
      body: { Service: name },
      ignoreErrors: true,
    });
    if (provisioned) details = await request<ServiceDetails>(path, { ignoreErrors: true });
  }
  return details ?? undefined;
}

type Loaded = Omit<CurrentApp, 'reload'>;

export interface AppLoad {
  appId: string;
  state?: Loaded;
  error?: unknown;
}

/**
 * Loads an app's console state in the order of spec 000 §4: set the app's record, reset its services' runtime
 * state, load each enabled service's details, then mark initialisation finished. `reload` (after a change) reads
 * everything again, keeping what was known meanwhile so the page does not flicker.
 */
export function useAppLoader(appId: string): { loaded?: AppLoad; reload: () => Promise<void> } {
  const [loaded, setLoaded] = useState<AppLoad>();
  const run = useRef(0);

  const load = useCallback(
    async (fresh: boolean) => {
      const mine = ++run.current;
      const live = () => run.current === mine;
      if (fresh) forgetApp(appId);
      try {
        const [app, sessions] = await Promise.all([getApp(appId), fetchSessions()]);
        rememberOrganization(app.OrganizationId);
        if (!live()) return;
        const isAdmin = !!sessions.admin;
        const canEdit = isAdmin || EDIT_ROLES.includes(app.Role);
        setLoaded((previous) => {
          const kept = fresh && previous?.appId === appId && previous.state ? previous.state : { details: {}, runtime: {} };
          return { appId, state: { app, details: kept.details, runtime: kept.runtime, initialised: false, isAdmin, canEdit } };
        });
        // The services by name, from the app's record: their details need none of their declarations.
        const enabled = serviceNames.filter((name) => app.Services?.[name]?.Status === 'Enabled');
        const unknown: string[] = [];
        const answers = await Promise.all(enabled.map((name) => loadDetails(app, name, canEdit, (later) => unknown.push(later))));
        if (!live()) return;
        // A service without a project whose declaration had not loaded: once it has (after the page's first content,
        // src/Console.tsx), the app is read again if it needs one, which provisions it.
        if (unknown.length)
          void whenServicesLoaded(unknown).then(() => {
            if (live() && unknown.some((name) => needsProject(name))) void load(true);
          });
        const details: Record<string, ServiceDetails> = {};
        const runtime: Record<string, ServiceRuntime> = {};
        enabled.forEach((name, i) => {
          const d = answers[i];
          runtime[name] = { loaded: !!d, hasProject: !!d?.Project };
          if (d) details[name] = d;
        });
        setLoaded({ appId, state: { app, details, runtime, initialised: true, isAdmin, canEdit } });
      } catch (error) {
        if (live()) setLoaded({ appId, error });
      }
    },
    [appId],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  const reload = useCallback(() => load(true), [load]);
  return { loaded: loaded?.appId === appId ? loaded : undefined, reload };
}
