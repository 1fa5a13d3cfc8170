import { describe, expect, it, vi } from 'vitest';

// The console's HTTP client sets the page's language when it loads: give it the one element it touches.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { services } from '../../resources';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { allows } from '../../providers/access';
import { buildModel } from '../../server/engine/model';
import { guardFieldWrites, hideWriteOnly, readableBy } from '../../server/engine/fields';

const passport = services.find((s) => s.name === 'passport')!;
const smsTemplates = passport.resources.find((r) => r.name === 'sms-templates')!;

/** A resource with a secret and a field only administrators may read and write. */
const vault: ResourceDecl = {
  name: 'vaults',
  label: { 'zh-CN': '保险库', en: 'Vaults' },
  singular: { 'zh-CN': '保险库', en: 'vault' },
  schema: {
    type: 'object',
    required: ['name', 'secret'],
    properties: {
      name: { type: 'string' },
      secret: { type: 'string', writeOnly: true },
      quota: { type: 'integer', 'x-access': { read: ['admin'], write: ['admin'] } },
    },
  },
  path: '/vaults',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update'],
  list: { columns: ['name'] },
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
};
const service = { ...passport, resources: [vault] } as ServiceDecl;

describe('per-action access in the console', () => {
  it('offers approve and reject of an SMS template to administrators only, resubmit to both', () => {
    expect(allows(smsTemplates, 'approve', ['user', 'app'])).toBe(false);
    expect(allows(smsTemplates, 'reject', ['user', 'app'])).toBe(false);
    expect(allows(smsTemplates, 'approve', ['user', 'admin'])).toBe(true);
    expect(allows(smsTemplates, 'resubmit', ['user', 'app'])).toBe(true);
  });
});

describe('write-only fields', () => {
  const m = buildModel(service, vault);

  it('are answered as whether they are set, and documented so', () => {
    expect(m.writeOnly).toEqual(['secret']);
    expect(hideWriteOnly({ name: 'a', secret: 's3cr3t' }, m.writeOnly)).toEqual({ name: 'a', secretSet: true });
    expect(hideWriteOnly({ name: 'a', secret: '' }, m.writeOnly)).toEqual({ name: 'a', secretSet: false });
    expect(hideWriteOnly({ name: 'a' }, m.writeOnly)).toEqual({ name: 'a', secretSet: false });
    const answered = m.recordSchema.properties as Record<string, unknown>;
    expect(answered).not.toHaveProperty('secret');
    expect(answered).toHaveProperty('secretSet');
    expect(m.recordSchema.required).not.toContain('secret');
    // Taken on create, not asked for again on update.
    expect(m.createSchema.required).toContain('secret');
    expect(m.updateSchema.required).not.toContain('secret');
  });

  it('are refused at start-up where they would be shown or could not be kept', () => {
    const listed = { ...vault, list: { columns: ['name', 'secret'] } };
    expect(() => buildModel(service, listed)).toThrow(/write-only 'secret'/);
    const both = { ...vault, schema: { ...vault.schema, properties: { name: { type: 'string' }, secret: { type: 'string', writeOnly: true, readOnly: true } } } };
    expect(() => buildModel(service, both)).toThrow(/readOnly and writeOnly/);
    expect(() => buildModel(service, { ...vault, singleton: { write: 'PUT' } })).toThrow(/settings resource/);
  });
});

describe('per-field access', () => {
  it('hides an administrators-only field from other readers', () => {
    const record = { id: '1', name: 'a', quota: 5 };
    expect(readableBy(vault.schema, 'app', record)).toEqual({ id: '1', name: 'a' });
    expect(readableBy(vault.schema, 'admin', record)).toEqual(record);
  });

  it('refuses (403 naming the field) a create carrying it or an update changing it, and keeps it when left out', () => {
    expect(() => guardFieldWrites(vault.schema, 'app', { name: 'a', quota: 1 })).toThrow(expect.objectContaining({ status: 403, details: [{ field: '/quota', message: 'permission denied' }] }));
    expect(guardFieldWrites(vault.schema, 'admin', { name: 'a', quota: 1 })).toEqual({ name: 'a', quota: 1 });
    const stored = { name: 'a', quota: 5 };
    expect(() => guardFieldWrites(vault.schema, 'app', { name: 'b', quota: 6 }, stored)).toThrow(expect.objectContaining({ status: 403 }));
    expect(guardFieldWrites(vault.schema, 'app', { name: 'b', quota: 5 }, stored)).toEqual({ name: 'b', quota: 5 });
    expect(guardFieldWrites(vault.schema, 'app', { name: 'b' }, stored)).toEqual({ name: 'b', quota: 5 });
  });

  it('must name callers the resource itself allows', () => {
    const props = { ...(vault.schema.properties as object), quota: { type: 'integer', 'x-access': { write: ['finance-admin'] } } };
    expect(() => buildModel(service, { ...vault, schema: { ...vault.schema, properties: props } })).toThrow(/x-access.write of 'quota'/);
    const action = { name: 'seal', label: vault.label, from: ['a'], to: 'b', access: ['owner' as const] };
    expect(() => buildModel(service, { ...vault, actions: [action] })).toThrow(/action 'seal' access/);
  });
});
