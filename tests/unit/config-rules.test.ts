import { describe, it, expect } from 'vitest';
import { evaluateRule, MAX_RULE_LENGTH, prepareRuleContext, validateRule, type RuleError } from '../../server/services/config/rules';

function errorOf(rule: string): RuleError {
  const result = validateRule(rule);
  if (result.valid) throw new Error(`expected ${JSON.stringify(rule)} to be refused`);
  return result.error;
}

const player = {
  user: { id: 'p1', country: 'CN', level: 12, nickname: '' },
  app: { version: '1.10.0', platform: 'Ios' },
};

describe('validateRule', () => {
  it('accepts an empty or blank rule', () => {
    expect(validateRule('')).toEqual({ valid: true });
    expect(validateRule('   \n\t ')).toEqual({ valid: true });
  });

  it('accepts well-formed rules', () => {
    for (const rule of [
      'user.country == "CN" && app.version >= "1.2"',
      'semver(app.version) >= semver("1.2")',
      'app.platform in ["Android", "Ios"]',
      "user.country|lower == 'cn' || user.level > 10",
      '!(user.level < 3)',
      'user.level >= -1',
    ]) {
      expect(validateRule(rule), rule).toEqual({ valid: true });
    }
  });

  it('points just past the operator when the rule stops after it', () => {
    const error = errorOf('user.country == ');
    // "user.country ==" is 15 characters; the value should start at offset 15.
    expect(error).toMatchObject({ index: 15, line: 1, column: 16 });
    expect(error.message).toMatch(/value/);
    expect(error.message).toMatch(/==/);
  });

  it('points at the third "=" of "==="', () => {
    const error = errorOf('user.country === "CN"');
    expect(error).toMatchObject({ index: 15, line: 1, column: 16, token: '=' });
    expect(error.message).toContain('"=="');
  });

  it('reports a missing closing parenthesis where the rule ends', () => {
    const error = errorOf('(a && b');
    expect(error).toMatchObject({ index: 7, line: 1, column: 8 });
    expect(error.message).toContain('")"');
    expect(error.message).toContain('line 1, column 1');
  });

  it('reports an unterminated string at its opening quote', () => {
    const error = errorOf('user.country == "CN');
    expect(error).toMatchObject({ index: 16, line: 1, column: 17, token: '"' });
    expect(error.message).toMatch(/unterminated string/i);

    expect(errorOf("app.platform == 'ios")).toMatchObject({ index: 16, column: 17, token: "'" });
  });

  it('counts lines and columns across line breaks', () => {
    const error = errorOf('user.country == "CN"\n&& && app.version');
    // Line 2 starts at offset 21; its second "&&" starts at column 4.
    expect(error).toMatchObject({ index: 24, line: 2, column: 4, token: '&&' });
  });

  it('says an operator is missing between two values', () => {
    const error = errorOf('user.country "CN"');
    expect(error).toMatchObject({ index: 13, column: 14, token: '"CN"' });
    expect(error.message).toMatch(/missing operator/);
  });

  it('refuses a closing bracket with nothing to close', () => {
    expect(errorOf('user.level > 3)')).toMatchObject({ index: 14, token: ')' });
    expect(errorOf('(user.level]')).toMatchObject({ index: 11, token: ']' });
  });

  it('refuses unknown functions and transforms, naming them', () => {
    const fn = errorOf('version(app.version) > 1');
    expect(fn).toMatchObject({ index: 0, token: 'version' });
    expect(fn.message).toContain('semver');

    const transform = errorOf('a | b');
    expect(transform).toMatchObject({ index: 4, token: 'b' });
    expect(transform.message).toContain('||');
  });

  it('refuses method calls', () => {
    expect(errorOf('user.country.toLowerCase() == "cn"')).toMatchObject({ index: 13, token: 'toLowerCase' });
  });

  it(`refuses rules longer than ${MAX_RULE_LENGTH} characters`, () => {
    const fits = 'user.level >= 1'.padEnd(MAX_RULE_LENGTH, ' ');
    expect(fits).toHaveLength(2000);
    expect(validateRule(fits)).toEqual({ valid: true });
    const error = errorOf(`${fits} `);
    expect(error.message).toContain('2000');
    expect(evaluateRule(`${fits} `, player)).toMatchObject({ matched: false });
  });
});

describe('evaluateRule', () => {
  const matches = (rule: string, context: Record<string, unknown> = player) => {
    const result = evaluateRule(rule, context);
    expect(result.error, rule).toBeUndefined();
    return result.matched;
  };

  it('matches everyone with an empty rule', () => {
    expect(evaluateRule('', player)).toEqual({ matched: true });
    expect(evaluateRule('  ', {})).toEqual({ matched: true });
  });

  it('targets by country', () => {
    expect(matches('user.country == "CN"')).toBe(true);
    expect(matches('user.country == "US"')).toBe(false);
    expect(matches('user.country != "US"')).toBe(true);
    expect(matches('user.country in ["CN", "HK", "TW"]')).toBe(true);
    expect(matches('user.country|lower == "cn"')).toBe(true);
  });

  it('targets by platform', () => {
    expect(matches('app.platform in ["Android", "Ios"]')).toBe(true);
    expect(matches('app.platform == "Android"')).toBe(false);
    expect(matches('app.platform|upper == "IOS"')).toBe(true);
    expect(matches('app.platform|lower == "ios"')).toBe(true);
  });

  it('compares versions part by part with semver(), so 1.10 is above 1.2', () => {
    expect(matches('semver(app.version) >= semver("1.2")')).toBe(true);
    expect(matches('semver("1.10") > semver("1.2")')).toBe(true);
    expect(matches('semver("1.9.9") < semver("1.10")')).toBe(true);
    expect(matches('semver(app.version) >= semver("1.2")', { app: { version: '1.1.9' } })).toBe(false);
    expect(matches('semver("1.2") == semver("1.2.0")')).toBe(true);
    expect(matches('semver("v1.2") == semver("1.2")')).toBe(true);
    expect(matches('semver("2.0.0-beta.1") < semver("2.0.0")')).toBe(true);
    expect(matches('semver("2.0.0-beta.2") < semver("2.0.0-beta.10")')).toBe(true);
    expect(matches('semver("1.2.3.4") > semver("1.2.3")')).toBe(true);
  });

  it('keeps plain string comparison lexical, as in JEXL itself', () => {
    // Character by character "1.10" sorts before "1.2".
    expect(matches('app.version >= "1.2"')).toBe(false);
  });

  it('treats something that is not a version as matching nothing', () => {
    expect(matches('semver(app.version) >= semver("1.0")', { app: { version: 'latest' } })).toBe(false);
    expect(matches('semver(app.version) < semver("1.0")', { app: { version: 'latest' } })).toBe(false);
    expect(matches('semver(app.version) >= semver("1.0")', { app: {} })).toBe(false);
  });

  it('combines conditions', () => {
    const rule = 'user.country == "CN" && semver(app.version) >= semver("1.2")';
    expect(matches(rule)).toBe(true);
    expect(matches(rule, { ...player, user: { ...player.user, country: 'JP' } })).toBe(false);
  });

  it('counts a non-boolean result as a match only when truthy', () => {
    expect(matches('user.level')).toBe(true);
    expect(matches('user.nickname')).toBe(false);
    expect(matches('user.unknown')).toBe(false);
    expect(matches('0')).toBe(false);
    expect(matches('"yes"')).toBe(true);
  });

  it('does not match, and says why, when the rule fails while running', () => {
    const result = evaluateRule('user.unknown["x"] == 1', player);
    expect(result.matched).toBe(false);
    expect(result.error).toEqual(expect.any(String));
  });

  it('does not match a rule that does not parse, and gives the parse error', () => {
    const result = evaluateRule('user.country === "CN"', player);
    expect(result.matched).toBe(false);
    expect(result.error).toContain('column 16');
    // jexl itself would accept the unclosed parenthesis; the rule is refused all the same.
    expect(evaluateRule('(user.level > 3', player).matched).toBe(false);
  });

  it('gives the same answers after many other rules pushed it out of the cache', () => {
    expect(matches('user.level == 12')).toBe(true);
    for (let i = 0; i < 1500; i++) evaluateRule(`user.level == ${i}`, player);
    expect(matches('user.level == 12')).toBe(true);
    expect(matches('user.level == 13')).toBe(false);
  });
});

describe('prototype safety', () => {
  it('refuses Object.prototype names in paths', () => {
    expect(errorOf('user.constructor')).toMatchObject({ index: 5, token: 'constructor' });
    expect(validateRule('user.__proto__').valid).toBe(false);
    expect(errorOf('user["constructor"]')).toMatchObject({ index: 5 });
    expect(validateRule("user['__proto__'].polluted").valid).toBe(false);
  });

  it('finds nothing behind computed constructor and __proto__ paths of the context', () => {
    expect(evaluateRule('user["constr" + "uctor"]', player)).toEqual({ matched: false });
    expect(evaluateRule('!user["constr" + "uctor"]', player)).toEqual({ matched: true });
    expect(evaluateRule('!user["__pro" + "to__"]', player)).toEqual({ matched: true });
    expect(evaluateRule('!app["has" + "OwnProperty"]', player)).toEqual({ matched: true });
  });

  it('cannot call anything reached through a value', () => {
    const call = errorOf('user.country["constr" + "uctor"]["constr" + "uctor"]("return process")');
    expect(call.index).toBe(52);
    // Reaching a function is not a match, and transforms do not run it.
    expect(evaluateRule('user.country["constr" + "uctor"]', player)).toEqual({ matched: false });
    expect(evaluateRule('user.country["constr" + "uctor"]|lower', player)).toEqual({ matched: false });
  });

  it('sees only the JSON data of the context', () => {
    const context = { user: { id: 'p1', hook: () => 'ran', when: new Date(0) } };
    expect(evaluateRule('user.hook', context)).toEqual({ matched: false });
    expect(evaluateRule('user.when == "1970-01-01T00:00:00.000Z"', context)).toEqual({ matched: true });

    const safe = prepareRuleContext(context);
    expect(Object.getPrototypeOf(safe)).toBeNull();
    expect(Object.getPrototypeOf(safe.user)).toBeNull();
    expect(Object.isFrozen(safe.user)).toBe(true);
    expect((safe.user as Record<string, unknown>).constructor).toBeUndefined();
  });

  it('cannot pollute prototypes through a "__proto__" key in the context', () => {
    const context = JSON.parse('{"user": {"__proto__": {"polluted": true}, "id": "p1"}}') as Record<string, unknown>;
    expect(evaluateRule('user.id == "p1"', context)).toEqual({ matched: true });
    expect(evaluateRule('user.polluted', context)).toEqual({ matched: false });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
