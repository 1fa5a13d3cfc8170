import { useCallback, useEffect, useRef, useState } from 'react';
import { services, type ServiceDecl } from '../../../resources';
import type { ServiceDetails } from '../../../resources/app-api';
import type { ServiceRuntime } from '../../../resources/serviceStatus';
import { fetchSessions } from '../../../providers/auth';
import { forgetApp, getApp, request } from '../../../providers/http';
import type { AppRecord } from '../../../providers/types';
import { EDIT_ROLES, type CurrentApp } from '../../lib/currentApp';
import { rememberOrganization } from '../../lib/workingOrganization';

/**
 * One enabled service's details. A service that needs a project and has none gets it: enabling the service again
 * provisions it (spec 000 §4, "a missing hello project is created automatically"); only editors may.
 */
async function loadDetails(app: AppRecord, decl: ServiceDecl, canEdit: boolean): Promise<ServiceDetails | undefined> {
  const path = `/api/app/service/${encodeURIComponent(app.Services[decl.name].ServiceId)}`;
  let details = await request<ServiceDetails>(path, { ignoreErrors: true });
  if (details && decl.catalogue.needsProject && !details.Project && canEdit) {
    const provisioned = await request<AppRecord>(`/api/app/${encodeURIComponent(app.AppId)}/service`, {
      method: 'POST',
      body: { Service: decl.name },
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
        const enabled = services.filter((s) => app.Services?.[s.name]?.Status === 'Enabled');
        const answers = await Promise.all(enabled.map((s) => loadDetails(app, s, canEdit)));
        if (!live()) return;
        const details: Record<string, ServiceDetails> = {};
        const runtime: Record<string, ServiceRuntime> = {};
        enabled.forEach((s, i) => {
          const d = answers[i];
          runtime[s.name] = { loaded: !!d, hasProject: !!d?.Project };
          if (d) details[s.name] = d;
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
