import { describe, expect, it } from 'vitest';
import { initialOrganization } from '../../src/lib/workingOrganization';

describe('the organisation a new app starts in', () => {
  it('is the one the link asks for, when the user may create apps there', () => {
    expect(initialOrganization(['a', 'b', 'c'], 'b', 'c')).toBe('b');
  });

  it('is the one the user last worked in when the link names none or one they cannot use', () => {
    expect(initialOrganization(['a', 'b', 'c'], null, 'c')).toBe('c');
    expect(initialOrganization(['a', 'b', 'c'], 'elsewhere', 'c')).toBe('c');
  });

  it('is never one the user may not create apps in', () => {
    expect(initialOrganization(['a', 'b'], 'x', 'y')).toBeUndefined();
  });

  it('is the only eligible one when nothing else says', () => {
    expect(initialOrganization(['a'], undefined, undefined)).toBe('a');
    expect(initialOrganization(['a'], null, 'gone')).toBe('a');
    expect(initialOrganization(['a', 'b'], undefined, undefined)).toBeUndefined();
  });
});
