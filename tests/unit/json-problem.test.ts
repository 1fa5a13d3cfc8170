import { describe, expect, it } from 'vitest';
import { printParseErrorCode, type ParseErrorCode } from 'jsonc-parser';
import { jsonProblem } from '../../src/engine/form/jsonProblem';
import { en } from '../../src/locales/en';
import { zhCN } from '../../src/locales/zh-CN';

describe('where and why a JSON value does not parse', () => {
  it('is nothing for valid JSON or an empty value', () => {
    expect(jsonProblem('{"a": [1, 2, {"b": null}]}')).toBeUndefined();
    expect(jsonProblem('')).toBeUndefined();
  });

  it('names the problem at its line and column', () => {
    expect(jsonProblem('{"a" 1}')).toEqual({ code: 'ColonExpected', line: 1, column: 6 });
    expect(jsonProblem('[1 2]')).toEqual({ code: 'CommaExpected', line: 1, column: 4 });
    expect(jsonProblem('{"a":1')).toEqual({ code: 'CloseBraceExpected', line: 1, column: 7 });
    expect(jsonProblem('{"a":1,}')).toEqual({ code: 'PropertyNameExpected', line: 1, column: 8 });
    expect(jsonProblem('{"a":\n  tru}')).toEqual({ code: 'InvalidSymbol', line: 2, column: 3 });
  });

  it('refuses what JSON refuses though lenient parsers take it: comments', () => {
    expect(jsonProblem('// note\n1')?.code).toBe('InvalidCommentToken');
  });

  it('has a text in both languages for every problem the scanner can name', () => {
    const codes = Array.from({ length: 16 }, (_, i) => printParseErrorCode((i + 1) as ParseErrorCode));
    expect(new Set(codes).size).toBe(16);
    for (const dict of [en, zhCN] as unknown as { widgets: { jsonErrors: Record<string, string> } }[]) {
      for (const code of codes) expect(dict.widgets.jsonErrors[code], code).toBeTruthy();
    }
  });
});
