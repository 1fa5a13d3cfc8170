import { describe, expect, it } from 'vitest';
import { findResource } from '../../resources';
import { PURCHASE_FLOW, PURCHASE_STATUSES } from '../../resources/passport/economy-flow';
import { amountError, decimalsOf, propertiesBytes, propertiesError } from '../../server/services/passport/economy/amounts';
import { dayRange } from '../../server/engine/day-range';
import { METRIC_DAYS } from '../../server/services/passport/economy/metrics';
import { effectiveClassStatus } from '../../server/services/passport/economy/tokens';

describe('amounts', () => {
  it('are positive decimal strings with no more decimals than the resource allows', () => {
    expect(amountError('10', 0, '/a')).toBeUndefined();
    expect(amountError('6.00', 2, '/a')).toBeUndefined();
    expect(amountError('0.000001', 6, '/a')).toBeUndefined();
    expect(amountError('1.5', 0, '/a')).toEqual({ field: '/a', message: 'at most 0 decimals for this resource' });
    expect(amountError('6.001', 2, '/a')?.message).toBe('at most 2 decimals for this resource');
    expect(amountError('0', 2, '/a')?.message).toBe('must be greater than zero');
    expect(amountError('0.00', 2, '/a')?.message).toBe('must be greater than zero');
    for (const bad of ['-1', '1e3', '01', '1.', '.5', ' 1', '1,000', 'NaN']) expect(amountError(bad, 6, '/a')?.message, bad).toBe('must be a decimal number');
    expect(decimalsOf('12')).toBe(0);
    expect(decimalsOf('12.340')).toBe(3);
  });
});

describe('entry properties', () => {
  it('are measured in UTF-8 bytes of their JSON, at most 512', () => {
    expect(propertiesBytes({})).toBe(2);
    expect(propertiesBytes({ k: 'é' })).toBe(10);
    // {"k":""} is 8 bytes; each 中 is 3 bytes.
    expect(propertiesError({ k: '中'.repeat(168) }, '/p')).toBeUndefined();
    expect(propertiesError({ k: '中'.repeat(169) }, '/p')).toEqual({ field: '/p', message: 'properties exceed 512 bytes (515 bytes)' });
    expect(propertiesError({ k: 'x'.repeat(504) }, '/p')).toBeUndefined();
    expect(propertiesError({ k: 'x'.repeat(505) }, '/p')?.message).toBe('properties exceed 512 bytes (513 bytes)');
    expect(propertiesError(undefined, '/p')).toBeUndefined();
  });
});

describe('gift pack states over time', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  it('leave unreleased packs alone and move released ones by their window', () => {
    expect(effectiveClassStatus('unreleased', '2026-01-01T00:00:00Z', undefined, now)).toBe('unreleased');
    expect(effectiveClassStatus('active', undefined, undefined, now)).toBe('active');
    expect(effectiveClassStatus('pending', undefined, undefined, now)).toBe('active');
    expect(effectiveClassStatus('active', '2026-05-02T00:00:00Z', undefined, now)).toBe('pending');
    expect(effectiveClassStatus('pending', '2026-05-01T00:00:00Z', '2026-06-01T00:00:00Z', now)).toBe('active');
    // The end is exclusive: at the end instant the pack has expired.
    expect(effectiveClassStatus('active', undefined, '2026-05-01T00:00:00Z', now)).toBe('expired');
    expect(effectiveClassStatus('expired', undefined, '2027-01-01T00:00:00Z', now)).toBe('expired');
  });
});

describe('metric ranges', () => {
  it('are Shanghai days, by default the 30 days up to today, at most 366 days, running forward', () => {
    // 2026-03-01 20:00 UTC is already 2 March in Shanghai.
    const r = dayRange(undefined, undefined, METRIC_DAYS, new Date('2026-03-01T20:00:00Z'));
    // Thirty days ending 2 March: 1 and 2 March and the 28 days of February 2026.
    expect(r).toMatchObject({ first: '2026-02-01', last: '2026-03-02' });
    expect(r.days).toHaveLength(30);
    expect(dayRange('2024-02-28', '2024-03-01', METRIC_DAYS).days).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(dayRange('2025-01-01', '2026-01-01', METRIC_DAYS).days).toHaveLength(366);
    expect(() => dayRange('2025-01-01', '2026-01-02', METRIC_DAYS)).toThrow();
    expect(() => dayRange('2026-01-02', '2026-01-01', METRIC_DAYS)).toThrow();
  });
});

describe('the purchase flow', () => {
  it('moves only between the spec states, and the declared actions are the flow’s moves', () => {
    for (const step of Object.values(PURCHASE_FLOW)) {
      for (const s of [...step.from, step.to]) expect(PURCHASE_STATUSES).toContain(s);
    }
    const actions = findResource('passport', 'transactions')?.actions ?? [];
    expect(actions.find((a) => a.name === 'refund')).toMatchObject({ from: [...PURCHASE_FLOW.refund.from], to: PURCHASE_FLOW.refund.to });
    // Fulfilling again grants contents: the economy's code serves it, the console offers it from FulfillFailed only.
    expect(actions.find((a) => a.name === 'reFulfil')).toMatchObject({ from: ['FulfillFailed'], to: 'Fulfilled', path: '/re-fulfil', implementedBy: 'service' });
    // Terminal states: nothing leaves ChargeFailed or Refunded.
    const leaving = new Set<string>(Object.values(PURCHASE_FLOW).flatMap((s) => [...s.from]));
    expect(leaving.has('ChargeFailed')).toBe(false);
    expect(leaving.has('Refunded')).toBe(false);
  });
});
