import type { JsonSchema, ServiceDecl } from '../../resources/types';
import { CATALOGUE_PATH, type CatalogueAnswer, type CatalogueService, type PriceLine } from '../../resources/site-api';
import type { Api, RouteDef } from '../engine/api';

/**
 * The public catalogue (`GET /base/catalogue`): every declared service with its catalogue entry, whether this
 * deployment serves it, and its billable measures with the prices billing charges (`server/billing/prices.ts` reads
 * the same `meters` and `prices`).
 */

/** A service's billable measures: its meters that have a price, with the price, coefficient and free credit named. */
export function priceLinesOf(service: ServiceDecl): PriceLine[] {
  const price = (key: string | undefined) => {
    if (key === undefined) return undefined;
    const value = service.prices?.[key];
    if (value === undefined) throw new Error(`${service.name}: no price ${key}`);
    return value;
  };
  return (service.meters ?? [])
    .filter((m) => m.price !== undefined)
    .map((m) => {
      const coefficient = price(m.coefficient);
      const freeCredit = price(m.freeCredit);
      return {
        meter: m.meter,
        label: m.label,
        unit: m.unit,
        price: price(m.price)!,
        ...(coefficient !== undefined ? { coefficient } : {}),
        ...(freeCredit !== undefined ? { freeCredit } : {}),
      };
    });
}

/**
 * A service is available when the server mounted calls of it: its routes carry its name as their tag (the engine's
 * declared resources and calls, and a service module's own routes). A service that is only declared has none.
 */
export function mountedServices(routes: Pick<RouteDef, 'tag'>[], services: ServiceDecl[]): Set<string> {
  const tags = new Set(routes.map((r) => r.tag));
  return new Set(services.filter((s) => tags.has(s.name)).map((s) => s.name));
}

/** The catalogue answer, in the declarations' order. */
export function catalogueOf(services: ServiceDecl[], available: Set<string>): CatalogueAnswer {
  return {
    services: services.map((s): CatalogueService => {
      const c = s.catalogue;
      return {
        name: s.name,
        icon: c.icon,
        displayName: c.displayName,
        label: c.label,
        description: c.description,
        capabilities: c.capabilities ?? [],
        ...(c.productPage ? { productPage: c.productPage } : {}),
        ...(c.docPage ? { docPage: c.docPage } : {}),
        ...(c.pricingTag ? { pricingTag: c.pricingTag } : {}),
        mainService: c.mainService,
        ...(c.video ? { video: c.video } : {}),
        available: available.has(s.name),
        prices: priceLinesOf(s),
      };
    }),
  };
}

const text: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['zh-CN', 'en'],
  properties: { 'zh-CN': { type: 'string' }, en: { type: 'string' } },
};
const decimal: JsonSchema = { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' };

const priceLine: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['meter', 'label', 'unit', 'price'],
  properties: { meter: { type: 'string' }, label: text, unit: text, price: decimal, coefficient: decimal, freeCredit: decimal },
};

const catalogueService: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'icon', 'displayName', 'label', 'description', 'capabilities', 'mainService', 'available', 'prices'],
  properties: {
    name: { type: 'string' },
    icon: { type: 'string' },
    displayName: text,
    label: text,
    description: text,
    capabilities: { type: 'array', items: text },
    productPage: { type: 'string' },
    docPage: { type: 'string' },
    pricingTag: text,
    mainService: { type: 'boolean' },
    video: { type: 'string' },
    available: { type: 'boolean', description: 'the server of this deployment serves the service' },
    prices: { type: 'array', items: priceLine, description: 'billable measures; money per unit as decimal strings' },
  },
};

export const catalogueAnswerSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['services'],
  properties: { services: { type: 'array', items: catalogueService } },
};

/**
 * Mounts the catalogue call. Call it after every service is mounted: what is available is read from the routes once,
 * at the first request.
 */
export function mountCatalogue(api: Api, services: ServiceDecl[]): void {
  let answer: CatalogueAnswer | undefined;
  api.route({
    method: 'GET',
    url: CATALOGUE_PATH,
    summary: 'The services of the platform: names, descriptions, pages, availability in this deployment and prices',
    tag: 'site',
    auth: 'none',
    responses: { 200: { description: 'the catalogue', schema: catalogueAnswerSchema } },
    handler: async () => (answer ??= catalogueOf(services, mountedServices(api.routes, services))),
  });
}
