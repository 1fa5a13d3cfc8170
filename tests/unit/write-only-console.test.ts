import { describe, expect, it, vi } from 'vitest';

// The console's language setup touches the page's root element: give it the one element it needs.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { services } from '../../resources';
import { writeOnlyFields } from '../../resources/field-access';
import type { JsonSchema, ResourceDecl } from '../../resources/types';
import { i18n } from '../../providers/i18n';
import { FieldValue } from '../../src/engine/FieldValue';
import { formSchemas, recordFormSchema, secretFormSchema } from '../../src/engine/form/formSchemas';
import { buildUiSchema } from '../../src/engine/form/uiSchema';
import { replaceSecretBody, secretClearable } from '../../src/engine/write-only';

/**
 * How the console treats write-only fields (secrets): the create form asks for one with a masked input, the edit
 * form never holds it (so it is never prefilled nor sent back), a record's page says whether it is set, and its
 * replace sends the record as read with only the secret changed.
 */
const passport = services.find((s) => s.name === 'passport')!;
const providers = passport.resources.find((r) => r.name === 'id-providers')!;
const withSecrets = services.flatMap((s) => s.resources.filter((r) => writeOnlyFields(r.schema).length).map((decl) => ({ service: s, decl })));
const propsOf = (schema: JsonSchema) => Object.keys((schema.properties ?? {}) as Record<string, unknown>);

/** A resource whose secret is required, so it may be replaced but never cleared. */
const vault: ResourceDecl = {
  ...providers,
  name: 'vaults',
  schema: {
    type: 'object',
    required: ['name', 'token'],
    properties: { name: { type: 'string' }, token: { type: 'string', minLength: 8, writeOnly: true }, note: { type: 'string' } },
  },
};

describe('write-only fields in the console', () => {
  it('are declared by the login providers', () => {
    expect(writeOnlyFields(providers.schema)).toEqual(['appSecret']);
    expect(withSecrets.map((r) => `${r.service.name}/${r.decl.name}`)).toContain('passport/id-providers');
  });

  it.each(withSecrets.map((r) => [`${r.service.name}/${r.decl.name}`, r.decl] as const))('%s: asked on create with a masked input, left out of the edit form', (_name, decl) => {
    for (const field of writeOnlyFields(decl.schema)) {
      const create = recordFormSchema(decl, 'create');
      if (decl.operations.includes('create')) expect(propsOf(create)).toContain(field);
      expect(buildUiSchema(create, 'en', new Set())[field]).toMatchObject({ 'ui:widget': 'secret' });
      expect(propsOf(recordFormSchema(decl, 'edit'))).not.toContain(field);
      // Its own replace form: that field alone, required, compiled with every other console form.
      const replace = secretFormSchema(decl, field);
      expect(propsOf(replace)).toEqual([field]);
      expect(replace.required).toEqual([field]);
      expect(formSchemas(services).some((f) => JSON.stringify(f.schema) === JSON.stringify(replace))).toBe(true);
    }
  });

  it("shows a record's secret as set or not set, never as a value", () => {
    void i18n.changeLanguage('en');
    const shown = (record: Record<string, unknown>) =>
      renderToStaticMarkup(createElement(FieldValue, { decl: providers, field: 'appSecret', value: record.appSecret, record })).replace(/<[^>]+>/g, '');
    expect(shown({ provider: 'Weibo', appSecretSet: true })).toBe('Set');
    expect(shown({ provider: 'Weibo', appSecretSet: false })).toBe('Not set');
    // Even a value that reached the console by mistake is not shown.
    expect(shown({ provider: 'Weibo', appSecretSet: true, appSecret: 'leaked-secret' })).toBe('Set');
  });

  it("replaces a secret with the record's other writable values as read and the version read", () => {
    const record = { id: 'Weibo', provider: 'Weibo', enabled: true, appKey: '3344556677', appSecretSet: true, appSecretMasked: '••••••2b3e', version: 4, updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(replaceSecretBody(providers, record, 'appSecret', 'new-secret')).toEqual({ enabled: true, appKey: '3344556677', appSecret: 'new-secret', version: 4 });
    expect(replaceSecretBody(vault, { name: 'a', tokenSet: true, version: 2 }, 'token', 'x'.repeat(8))).toEqual({ name: 'a', token: 'xxxxxxxx', version: 2 });
  });

  it('offers to clear an optional secret only', () => {
    expect(secretClearable(providers, 'appSecret')).toBe(true);
    expect(secretClearable(vault, 'token')).toBe(false);
  });
});
