import type { CatalogueService } from '../../../resources/site-api';
import { DEMO_BUCKET_ID } from '../../../resources/cdn/demo-ids';

/**
 * The product pages (`/product/*`): a service's page is every catalogue service whose declared `productPage` is the
 * address (Func: stateful and stateless functions; CRUD: saves and databases), so a new service gets its page from
 * its declaration. Solution pages combine services; their texts are the site's (`sitePages.solutions.<key>`).
 */
export const SOLUTIONS: Record<string, { key: string; services: string[] }> = {
  '/product/multiplayer': { key: 'multiplayer', services: ['usync', 'multiverse', 'match', 'passport'] },
  '/product/onlinegame': { key: 'onlinegame', services: ['passport', 'remote-config', 'save', 'func'] },
  '/product/minigame': { key: 'minigame', services: ['passport', 'remote-config', 'asset-streaming', 'wind'] },
  '/product/wind/publish': { key: 'windPublish', services: ['wind'] },
};

/**
 * Screenshots of a built service's console, taken from the real console by `npm run site:shots`
 * (scripts/site-shots.ts) into `public/site-shots/<name>.<lang>.png`, with the console screen each one shows (and,
 * after `#`, the test id of the block a long page's shot starts at). A service without a built console has none.
 */
export const SHOTS: Record<string, string[]> = {
  passport: ['passport', 'passport-leaderboards'],
  'remote-config': ['remote-config'],
  'asset-streaming': ['asset-streaming', 'asset-streaming-entries', 'asset-streaming-mods'],
};
export const SHOT_SCREENS: Record<string, string> = {
  passport: '/services/:appId/passport/account/user',
  'passport-leaderboards': '/services/:appId/passport/leaderboards',
  'remote-config': '/services/:appId/config',
  // The demo's game-assets bucket: its deliveries chart and proxy cache, then its entries by directory.
  'asset-streaming': `/services/:appId/asset/bucket/${DEMO_BUCKET_ID}#panel-cdnBucketStatistics`,
  'asset-streaming-entries': `/services/:appId/asset/bucket/${DEMO_BUCKET_ID}#children-entries`,
  'asset-streaming-mods': '/services/:appId/asset/bucket/ugc',
};
export const SHOT_LOCALES = ['zh-CN', 'en'] as const;
export const shotAddress = (name: string, locale: string) => `/site-shots/${name}.${locale}.png`;

export type Product = { kind: 'service'; services: CatalogueService[] } | { kind: 'solution'; key: string; services: CatalogueService[] };

/** What a product address shows, or undefined when no service or solution has it. */
export function productOf(path: string, catalogue: CatalogueService[]): Product | undefined {
  const address = path.replace(/\/+$/, '');
  const solution = SOLUTIONS[address];
  if (solution) {
    const services = solution.services.flatMap((name) => catalogue.filter((s) => s.name === name));
    return { kind: 'solution', key: solution.key, services };
  }
  const services = catalogue.filter((s) => s.productPage === address);
  return services.length ? { kind: 'service', services } : undefined;
}

/** Every product address: the services' declared pages, then the solutions. */
export function productAddresses(catalogue: CatalogueService[]): string[] {
  return [...new Set([...catalogue.flatMap((s) => (s.productPage ? [s.productPage] : [])), ...Object.keys(SOLUTIONS)])];
}
