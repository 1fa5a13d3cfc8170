import type { ServiceDecl } from '../../../resources';

/** The dashboard's services: those not hidden from it, main services first, otherwise in catalogue order. */
export function dashboardServices(all: ServiceDecl[]): ServiceDecl[] {
  const shown = all.filter((s) => !s.catalogue.hide?.dashboard);
  return [...shown.filter((s) => s.catalogue.mainService), ...shown.filter((s) => !s.catalogue.mainService)];
}
