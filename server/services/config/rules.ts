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
import type { Expression } from 'jexl';
import { engine, MAX_RULE_LENGTH, type RuleError } from './rule-language';
import { findSyntaxError, located } from './rule-syntax';

export { MAX_RULE_LENGTH, versionKey, type RuleError } from './rule-language';

/** How many compiled rules are kept; the least recently used is dropped first. */
const CACHE_LIMIT = 1000;

export type RuleValidation = { valid: true } | { valid: false; error: RuleError };

export interface RuleEvaluation {
  matched: boolean;
  error?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Compiling, with a bounded cache

type Compiled = { ok: true; expression: Expression | null } | { ok: false; error: RuleError };

const cache = new Map<string, Compiled>();

function build(rule: string): Compiled {
  if (rule.trim() === '') return { ok: true, expression: null };
  const error = findSyntaxError(rule);
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
