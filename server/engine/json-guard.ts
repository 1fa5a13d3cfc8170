import { escapePointer, type FieldError } from './errors';

/** How deep a request's JSON may nest. No declared shape comes near it; past it is an attack, not data. */
export const MAX_JSON_DEPTH = 64;

/** Half of a surrogate pair without its other half: not Unicode text (the database would store U+FFFD instead). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What a parsed JSON body holds that no operation can take, whatever its schema says: nesting past
 * `MAX_JSON_DEPTH`, text that is not Unicode, or a number of 2^53 or more in magnitude (from there on JavaScript
 * numbers no longer tell neighbouring integers apart; past the largest double they are Infinity). Walks without
 * recursion, so a hostile depth cannot exhaust the stack.
 */
export function jsonProblem(value: unknown): FieldError | undefined {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    const field = path || '/';
    if (depth > MAX_JSON_DEPTH) return { field, message: `nested deeper than ${MAX_JSON_DEPTH} levels` };
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return { field, message: 'text is not valid Unicode' };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v))) return { field, message: 'number too large' };
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, `${path}/${i}`, depth + 1]));
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        if (LONE_SURROGATE.test(key)) return { field, message: 'text is not valid Unicode' };
        stack.push([item, `${path}/${escapePointer(key)}`, depth + 1]);
      }
    }
  }
  return undefined;
}
