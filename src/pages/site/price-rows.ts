import type { CatalogueService, PriceLine } from '../../../resources/site-api';

/** One row of the price list: a billable item of a service; the first of a service's rows spans the others. */
export interface PriceRow {
  key: string;
  service: CatalogueService;
  line: PriceLine;
  /** Rows the service's cell spans (0 on all but its first row). */
  span: number;
}

/**
 * The price list: every billable item of every service, in catalogue order, and the services that bill nothing yet.
 * The prices are the catalogue's, which are the ones billing charges.
 */
export function priceRows(services: CatalogueService[]): { rows: PriceRow[]; unbilled: CatalogueService[] } {
  const rows = services.flatMap((service) =>
    service.prices.map((line, i) => ({ key: `${service.name}/${line.meter}`, service, line, span: i === 0 ? service.prices.length : 0 })),
  );
  return { rows, unbilled: services.filter((s) => s.prices.length === 0) };
}
