import { describe, expect, it } from 'vitest';
import { remoteConfig } from '../../resources/config';
import type { ResourceDecl } from '../../resources/types';
import { formFields } from '../../src/engine/schema';

const overrides = remoteConfig.resources.find((r) => r.name === 'overrides')!;

describe('the fields of a record form', () => {
  it('edits all of a record in one place, its parts included (an override with its variants)', () => {
    expect(overrides.parts?.map((p) => p.field)).toEqual(['variants']);
    expect(formFields(overrides, 'edit')).toContain('variants');
    expect(formFields(overrides, 'create')).toContain('variants');
  });

  it('asks for a secret on create only: an edit without it keeps it', () => {
    const decl = {
      ...overrides,
      schema: { type: 'object', properties: { name: { type: 'string' }, key: { type: 'string', writeOnly: true } } },
      parts: [],
    } as ResourceDecl;
    expect(formFields(decl, 'create')).toEqual(['name', 'key']);
    expect(formFields(decl, 'edit')).toEqual(['name']);
  });
});
