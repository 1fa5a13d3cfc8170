/**
 * Targeting rules for remote-config overrides.
 *
 * A rule is a JEXL expression over the player context, evaluated by the jexl library (never by JavaScript's own
 * evaluator). An empty rule matches every player. Examples:
 *
 *   user.country == "CN" && semver(app.version) >= semver("1.2")
 *   app.platform in ["Android", "Ios"]
 *   user.country|lower == "cn" || user.level >= 10
 *
 * The language is plain JEXL: `== != > >= < <=`, `&& || !`, `+ - * / // % ^`, `in` (substring, or element of
 * an array), `a ? b : c`, string/number/boolean/array/object literals, `a.b` and `a["b"]` paths, and
 * `list[.field == x]` filters. Notes on JEXL's own behaviour:
 *   - `==` and `!=` compare loosely, as JavaScript's `==` does ("1" == 1 holds);
 *   - `>`, `>=`, `<`, `<=` on two strings compare them character by character, so "1.10" >= "1.2" is false.
 *     Compare versions with semver() below.
 *   - a path through something missing gives undefined rather than an error.
 *
 * Additions for game rules:
 *   - function `semver(v)`: turns a version string ("1.2", "v1.10.3", "2.0.0-beta.1", "1.2.3.4"; a number such as
 *     2 counts as "2") into a key that the ordinary comparison operators order correctly, so
 *     `semver(app.version) >= semver("1.2")` holds for "1.10". Up to four numeric parts, each up to 10 digits;
 *     missing parts count as 0 ("1.2" == "1.2.0"); a pre-release sorts before its release
 *     ("2.0.0-rc.1" < "2.0.0"); build metadata ("+build.5") is ignored. Anything else gives undefined, and
 *     comparing undefined with `>`, `>=`, `<`, `<=` is false.
 *   - transforms `value|lower` and `value|upper`: change a string's case; other values give undefined.
 *
 * Safety: the player context is copied from its JSON form into objects without prototypes, so `constructor`,
 * `__proto__` and friends are not reachable through it; names of Object.prototype members are refused when
 * written as a path (`user.constructor`, `user["__proto__"]`); only the functions and transforms listed above
 * can be called (no method calls such as `user.name.toString()`); and a rule whose result is a function does not
 * match. JEXL has no syntax that calls a value, so anything reached through a string's or array's own prototype
 * stays an inert value.
 */
import jexl, { type Callable, type Expression, type Token } from 'jexl';
import Lexer from 'jexl/dist/Lexer.js';
import Parser from 'jexl/dist/parser/Parser.js';

/** The longest rule accepted, in characters. */
export const MAX_RULE_LENGTH = 2000;

/** How many compiled rules are kept; the least recently used is dropped first. */
const CACHE_LIMIT = 1000;

export interface RuleError {
  message: string;
  /** Offset in the rule (0-based, UTF-16 code units) where the problem is. */
  index?: number;
  /** 1-based line of `index`. */
  line?: number;
  /** 1-based column of `index` within its line. */
  column?: number;
  /** The offending text, when there is one. */
  token?: string;
}

export type RuleValidation = { valid: true } | { valid: false; error: RuleError };

export interface RuleEvaluation {
  matched: boolean;
  error?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Rule language additions

const VERSION = /^v?(\d{1,10}(?:\.\d{1,10}){0,3})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
const NUMERIC_PART_WIDTH = 10;

/**
 * A string whose plain ordering is the version ordering: four zero-padded numeric parts, then "~" for a release
 * or "-" and the pre-release identifiers ("-" sorts before "~"). Numeric pre-release identifiers are padded too,
 * and identifiers are joined by "!", which sorts before every character an identifier may hold.
 */
export function versionKey(input: unknown): string | undefined {
  let text: string;
  if (typeof input === 'string') text = input.trim();
  else if (typeof input === 'number' && Number.isFinite(input) && input >= 0) text = String(input);
  else return undefined;
  const match = VERSION.exec(text);
  if (!match) return undefined;
  const parts = match[1].split('.');
  while (parts.length < 4) parts.push('0');
  const core = parts.map((p) => p.padStart(NUMERIC_PART_WIDTH, '0')).join('.');
  if (match[2] === undefined) return `${core}~`;
  const pre = match[2]
    .split('.')
    .map((id) => (/^\d+$/.test(id) ? id.padStart(NUMERIC_PART_WIDTH, '0') : id))
    .join('!');
  return `${core}-${pre}`;
}

const FUNCTIONS: Record<string, Callable> = {
  semver: (value: unknown) => versionKey(value),
};

const TRANSFORMS: Record<string, Callable> = {
  lower: (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined),
  upper: (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : undefined),
};

const engine = new jexl.Jexl();
engine.addFunctions(FUNCTIONS);
engine.addTransforms(TRANSFORMS);
const lexer = new Lexer(engine._grammar);

/** Names that would reach Object.prototype; refused as path segments. */
const RESERVED = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

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

function located(rule: string, index: number, reason: string, token?: string): RuleError {
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

// ---------------------------------------------------------------------------------------------------------------
// Compiling, with a bounded cache

type Compiled = { ok: true; expression: Expression | null } | { ok: false; error: RuleError };

const cache = new Map<string, Compiled>();

function build(rule: string): Compiled {
  if (rule.trim() === '') return { ok: true, expression: null };
  const scanned = scan(rule);
  if ('error' in scanned) return { ok: false, error: scanned.error };
  const error = parse(rule, scanned.tokens) ?? checkNames(rule, scanned.tokens);
  if (error) return { ok: false, error };
  try {
    return { ok: true, expression: engine.compile(rule) };
  } catch (e) {
    return { ok: false, error: { message: e instanceof Error ? e.message : String(e) } };
  }
}

function compile(rule: string): Compiled {
  if (rule.length > MAX_RULE_LENGTH) {
    return { ok: false, error: located(rule, MAX_RULE_LENGTH, `a rule can be at most ${MAX_RULE_LENGTH} characters long (this one has ${rule.length})`) };
  }
  const hit = cache.get(rule);
  if (hit) {
    cache.delete(rule);
    cache.set(rule, hit);
    return hit;
  }
  const compiled = build(rule);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(rule, compiled);
  return compiled;
}

// ---------------------------------------------------------------------------------------------------------------
// Player context

const prepared = new WeakSet<object>();

function withoutPrototypes(value: unknown): unknown {
  if (Array.isArray(value)) return Object.freeze(value.map(withoutPrototypes));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = Object.create(null);
    for (const [key, item] of Object.entries(value)) out[key] = withoutPrototypes(item);
    return Object.freeze(out);
  }
  return value;
}

/**
 * The context a rule sees: the JSON form of `context` (functions, class instances and undefined values do not
 * survive), rebuilt from objects without prototypes and frozen. Preparing an already prepared context returns it
 * as is, so one evaluation can prepare once and run many rules. Throws if `context` cannot be turned into JSON.
 */
export function prepareRuleContext(context: unknown): Record<string, unknown> {
  if (context !== null && typeof context === 'object' && prepared.has(context)) return context as Record<string, unknown>;
  const json = context === undefined ? undefined : JSON.stringify(context);
  const plain: unknown = json === undefined ? {} : JSON.parse(json);
  const root = withoutPrototypes(plain !== null && typeof plain === 'object' && !Array.isArray(plain) ? plain : {}) as Record<string, unknown>;
  prepared.add(root);
  return root;
}

// ---------------------------------------------------------------------------------------------------------------
// API

/** Whether `rule` parses; if not, where and why. An empty or blank rule is valid and matches everyone. */
export function validateRule(rule: string): RuleValidation {
  const compiled = compile(rule);
  return compiled.ok ? { valid: true } : { valid: false, error: compiled.error };
}

/**
 * Runs `rule` against `context`. A result other than a boolean counts as a match when it is truthy (and not a
 * function). A rule that does not parse, or fails while running, does not match and says why.
 */
export function evaluateRule(rule: string, context: Record<string, unknown>): RuleEvaluation {
  const compiled = compile(rule);
  if (!compiled.ok) return { matched: false, error: compiled.error.message };
  if (compiled.expression === null) return { matched: true };
  let safe: Record<string, unknown>;
  try {
    safe = prepareRuleContext(context);
  } catch (e) {
    return { matched: false, error: `The player context is not JSON data: ${e instanceof Error ? e.message : String(e)}` };
  }
  try {
    const result = compiled.expression.evalSync(safe);
    return { matched: typeof result !== 'function' && Boolean(result) };
  } catch (e) {
    return { matched: false, error: e instanceof Error ? e.message : String(e) };
  }
}
