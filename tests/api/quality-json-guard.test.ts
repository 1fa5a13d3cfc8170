import { describe, expect, it } from 'vitest';
import { jsonProblem, MAX_JSON_DEPTH } from '../../server/engine/json-guard';

/** The checks every JSON body passes before any schema sees it. */
const nested = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

describe('what no JSON body may hold', () => {
  it(`takes nesting up to ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(jsonProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonProblem(nested(MAX_JSON_DEPTH + 1))?.message).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(jsonProblem(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBeDefined();
  });

  it('refuses half a surrogate pair in a value or a key, and takes whole pairs', () => {
    expect(jsonProblem({ name: '😀 ok' })).toBeUndefined();
    expect(jsonProblem(JSON.parse('{"name":"a\\ud800b"}'))).toEqual({ field: '/name', message: 'text is not valid Unicode' });
    expect(jsonProblem(JSON.parse('{"list":["\\udc00"]}'))).toEqual({ field: '/list/0', message: 'text is not valid Unicode' });
    expect(jsonProblem(JSON.parse('{"\\ud83d":1}'))).toBeDefined();
  });

  it('takes every number below 2^53 in magnitude, and refuses those from there on (where neighbouring integers blur)', () => {
    expect(jsonProblem({ n: Number.MAX_SAFE_INTEGER, m: -Number.MAX_SAFE_INTEGER, f: 0.1, tiny: 1e-300, large: 4503599627370495.5 })).toBeUndefined();
    expect(jsonProblem({ big: 1.5e300 })).toEqual({ field: '/big', message: 'number too large' });
    expect(jsonProblem(JSON.parse('{"n":9007199254740993}'))).toEqual({ field: '/n', message: 'number too large' });
    expect(jsonProblem(JSON.parse('{"n":-9007199254740992}'))).toEqual({ field: '/n', message: 'number too large' });
    expect(jsonProblem(JSON.parse('[1e400]'))).toEqual({ field: '/0', message: 'number too large' });
  });

  it('names the field with its path, escaping what a JSON pointer escapes', () => {
    expect(jsonProblem(JSON.parse('{"a/b":{"c~d":1e400}}'))?.field).toBe('/a~1b/c~0d');
  });
});
