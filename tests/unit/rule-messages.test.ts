import { describe, expect, it } from 'vitest';
// The whole dictionary (site and console parts), as the console has it once signed in.
import { lookupMessage } from '../../resources/messages';
import { findSyntaxError } from '../../server/services/config/rule-syntax';
import { evaluateRule, validateRule } from '../../server/services/config/rules';

/** Rules refused for every reason the rule checker gives (each reason at least once). */
const REFUSED = [
  'user.country == "JP" &&',
  'user.country == "JP" |',
  'user.country.',
  'user.level > ',
  '(user.level > 3',
  '[1, 2',
  'user.level > 3 ? "a"',
  'user.level 3',
  '| lower',
  'user.level > )',
  'user.tags[0)',
  'user.level + * 2',
  'user.name | shout',
  'user.name.toUpperCase()',
  'shout(user.name)',
  'user["a"](1)',
  'user["__proto__"]',
  'user.level === 3',
  'user.level !== 3',
  'user.level = 3',
  'user.vip & true',
  'user.name == "abc',
  'user.level # 3',
  'x'.repeat(10_001),
];

describe('a refused targeting rule', () => {
  it('is refused, with a position and a reason, for each case', () => {
    for (const rule of REFUSED) {
      const verdict = validateRule(rule);
      expect(verdict.valid, rule.slice(0, 40)).toBe(false);
    }
  });

  it('says where and why in both console languages, the position and every quoted part included', () => {
    const reasons = new Set<string>();
    for (const rule of REFUSED) {
      const verdict = validateRule(rule);
      if (verdict.valid) continue;
      const text = lookupMessage(verdict.error.message);
      expect(text, verdict.error.message).toBeDefined();
      // The Chinese text carries no English words of the reason (only the rule's own tokens, quoted).
      const zh = text!['zh-CN'].replace(/"[^"]*"|'[^']*'|“[^”]*”|（[^）]*）|\([^)]*\)/g, '');
      expect(zh, verdict.error.message).not.toMatch(/\b(the|rule|expected|missing|should|after|before|unknown|operator)\b/i);
      expect(zh).toMatch(/^第 \d+ 行第 \d+ 列：/);
      reasons.add(verdict.error.message.replace(/^Line \d+, column \d+: /, '').replace(/"[^"]*"/g, '"…"'));
    }
    expect(reasons.size).toBeGreaterThanOrEqual(15);
    expect(findSyntaxError('user.level > 3')).toBeUndefined();
  });

  it('names a player context that is not JSON data in both languages', () => {
    const context: Record<string, unknown> = {};
    context.self = context;
    const { error } = evaluateRule('user.level > 1', context);
    expect(lookupMessage(error ?? '')?.['zh-CN']).toMatch(/^玩家上下文不是 JSON 数据：/);
  });
});
