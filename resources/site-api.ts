/**
 * The public catalogue call: what the site's pages (home, product pages, pricing) know of the declared services.
 * The server shapes it from the declarations (`server/site/catalogue.ts`); the public pages read it instead of
 * importing the declarations (ADR 0014). Imports nothing but types, so a public page may use it.
 */
import type { Text } from './types';

export const CATALOGUE_PATH = '/base/catalogue';

/** One billable measure of a service, as billing charges it. Money and quantities are decimal strings. */
export interface PriceLine {
  /** The key the service records its usage under. */
  meter: string;
  label: Text;
  /** The billable unit (GB, 10,000 requests…). */
  unit: Text;
  /** Money per billable unit. */
  price: string;
  /** A multiplier billing applies to the measured units before pricing them (CDN's usage coefficient). */
  coefficient?: string;
  /** Money taken off each app's line every month, never below zero (CDN's free credit). */
  freeCredit?: string;
}

/** One declared service as the site shows it. */
export interface CatalogueService {
  name: string;
  icon: string;
  displayName: Text;
  label: Text;
  description: Text;
  /** What the service does, one line each (the declaration's `catalogue.capabilities`). */
  capabilities: Text[];
  productPage?: string;
  docPage?: string;
  pricingTag?: Text;
  mainService: boolean;
  video?: string;
  /** The service is built in this deployment: the server mounted its calls. */
  available: boolean;
  prices: PriceLine[];
}

export interface CatalogueAnswer {
  services: CatalogueService[];
}
