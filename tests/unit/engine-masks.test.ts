import { describe, expect, it } from 'vitest';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { checkMasks, maskedFields, maskSecret, movedData } from '../../server/engine/masks';

const service = { name: 'trial' } as ServiceDecl;
const resourceWith = (properties: Record<string, unknown>) => ({ name: 'keys', schema: { type: 'object', properties } }) as unknown as ResourceDecl;
const keys = resourceWith({
  label: { type: 'string' },
  secret: { type: 'string', writeOnly: true },
  secretShown: { type: 'string', readOnly: true, 'x-mask-of': 'secret' },
});

describe('masked secrets', () => {
  it('show the last four characters of a secret of twelve or more, only dots for a shorter one, nothing for none', () => {
    expect(maskSecret('abcdefghijkl1234')).toBe('••••••1234');
    expect(maskSecret('abcdefgh9876')).toBe('••••••9876');
    expect(maskSecret('abcdefgh987')).toBe('••••••');
    expect(maskSecret('')).toBe('');
  });

  it('mask what a write carries, and leave a stored mask alone when the secret is left out', () => {
    expect(maskedFields(keys, { label: 'a', secret: 'server-key-000042' })).toEqual({ secretShown: '••••••0042' });
    expect(maskedFields(keys, { label: 'a', secret: '' })).toEqual({ secretShown: '' });
    expect(maskedFields(keys, { label: 'a' })).toEqual({});
  });

  it('store a moved row as a write would: masked, and an unset secret left out', () => {
    expect(movedData(keys, { label: 'a', secret: 'server-key-000042' })).toEqual({ label: 'a', secret: 'server-key-000042', secretShown: '••••••0042' });
    expect(movedData(keys, { label: 'b', secret: '' })).toEqual({ label: 'b', secretShown: '' });
    expect(movedData(keys, { label: 'c', secret: null })).toEqual({ label: 'c', secretShown: '' });
  });

  it.each([
    ['a mask of a field that is not write-only', { label: { type: 'string' }, shown: { type: 'string', readOnly: true, 'x-mask-of': 'label' } }, /x-mask-of of 'shown' must name a write-only field/],
    ['a mask of no field', { shown: { type: 'string', readOnly: true, 'x-mask-of': 'nothing' } }, /x-mask-of of 'shown'/],
    ['a mask that could be written', { secret: { type: 'string', writeOnly: true }, shown: { type: 'string', 'x-mask-of': 'secret' } }, /'shown' masks a secret, so it is a read-only string/],
  ])('are refused at start-up: %s', (_what, properties, message) => {
    expect(() => checkMasks(service, resourceWith(properties))).toThrow(message);
  });

  it('accept a read-only string masking a write-only field', () => {
    expect(() => checkMasks(service, keys)).not.toThrow();
  });
});
