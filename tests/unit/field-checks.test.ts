import { describe, expect, it } from 'vitest';
import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import { checkFieldChecks, fieldCheckErrors } from '../../server/engine/field-checks';

const time: JsonSchema = { type: 'string', format: 'date-time' };
const resourceWith = (properties: Record<string, JsonSchema>) => ({ name: 'passes', schema: { type: 'object', properties } }) as unknown as ResourceDecl;
const service = { name: 'arena' } as ServiceDecl;

const passes = resourceWith({
  opensAt: time,
  closesAt: { ...time, 'x-after': 'opensAt' },
  ownerId: { type: 'string', 'x-fixed': true },
  terms: { type: 'object', 'x-fixed': true },
  title: { type: 'string' },
});

describe('the checks between fields a schema declares', () => {
  it('wants a time marked x-after later than the field it names, when both are given', () => {
    const at = (opensAt?: string, closesAt?: string) => fieldCheckErrors(passes, { opensAt, closesAt });
    expect(at('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')).toEqual([]);
    expect(at('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toEqual([{ field: '/closesAt', message: 'must be after the start time' }]);
    // Written in another zone, the same instant is no later.
    expect(at('2026-01-01T08:00:00+08:00', '2026-01-01T00:00:00Z')).toEqual([{ field: '/closesAt', message: 'must be after the start time' }]);
    expect(at('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z')).toEqual([{ field: '/closesAt', message: 'must be after the start time' }]);
    expect(at(undefined, '2026-01-01T00:00:00Z')).toEqual([]);
    expect(at('2026-01-01T00:00:00Z', undefined)).toEqual([]);
  });

  it('keeps a field marked x-fixed as the record was created, on updates only', () => {
    expect(fieldCheckErrors(passes, { ownerId: 'u-1', title: 'A' })).toEqual([]);
    expect(fieldCheckErrors(passes, { ownerId: 'u-1', title: 'B' }, { ownerId: 'u-1', title: 'A' })).toEqual([]);
    expect(fieldCheckErrors(passes, { ownerId: 'u-2' }, { ownerId: 'u-1' })).toEqual([{ field: '/ownerId', message: 'cannot be changed' }]);
    expect(fieldCheckErrors(passes, {}, { ownerId: 'u-1' })).toEqual([{ field: '/ownerId', message: 'cannot be changed' }]);
    // An object is kept when it holds the same values, whichever copy of it the write carries.
    const terms = { tier: 'gold', seats: [1, 2] };
    expect(fieldCheckErrors(passes, { terms: structuredClone(terms) }, { terms })).toEqual([]);
    expect(fieldCheckErrors(passes, { terms: { ...terms, tier: 'silver' } }, { terms })).toEqual([{ field: '/terms', message: 'cannot be changed' }]);
  });

  it.each<[string, Record<string, JsonSchema>, RegExp]>([
    ['an x-after naming no field', { closesAt: { ...time, 'x-after': 'opensAt' } }, /arena\/passes: x-after of 'closesAt' must name another date-time field/],
    ['an x-after naming a field that is not a time', { opensAt: { type: 'string' }, closesAt: { ...time, 'x-after': 'opensAt' } }, /x-after of 'closesAt'/],
    ['an x-after on a field that is not a time', { opensAt: time, closesAt: { type: 'integer', 'x-after': 'opensAt' } }, /x-after of 'closesAt'/],
    ['an x-fixed that is not true', { ownerId: { type: 'string', 'x-fixed': 'yes' } }, /x-fixed of 'ownerId' must be true/],
  ])('refuses %s at start-up', (_what, properties, message) => {
    expect(() => checkFieldChecks(service, resourceWith(properties))).toThrow(message);
  });

  it('takes well-formed checks at start-up', () => {
    expect(() => checkFieldChecks(service, passes)).not.toThrow();
  });
});

describe('the sequence checks on the items of an array a schema declares', () => {
  const tiers = resourceWith({
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: { rung: { type: 'integer', 'x-position': 'rungs count 1, 2, 3' }, need: { type: 'integer', 'x-not-below-previous': 'needs no less than the rung before' } },
      },
    },
  });
  const errors = (steps?: unknown) => fieldCheckErrors(tiers, { steps });

  it('wants each item at its place counted from 1, and no value below the one before, item by item', () => {
    expect(errors([{ rung: 1, need: 0 }, { rung: 2, need: 0 }, { rung: 3, need: 5 }])).toEqual([]);
    expect(errors([{ rung: 2, need: 10 }, { rung: 3, need: 9 }])).toEqual([
      { field: '/steps/0/rung', message: 'rungs count 1, 2, 3' },
      { field: '/steps/1/rung', message: 'rungs count 1, 2, 3' },
      { field: '/steps/1/need', message: 'needs no less than the rung before' },
    ]);
    expect(errors([])).toEqual([]);
    expect(errors(undefined)).toEqual([]);
  });

  it('refuses at start-up a sequence check that is not a message', () => {
    const bad = resourceWith({ steps: { type: 'array', items: { type: 'object', properties: { rung: { type: 'integer', 'x-position': true } } } } });
    expect(() => checkFieldChecks(service, bad)).toThrow(/arena\/passes: x-position and x-not-below-previous of 'steps\[\]\.rung' are messages/);
  });
});
