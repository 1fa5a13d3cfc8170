import { describe, expect, it } from 'vitest';
import { changedFields, inline, splitActor } from '../../src/pages/ops/diff';

describe('operation history diff', () => {
  it('lists only the top-level fields an update changed, in record order', () => {
    const before = { name: 'A', priority: 1, variants: [{ w: 50 }], version: 3 };
    const after = { name: 'A', priority: 2, variants: [{ w: 60 }], version: 4 };
    expect(changedFields(before, after)).toEqual([
      { field: 'priority', before: 1, after: 2 },
      { field: 'variants', before: [{ w: 50 }], after: [{ w: 60 }] },
      { field: 'version', before: 3, after: 4 },
    ]);
  });

  it('shows every field of a created or deleted record on one side', () => {
    expect(changedFields(null, { key: 'k', value: '1' })).toEqual([
      { field: 'key', before: undefined, after: 'k' },
      { field: 'value', before: undefined, after: '1' },
    ]);
    expect(changedFields({ key: 'k' }, undefined)).toEqual([{ field: 'key', before: 'k', after: undefined }]);
  });

  it('treats two plain values as one change, and equal ones as none', () => {
    expect(changedFields('old', 'new')).toEqual([{ field: '', before: 'old', after: 'new' }]);
    expect(changedFields([1, 2], [1, 2])).toEqual([]);
    expect(changedFields({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
  });

  it('writes values for a table cell and splits actors', () => {
    expect(inline('text')).toBe('text');
    expect(inline({ a: 1 })).toBe('{"a":1}');
    expect(inline(undefined)).toBe('');
    expect(splitActor('user:demo@example.com')).toEqual({ kind: 'user', who: 'demo@example.com' });
    expect(splitActor('app:123:x')).toEqual({ kind: 'app', who: '123:x' });
    expect(splitActor('system')).toEqual({ kind: '', who: 'system' });
  });
});
