import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { findService, services, type ServiceDecl } from '../../resources';
import { catalogueOf, mountedServices, priceLinesOf } from '../../server/site/catalogue';
import { charge } from '../../server/billing/prices';

/**
 * The public catalogue's shaping (server/site/catalogue.ts): expected prices are the declarations' numbers
 * (resources/<service>.ts, spec 001 §9 and 002 §9) written out by hand.
 */
const service = (name: string): ServiceDecl => findService(name)!;

describe('the catalogue price lines', () => {
  it("are a service's priced meters with the price billing charges, coefficient and free credit named", () => {
    expect(priceLinesOf(service('asset-streaming'))).toEqual([
      {
        meter: 'traffic',
        label: { 'zh-CN': '下载流量', en: 'Download traffic' },
        unit: { 'zh-CN': 'GB', en: 'GB' },
        price: '0.15',
        coefficient: '1.2',
        freeCredit: '100',
      },
    ]);
    expect(priceLinesOf(service('passport')).map((l) => [l.meter, l.price, l.unit.en])).toEqual([
      ['dau', '0.06', 'DAU-day'],
      ['sms', '0.042', 'message'],
      ['real-name', '0.08', 'verification'],
    ]);
  });

  it('leave out measures that are not billed and never show what the platform pays', () => {
    // Remote config measures simulations without a price: two billed lines of three meters.
    expect(priceLinesOf(service('remote-config')).map((l) => [l.meter, l.price, l.unit.en])).toEqual([
      ['fetch', '1', '10,000 requests'],
      ['override', '2', '10,000 requests'],
    ]);
    // Multiverse's cost prices (0.051875 per core-hour, 0.36 per GB) are for margin reports only.
    const multiverse = priceLinesOf(service('multiverse'));
    expect(multiverse.map((l) => [l.meter, l.price])).toEqual([
      ['cpu', '0.28'],
      ['net', '1.2'],
    ]);
    expect(JSON.stringify(multiverse)).not.toMatch(/0\.051875|0\.36/);
  });

  it('price a unit as billing does', () => {
    // One GB downloaded through the CDN: 1 × 1.2 × 0.15 = 0.18 before the free credit, which then covers it.
    const [cdn] = priceLinesOf(service('asset-streaming'));
    const gross = new Decimal(cdn.price).times(cdn.coefficient!);
    expect(charge('asset-streaming', 'traffic', '1000000000')).toMatchObject({ gross: gross.toFixed(2), amount: '0.00' });
    // 10,000 settings fetches are one unit at 1.
    const [fetch] = priceLinesOf(service('remote-config'));
    expect(charge('remote-config', 'fetch', '10000').amount).toBe(new Decimal(fetch.price).toFixed(2));
  });

  it('refuse a meter naming a price the service does not declare', () => {
    const broken: ServiceDecl = { ...service('hello'), prices: { rtc: '7' } };
    expect(() => priceLinesOf(broken)).toThrow('hello: no price recording');
  });
});

describe('the catalogue', () => {
  it('says a service is available only when the server mounted calls tagged with its name', () => {
    const available = mountedServices([{ tag: 'passport' }, { tag: 'auth' }, { tag: 'remote-config' }, { tag: 'site' }], services);
    expect([...available].sort()).toEqual(['passport', 'remote-config']);
  });

  it('lists every declared service in catalogue order, with its pages and capabilities in both languages', () => {
    const answer = catalogueOf(services, new Set(['passport']));
    expect(answer.services.map((s) => s.name)).toEqual(services.map((s) => s.name));
    const cdn = answer.services.find((s) => s.name === 'asset-streaming')!;
    expect(cdn).toMatchObject({ productPage: '/product/cdn', docPage: '/doc/cdn', available: false, mainService: true });
    expect(cdn.capabilities.length).toBeGreaterThan(0);
    for (const c of cdn.capabilities) expect(c['zh-CN'] && c.en).toBeTruthy();
    expect(answer.services.find((s) => s.name === 'passport')!.available).toBe(true);
    // Match has no product page in the declarations: none is made up.
    expect(answer.services.find((s) => s.name === 'match')).not.toHaveProperty('productPage');
  });
});
