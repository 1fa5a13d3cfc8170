import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** Where and why a text is not JSON: a parse error code (jsonc-parser's names) at a line and column (from 1). */
export interface JsonProblem {
  code: string;
  line: number;
  column: number;
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/**
 * The first problem of a text that `JSON.parse` refuses, located by a strict JSON scanner (no comments, no trailing
 * commas) so that it can be named in the user's language; undefined for valid JSON. `JSON.parse` decides validity;
 * should the scanner find nothing, the problem is reported at the end of the text as `InvalidJson`.
 */
export function jsonProblem(text: string | undefined): JsonProblem | undefined {
  if (!text) return undefined;
  try {
    JSON.parse(text);
    return undefined;
  } catch {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    return { code: first ? printParseErrorCode(first.error) : 'InvalidJson', ...position(text, first ? first.offset : text.length) };
  }
}
