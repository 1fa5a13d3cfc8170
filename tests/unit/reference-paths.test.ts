import { describe, expect, it } from 'vitest';
import { checkReferencePath, parseReferencePath } from '../../server/engine/reference-paths';
import overrideSchema from '../../schemas/config/override.json' with { type: 'json' };

describe('reference paths', () => {
  it('reads a plain field as no path, and a path into arrays and maps as its steps', () => {
    expect(parseReferencePath('realmId')).toBeUndefined();
    expect(parseReferencePath('variants[].values{}')).toEqual({ steps: [{ prop: 'variants', each: true }, { prop: 'values', each: false }], keys: true });
    expect(parseReferencePath('owner.id')).toEqual({ steps: [{ prop: 'owner', each: false }, { prop: 'id', each: false }], keys: false });
  });

  it('refuses malformed paths', () => {
    for (const bad of ['variants[0].values{}', 'a..b', 'a.{}', "a'b.c", 'a[]{}.b']) expect(() => parseReferencePath(bad), bad).toThrow();
  });

  it('checks a path against the schema at start-up', () => {
    const ok = parseReferencePath('variants[].values{}')!;
    expect(() => checkReferencePath(overrideSchema, ok, 'x')).not.toThrow();
    for (const bad of ['variants.values{}', 'variants[].weight{}', 'variants[].nope{}', 'variants[].name.x', 'variants[].values']) {
      expect(() => checkReferencePath(overrideSchema, parseReferencePath(bad)!, 'x'), bad).toThrow();
    }
  });
});
