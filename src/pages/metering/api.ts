import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { findService } from '../../../providers/services';
import { findMeter } from '../../../resources/meters';
import { useOrganizations } from '../apps/useOrganizations';
import { useLocale } from '../../lib/useLocale';


/** Names of services, meters and billable units in the current language (the key when undeclared). */
export function useMeterText() {
  const { text } = useLocale();
  const serviceName = useCallback((service: string) => {
    const s = findService(service);
    return s ? text(s.catalogue.displayName) : service;
  }, [text]);
  const meterName = useCallback((service: string, meter: string) => {
    const m = findMeter(findService(service), meter);
    return m ? text(m.label) : meter;
  }, [text]);
  const unitName = useCallback((service: string, meter: string) => {
    const m = findMeter(findService(service), meter);
    return m ? text(m.unit) : '';
  }, [text]);
  return { serviceName, meterName, unitName };
}

/** The organisation a page shows, kept in the `orgId` query parameter; the viewer's first one by default. */
export function useOrgParam() {
  const [params, setParams] = useSearchParams();
  const { organizations, loading } = useOrganizations(false);
  const orgId = params.get('orgId') || organizations[0]?.Id || '';
  const setOrgId = useCallback(
    (id: string) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set('orgId', id);
        return next;
      }),
    [setParams],
  );
  return { orgId, setOrgId, organizations, loading };
}
