import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { charge, costOf, formatUnitPrice } from '../../server/billing/prices';

/**
 * Every meter billed on an example worked out by hand from the constants of spec 001 §9 and 002 §9 and the units
 * written in docs/adr/0006-prices-and-meters.md (sizes in units of 1000: 1 GB = 1,000,000,000 bytes).
 */
const GB = 1_000_000_000;

describe('charge', () => {
  const cases: [service: string, meter: string, quantity: string | number, expected: { units: string; unitPrice: string; amount: string }, why: string][] = [
    // passport
    ['passport', 'dau', 1000, { units: '1000', unitPrice: '0.0600', amount: '60.00' }, '1000 DAU-days × 0.06 = 60.00'],
    ['passport', 'sms', 250, { units: '250', unitPrice: '0.0420', amount: '10.50' }, '250 messages × 0.042 = 10.50'],
    ['passport', 'real-name', 333, { units: '333', unitPrice: '0.0800', amount: '26.64' }, '333 checks × 0.08 = 26.64'],
    // remote config
    ['remote-config', 'fetch', 25_000, { units: '2.5', unitPrice: '1.0000', amount: '2.50' }, '25,000 fetches = 2.5 × 10,000 × 1 = 2.50'],
    ['remote-config', 'override', 15_000, { units: '1.5', unitPrice: '2.0000', amount: '3.00' }, '15,000 = 1.5 × 10,000 × 2 = 3.00'],
    ['remote-config', 'simulate', 500, { units: '500', unitPrice: '0.0000', amount: '0.00' }, 'simulations are measured, not billed'],
    // push
    ['push', 'peak-connection', 30 * 200, { units: '6000', unitPrice: '0.0500', amount: '300.00' }, '30 days at a peak of 200 = 6000 × 0.05 = 300.00'],
    ['push', 'message', 3_000_000, { units: '3', unitPrice: '5.0000', amount: '15.00' }, '3 million messages × 5 = 15.00'],
    // CDN
    ['asset-streaming', 'traffic', 1000 * GB, { units: '1200', unitPrice: '0.1500', amount: '80.00' }, '1000 GB × 1.2 × 0.15 = 180.00, minus free credit 100 = 80.00'],
    ['asset-streaming', 'traffic', 500 * GB, { units: '600', unitPrice: '0.1500', amount: '0.00' }, '500 GB × 1.2 × 0.15 = 90.00, all covered by the free credit 100'],
    // baking
    ['baking', 'node-seconds', 5400, { units: '1.5', unitPrice: '8.8000', amount: '13.20' }, '5400 s = 1.5 node-hours × 8.8 = 13.20'],
    // multiverse
    ['multiverse', 'cpu', 36_000, { units: '10', unitPrice: '0.2800', amount: '2.80' }, '36,000 core-seconds = 10 core-hours × 0.28 = 2.80'],
    ['multiverse', 'net', 50 * GB, { units: '50', unitPrice: '1.2000', amount: '60.00' }, '50 GB × 1.2 = 60.00'],
    // sync
    ['usync', 'ccu', 100, { units: '100', unitPrice: '0.0500', amount: '5.00' }, '100 peak-days × 0.05 = 5.00'],
    ['usync', 'net', 2.5 * GB, { units: '2.5', unitPrice: '1.2000', amount: '3.00' }, '2.5 GB × 1.2 = 3.00'],
    // func: per server-hour by size, then traffic
    ['func', 'core0_1', 7200, { units: '2', unitPrice: '0.0500', amount: '0.10' }, '2 hours × 0.05 = 0.10'],
    ['func', 'coreThird', 36_000, { units: '10', unitPrice: '0.1000', amount: '1.00' }, '10 hours × 0.1 = 1.00'],
    ['func', 'coreHalf', 36_000, { units: '10', unitPrice: '0.2000', amount: '2.00' }, '10 hours × 0.2 = 2.00'],
    ['func', 'core1', 360_000, { units: '100', unitPrice: '0.2800', amount: '28.00' }, '100 hours × 0.28 = 28.00'],
    ['func', 'core2', 360_000, { units: '100', unitPrice: '0.5000', amount: '50.00' }, '100 hours × 0.5 = 50.00'],
    ['func', 'core4', 360_000, { units: '100', unitPrice: '0.8000', amount: '80.00' }, '100 hours × 0.8 = 80.00'],
    ['func', 'net', 10 * GB, { units: '10', unitPrice: '1.2000', amount: '12.00' }, '10 GB × 1.2 = 12.00'],
    ['func', 'realtime-net', 10 * GB, { units: '10', unitPrice: '1.8000', amount: '18.00' }, '10 GB × 1.8 = 18.00'],
    // stateless
    ['func-stateless', 'net', 1 * GB, { units: '1', unitPrice: '1.2000', amount: '1.20' }, '1 GB × 1.2 = 1.20'],
    ['func-stateless', 'resource', 123_456, { units: '123456', unitPrice: '0.0001', amount: '12.35' }, '123,456 GB-s × 0.0001 = 12.3456 → 12.35 (half-up)'],
    ['func-stateless', 'invocation', 1_000_000, { units: '100', unitPrice: '0.1200', amount: '12.00' }, '100 × 10,000 invocations × 0.12 = 12.00'],
    // device
    ['device', 'device-seconds', 3600, { units: '60', unitPrice: '0.1000', amount: '6.00' }, '3600 s = 60 minutes × 0.1 = 6.00'],
    // save
    ['save', 'net', 5 * GB, { units: '5', unitPrice: '1.2000', amount: '6.00' }, '5 GB × 1.2 = 6.00'],
    ['save', 'storage', 300 * GB, { units: '300', unitPrice: '0.0040', amount: '1.20' }, '300 GB-days × 0.004 = 1.20'],
    ['save', 'upload', 50_000, { units: '5', unitPrice: '0.8000', amount: '4.00' }, '5 × 10,000 uploads × 0.8 = 4.00'],
    // matchmaking
    ['match', 'ticket', 125_000, { units: '12.5', unitPrice: '2.0000', amount: '25.00' }, '12.5 × 10,000 tickets × 2 = 25.00'],
    // hello
    ['hello', 'rtc', 2500, { units: '2.5', unitPrice: '7.0000', amount: '17.50' }, '2.5 × 1,000 minutes × 7 = 17.50'],
    ['hello', 'recording', 1500, { units: '1.5', unitPrice: '9.0000', amount: '13.50' }, '1.5 × 1,000 minutes × 9 = 13.50'],
  ];

  for (const [service, meter, quantity, expected, why] of cases) {
    it(`${service} ${meter}: ${why}`, () => {
      expect(charge(service, meter, quantity)).toMatchObject(expected);
    });
  }

  it('covers every declared meter with an example', () => {
    const declared = services.flatMap((s) => (s.meters ?? []).map((m) => `${s.name}/${m.meter}`)).sort();
    const tested = [...new Set(cases.map(([s, m]) => `${s}/${m}`))].sort();
    expect(tested).toEqual(declared);
  });

  it('names only prices that exist', () => {
    for (const s of services)
      for (const m of s.meters ?? [])
        for (const key of [m.price, m.coefficient, m.freeCredit, m.costPrice].filter(Boolean))
          expect(s.prices?.[key as string], `${s.name}/${m.meter} → ${key}`).toBeDefined();
  });

  it('rounds half-up only at the end of the line', () => {
    // 5 GB-s × 0.0001 = 0.0005 → 0.00; 50 GB-s → 0.005 → 0.01 (half-up, not half-even)
    expect(charge('func-stateless', 'resource', 5).amount).toBe('0.00');
    expect(charge('func-stateless', 'resource', 50).amount).toBe('0.01');
    // three thirds of an hour at 0.28 billed together: 1 hour → 0.28 (rounding each third first would give 0.09 × 3 = 0.27)
    expect(charge('multiverse', 'cpu', 3600).amount).toBe('0.28');
    // 1200 s = 1/3 hour × 0.28 = 0.09333… → 0.09
    expect(charge('multiverse', 'cpu', 1200)).toMatchObject({ units: '0.333333', amount: '0.09' });
  });

  it('keeps exact decimals for huge quantities', () => {
    // 12,345,678,901,234,567,890 bytes = 12,345,678,901.23456789 GB × 1.2 = 14,814,814,681.481481468 GB × 0.15
    // = 2,222,222,202.2222222202 → 2,222,222,202.22, minus 100 = 2,222,222,102.22
    expect(charge('asset-streaming', 'traffic', '12345678901234567890').amount).toBe('2222222102.22');
  });

  it('reports the free credit taken off', () => {
    expect(charge('asset-streaming', 'traffic', 1000 * GB)).toMatchObject({ gross: '180.00', credit: '100.00' });
    expect(charge('asset-streaming', 'traffic', 100 * GB)).toMatchObject({ gross: '18.00', credit: '18.00', amount: '0.00' });
  });

  it('bills an undeclared meter nothing', () => {
    expect(charge('remote-config', 'no-such-meter', 10)).toMatchObject({ unitPrice: '0.0000', amount: '0.00' });
  });
});

describe('cost prices', () => {
  it('price multiverse margins but never bill them', () => {
    // 10 core-hours × 0.051875 = 0.51875 → 0.52; 50 GB × 0.36 = 18.00
    expect(costOf('multiverse', 'cpu', 36_000)).toBe('0.52');
    expect(costOf('multiverse', 'net', 50 * GB)).toBe('18.00');
    expect(costOf('usync', 'net', GB)).toBeUndefined();
  });

  it('show unit prices with 4 decimals, or 6 when they have more', () => {
    expect(formatUnitPrice('0.15')).toBe('0.1500');
    expect(formatUnitPrice('0.051875')).toBe('0.051875');
  });
});
