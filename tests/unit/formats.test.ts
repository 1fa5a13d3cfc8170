import { describe, it, expect } from 'vitest';
import { isValidTypedValue, parseTypedValue, toVariableName, VALUE_TYPES } from '../../resources/formats';

// Spec 002 §5: "Typed value: empty is invalid; INT and LONG need integers (LONG at most max safe integer);
// JSON must parse; STRING is a string; BOOL always accepted; FLOAT must be numeric."
describe('typed values', () => {
  it('knows exactly the six supported types', () => {
    expect([...VALUE_TYPES].sort()).toEqual(['BOOL', 'FLOAT', 'INT', 'JSON', 'LONG', 'STRING']);
  });

  it('refuses the empty value for every type', () => {
    for (const type of VALUE_TYPES) expect(isValidTypedValue(type, ''), type).toBe(false);
  });

  it('INT needs an integer', () => {
    for (const ok of ['0', '42', '-7', '2147483647']) expect(isValidTypedValue('INT', ok), ok).toBe(true);
    for (const bad of ['1.5', 'abc', '1e3', '12a', '--1', '0x10']) expect(isValidTypedValue('INT', bad), bad).toBe(false);
  });

  it('LONG needs an integer no larger than the maximum safe integer', () => {
    for (const ok of ['0', '-5', '123456789012', '9007199254740991']) expect(isValidTypedValue('LONG', ok), ok).toBe(true);
    for (const bad of ['9007199254740992', '99999999999999999999', '1.0', 'ten']) expect(isValidTypedValue('LONG', bad), bad).toBe(false);
  });

  it('FLOAT must be numeric', () => {
    for (const ok of ['1.5', '-2', '1e3', '0', '.5', '-0.25', '2.5E-3']) expect(isValidTypedValue('FLOAT', ok), ok).toBe(true);
    for (const bad of ['abc', '1.2.3', '1,5', 'NaN', '1e', '- 1']) expect(isValidTypedValue('FLOAT', bad), bad).toBe(false);
  });

  it('JSON must parse', () => {
    for (const ok of ['{"a":1}', '[1,2]', '"text"', '3', 'true', 'null']) expect(isValidTypedValue('JSON', ok), ok).toBe(true);
    for (const bad of ['{a:1}', "{'a':1}", '[1,', 'undefined', '{"a":1']) expect(isValidTypedValue('JSON', bad), bad).toBe(false);
  });

  it('STRING accepts any text', () => {
    for (const ok of ['hello', ' ', '123', '{not json', '中文']) expect(isValidTypedValue('STRING', ok), ok).toBe(true);
  });

  it('BOOL is always accepted', () => {
    for (const ok of ['true', 'false', 'yes', '0', 'anything']) expect(isValidTypedValue('BOOL', ok), ok).toBe(true);
  });

  it('turns stored text into its type', () => {
    expect(parseTypedValue('INT', '42')).toBe(42);
    expect(parseTypedValue('LONG', '9007199254740991')).toBe(9007199254740991);
    expect(parseTypedValue('FLOAT', '1e3')).toBe(1000);
    expect(parseTypedValue('FLOAT', '-2.5')).toBe(-2.5);
    expect(parseTypedValue('BOOL', 'true')).toBe(true);
    expect(parseTypedValue('BOOL', 'false')).toBe(false);
    expect(parseTypedValue('JSON', '{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseTypedValue('STRING', '007')).toBe('007');
  });
});

// Spec 002 §5: "Variable names: characters outside A-Z, a-z, 0-9, underscore and dollar become underscore;
// prefix underscore if starting with digit, underscore or dollar."
describe('variable names', () => {
  it.each([
    ['max level', 'max_level'],
    ['9lives', '_9lives'],
    ['_x', '__x'],
    ['$x', '_$x'],
    ['a-b.c', 'a_b_c'],
    ['ok$1', 'ok$1'],
    ['plain', 'plain'],
    ['CamelCase', 'CamelCase'],
    ['a b c', 'a_b_c'],
  ])('%j becomes %j', (input, expected) => {
    expect(toVariableName(input)).toBe(expected);
  });

  it('produces a name the config key pattern accepts', () => {
    const keyPattern = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
    for (const input of ['max level', '9lives', 'a-b.c', '$x', '中文', '!!']) expect(toVariableName(input), input).toMatch(keyPattern);
  });
});
