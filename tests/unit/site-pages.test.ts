import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { catalogueOf } from '../../server/site/catalogue';
import { serviceModules } from '../../server/services';
import { productAddresses, productOf, SHOT_LOCALES, SHOT_SCREENS, SHOTS, shotAddress } from '../../src/pages/site/products';
import { priceRows } from '../../src/pages/site/price-rows';
import { sitePages } from '../../src/locales/sections/site-pages';
import { librariesOf } from '../../scripts/site-libraries';

/** The site's data-driven pages (src/pages/site): product pages, the price list, screenshots and the libraries list. */
const ROOT = join(import.meta.dirname, '../..');
const catalogue = catalogueOf(services, new Set(['passport', 'remote-config'])).services;
const names = (path: string) => productOf(path, catalogue)?.services.map((s) => s.name);

describe('the product pages', () => {
  it('show the services whose declared product page is the address', () => {
    expect(names('/product/cdn')).toEqual(['asset-streaming']);
    expect(names('/product/sync')).toEqual(['usync']);
    expect(names('/product/func')).toEqual(['func', 'func-stateless']);
    expect(names('/product/crud')).toEqual(['save', 'storage']);
    expect(names('/product/passport/')).toEqual(['passport']);
    expect(productOf('/product/passport', catalogue)?.kind).toBe('service');
  });

  it('show a solution as the services it combines', () => {
    expect(productOf('/product/multiplayer', catalogue)).toMatchObject({ kind: 'solution', key: 'multiplayer' });
    expect(names('/product/multiplayer')).toEqual(['usync', 'multiverse', 'match', 'passport']);
    expect(names('/product/wind/publish')).toEqual(['wind']);
  });

  it('cover every product route of spec 000 §2, and no other address', () => {
    const spec = ['cdn', 'multiverse', 'sync', 'passport', 'func', 'crud', 'safe', 'stacktrace', 'hello', 'push', 'multiplayer', 'onlinegame', 'minigame', 'baking', 'wind', 'wind/publish', 'metrics'];
    for (const page of spec) expect(names(`/product/${page}`)?.length, page).toBeGreaterThan(0);
    expect(productAddresses(catalogue)).toEqual(expect.arrayContaining(spec.map((p) => `/product/${p}`)));
    expect(productOf('/product/nothing', catalogue)).toBeUndefined();
    expect(productOf('/product/cdn/more', catalogue)).toBeUndefined();
  });
});

describe('the screenshots', () => {
  it('exist for every shot a product page references, in the folder served as static files', () => {
    const shots = Object.values(SHOTS).flat();
    expect(Object.keys(SHOT_SCREENS).sort()).toEqual([...shots].sort());
    const missing = shots.flatMap((shot) => SHOT_LOCALES.map((locale) => shotAddress(shot, locale))).filter((file) => !existsSync(join(ROOT, 'public', file)));
    expect(missing).toEqual([]);
  });

  it('each have a caption in both languages', () => {
    const shots = Object.values(SHOTS).flat();
    for (const locale of SHOT_LOCALES) {
      const captions = sitePages[locale].product.shots as Record<string, string>;
      expect(shots.filter((shot) => !captions[shot]), locale).toEqual([]);
    }
  });

  it('are taken only of services with a built console (a server module)', () => {
    const built = new Set(serviceModules.map((m) => m.service));
    expect(Object.keys(SHOTS).filter((name) => !built.has(name))).toEqual([]);
  });
});

describe('the price list', () => {
  it("is every service's billable items, the service's cell spanning its rows", () => {
    const { rows } = priceRows(catalogue);
    const cdn = rows.filter((r) => r.service.name === 'asset-streaming');
    expect(cdn.map((r) => [r.line.meter, r.line.price, r.line.coefficient, r.line.freeCredit, r.span])).toEqual([['traffic', '0.15', '1.2', '100', 1]]);
    const hello = rows.filter((r) => r.service.name === 'hello');
    expect(hello.map((r) => [r.line.meter, r.line.price, r.line.unit.en, r.span])).toEqual([
      ['rtc', '7', '1,000 minutes', 2],
      ['recording', '9', '1,000 minutes', 0],
    ]);
    // Passport's first: the catalogue's order.
    expect(rows[0].key).toBe('passport/dau');
  });

  it('names the services that bill nothing yet', () => {
    // Databases, crash symbolication, hardening, profiling, publishing, data sharing and the assistant declare no meter.
    expect(priceRows(catalogue).unbilled.map((s) => s.name).sort()).toEqual(['ai', 'metrics', 'safe', 'stacktrace', 'storage', 'upr', 'wind']);
  });
});

describe('the third-party libraries', () => {
  const libraries = librariesOf(ROOT);
  const find = (name: string) => libraries.filter((l) => l.name === name);

  it('list the production dependencies with their installed version, licence and link', () => {
    const react = JSON.parse(readFileSync(join(ROOT, 'node_modules/react/package.json'), 'utf8')) as { version: string };
    expect(find('react')).toEqual([{ name: 'react', version: react.version, license: 'MIT', link: expect.stringMatching(/^https:\/\//) }]);
    expect(find('decimal.js')[0]?.license).toBe('MIT');
    expect(find('fastify')[0]?.license).toBe('MIT');
    // Dependencies of dependencies are part of the tree.
    expect(find('scheduler').length).toBe(1);
  });

  it('leave out the development tools', () => {
    expect(find('vitest')).toEqual([]);
    expect(find('typescript')).toEqual([]);
    expect(find('eslint')).toEqual([]);
  });
});
