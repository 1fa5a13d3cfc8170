/** Finding where a broken rule breaks, by running jexl's own lexer and parser token by token. */
import type { Token } from 'jexl';
import Parser from 'jexl/dist/parser/Parser.js';
import { engine, FUNCTIONS, lexer, RESERVED, TRANSFORMS, type RuleError } from './rule-language';

// ---------------------------------------------------------------------------------------------------------------
// Locating syntax errors

interface Located {
  token: Token;
  /** Offset of the token's first character. */
  index: number;
  /** The token's source text, without trailing whitespace. */
  text: string;
}

/** Token types after which a "-" makes the next number negative (as jexl's lexer decides). */
const MINUS_NEGATES_AFTER = new Set(['binaryOp', 'unaryOp', 'openParen', 'openBracket', 'question', 'colon']);
const ENDS_OPERAND = new Set(['literal', 'identifier', 'closeParen', 'closeBracket', 'closeCurl']);
const STARTS_OPERAND = new Set(['literal', 'identifier', 'openParen', 'openCurl', 'openBracket', 'unaryOp']);
const CLOSER_OF: Record<string, string> = { openParen: ')', openBracket: ']', openCurl: '}' };
const OPENER_OF: Record<string, string> = { closeParen: 'openParen', closeBracket: 'openBracket', closeCurl: 'openCurl' };
const WHITESPACE = /^\s*$/;
const COMPLETE_STRING = /^(?:"(?:\\"|[^"])*"|'(?:\\'|[^'])*')$/;

function position(rule: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index && i < rule.length; i++) {
    if (rule[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart + 1 };
}

export function located(rule: string, index: number, reason: string, token?: string): RuleError {
  const { line, column } = position(rule, index);
  const error: RuleError = { message: `Line ${line}, column ${column}: ${reason}`, index, line, column };
  if (token !== undefined) error.token = token;
  return error;
}

function singleToken(text: string): Token | undefined {
  try {
    const tokens = lexer.tokenize(text);
    return tokens.length === 1 ? tokens[0] : undefined;
  } catch {
    return undefined;
  }
}

function invalidTokenReason(rule: string, start: number, text: string): string {
  if (text === '=') {
    if (rule.slice(Math.max(0, start - 2), start) === '!=') return '"!==" is not an operator; use "!=" to compare';
    if (rule.slice(Math.max(0, start - 2), start) === '==') return '"===" is not an operator; use "==" to compare';
    return '"=" is not an operator; use "==" to compare';
  }
  if (text === '&') return '"&" is not an operator; use "&&" for "and"';
  if (text.startsWith('-')) return 'a minus sign can only stand directly before a number or after a value';
  return `unexpected character "${[...text][0]}"`;
}

/**
 * Splits the rule with jexl's own lexer, keeping each token's offset. Mirrors how jexl's lexer joins a minus sign
 * to the number after it, so the tokens are exactly those jexl would produce.
 */
function scan(rule: string): { tokens: Located[] } | { error: RuleError } {
  const tokens: Located[] = [];
  let offset = 0;
  let minusAt = -1;
  for (const element of lexer.getElements(rule)) {
    const at = offset;
    offset += element.length;
    if (WHITESPACE.test(element)) continue;
    if (element === '-' && (tokens.length === 0 || MINUS_NEGATES_AFTER.has(tokens[tokens.length - 1].token.type ?? ''))) {
      if (minusAt < 0) minusAt = at;
      continue;
    }
    const start = minusAt >= 0 ? minusAt : at;
    const text = minusAt >= 0 ? `-${element}` : element;
    minusAt = -1;
    if ((element[0] === '"' || element[0] === "'") && !COMPLETE_STRING.test(element)) {
      return { error: located(rule, at, `unterminated string: this ${element[0]} is never closed`, element[0]) };
    }
    const token = singleToken(text);
    if (!token) return { error: located(rule, start, invalidTokenReason(rule, start, text), text) };
    tokens.push({ token, index: start, text: rule.slice(start, offset) });
  }
  if (minusAt >= 0) {
    const token = singleToken('-');
    if (token) tokens.push({ token, index: minusAt, text: '-' });
  }
  return { tokens };
}

/** A token as written, quoted unless it is a string literal already. */
function show(text: string): string {
  return text.startsWith('"') || text.startsWith("'") ? text : `"${text}"`;
}

function where(rule: string, token: Located): string {
  const at = position(rule, token.index);
  return `line ${at.line}, column ${at.column}`;
}

function unexpectedReason(prev: Located | undefined, cur: Located): string {
  if (cur.token.type === undefined) return `${show(cur.text)} is a reserved name`;
  if (!prev) return `a rule cannot start with ${show(cur.text)}`;
  const prevType = prev.token.type ?? '';
  const curType = cur.token.type;
  if (ENDS_OPERAND.has(prevType) && STARTS_OPERAND.has(curType)) return `missing operator before ${show(cur.text)}`;
  if (prevType === 'pipe') return `expected a transform name after "|", found ${show(cur.text)}`;
  if (prevType === 'dot') return `expected a name after ".", found ${show(cur.text)}`;
  if (!ENDS_OPERAND.has(prevType)) return `expected a value after ${show(prev.text)}, found ${show(cur.text)}`;
  return `unexpected ${show(cur.text)} after ${show(prev.text)}`;
}

/** For a refused closing bracket: what, if anything, it was meant to close. */
function closerReason(rule: string, open: Located[], cur: Located): string | undefined {
  const wanted = OPENER_OF[cur.token.type ?? ''];
  if (!wanted) return undefined;
  const innermost = open[open.length - 1];
  if (!innermost) return `${show(cur.text)} has no matching opening bracket`;
  if (innermost.token.type === wanted) return undefined;
  return `${show(cur.text)} cannot close the ${show(innermost.text)} at ${where(rule, innermost)}`;
}

function endReason(rule: string, tokens: Located[], open: Located[]): string {
  const last = tokens[tokens.length - 1];
  const type = last.token.type ?? '';
  if (type === 'pipe') return 'the rule ends where a transform name should follow "|"';
  if (type === 'dot') return 'the rule ends where a name should follow "."';
  if (!ENDS_OPERAND.has(type)) return `the rule ends where a value should follow ${show(last.text)}`;
  const unclosed = open[open.length - 1];
  if (unclosed) return `missing "${CLOSER_OF[unclosed.token.type ?? '']}" to close the ${show(unclosed.text)} at ${where(rule, unclosed)}`;
  const question = tokens.find((t) => t.token.type === 'question');
  if (question) return `missing ":" for the "?" at ${where(rule, question)}`;
  return `the rule ends too early after ${show(last.text)}`;
}

/** Feeds the tokens to jexl's parser one at a time, so a refusal points at the token refused. */
function parse(rule: string, tokens: Located[]): RuleError | undefined {
  const parser = new Parser(engine._grammar);
  const open: Located[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const cur = tokens[i];
    try {
      parser.addToken(cur.token);
    } catch {
      return located(rule, cur.index, closerReason(rule, open, cur) ?? unexpectedReason(tokens[i - 1], cur), cur.text);
    }
    const type = cur.token.type ?? '';
    if (type in CLOSER_OF) open.push(cur);
    else if (type in OPENER_OF) open.pop();
  }
  const last = tokens[tokens.length - 1];
  const end = last.index + last.text.length;
  let complete = true;
  try {
    parser.complete();
  } catch {
    complete = false;
  }
  // jexl accepts an unclosed "(" at the very end; the rule is refused all the same.
  if (!complete || open.length > 0) return located(rule, end, endReason(rule, tokens, open));
  return undefined;
}

const list = (names: Record<string, unknown>) => Object.keys(names).join(', ');

/** What parses but is still refused: unknown functions and transforms, method calls, reserved path names. */
function checkNames(rule: string, tokens: Located[]): RuleError | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const cur = tokens[i];
    const type = cur.token.type;
    const prev = tokens[i - 1];
    const prev2 = tokens[i - 2];
    if (type === 'identifier' && prev?.token.type === 'pipe' && !Object.hasOwn(TRANSFORMS, cur.text)) {
      return located(rule, cur.index, `unknown transform "${cur.text}" (available: ${list(TRANSFORMS)}; for "or" write "||")`, cur.text);
    }
    if (type === 'openParen' && prev?.token.type === 'identifier' && prev2?.token.type !== 'pipe') {
      if (prev2?.token.type === 'dot') {
        return located(rule, prev.index, `methods cannot be called ("${prev.text}"); use a transform (${list(TRANSFORMS)}) or a function (${list(FUNCTIONS)})`, prev.text);
      }
      if (!Object.hasOwn(FUNCTIONS, prev.text)) {
        return located(rule, prev.index, `unknown function "${prev.text}" (available: ${list(FUNCTIONS)})`, prev.text);
      }
    }
    if (type === 'openParen' && prev?.token.type === 'closeBracket') {
      return located(rule, cur.index, `only named functions (${list(FUNCTIONS)}) can be called`, cur.text);
    }
    if (type === 'openBracket' && prev && ENDS_OPERAND.has(prev.token.type ?? '')) {
      const key = tokens[i + 1];
      if (key?.token.type === 'literal' && typeof key.token.value === 'string' && RESERVED.has(key.token.value)) {
        return located(rule, key.index, `${show(key.text)} is a reserved name`, key.text);
      }
    }
  }
  return undefined;
}

/** The first syntax error of a non-empty rule, with its position; undefined when the rule parses. */
export function findSyntaxError(rule: string): RuleError | undefined {
  const scanned = scan(rule);
  if ('error' in scanned) return scanned.error;
  return parse(rule, scanned.tokens) ?? checkNames(rule, scanned.tokens);
}
