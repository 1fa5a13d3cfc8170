import type { Text } from '../types';

/**
 * Why a targeting rule is refused (server/services/config/rule-syntax.ts and rules.ts), each with its position
 * (`Line 1, column 5: …`) and the tokens it quotes as variable parts. A position and a reason are looked up in turn.
 */
export const ruleMessages: Record<string, Text> = {
  'line {0}, column {1}: {2}': { 'zh-CN': '第 {0} 行第 {1} 列：{2}', en: 'Line {0}, column {1}: {2}' },
  'line {0}, column {1}': { 'zh-CN': '第 {0} 行第 {1} 列', en: 'line {0}, column {1}' },
  '{0} is a reserved name': { 'zh-CN': '{0} 是保留名称', en: '{0} is a reserved name' },
  'a rule cannot start with {0}': { 'zh-CN': '规则不能以 {0} 开头', en: 'A rule cannot start with {0}' },
  'missing operator before {0}': { 'zh-CN': '{0} 之前缺少运算符', en: 'An operator is missing before {0}' },
  'expected a transform name after "|", found {0}': { 'zh-CN': '“|” 之后应为转换名，这里却是 {0}', en: 'A transform name should follow "|", not {0}' },
  'expected a name after ".", found {0}': { 'zh-CN': '“.” 之后应为名称，这里却是 {0}', en: 'A name should follow ".", not {0}' },
  'expected a value after {0}, found {1}': { 'zh-CN': '{0} 之后应为一个值，这里却是 {1}', en: 'A value should follow {0}, not {1}' },
  'unexpected {0} after {1}': { 'zh-CN': '{1} 之后不应出现 {0}', en: '{0} cannot follow {1}' },
  '{0} has no matching opening bracket': { 'zh-CN': '{0} 没有对应的左括号', en: '{0} has no matching opening bracket' },
  '{0} cannot close the {1} at {2}': { 'zh-CN': '{0} 不能闭合{2}的 {1}', en: '{0} cannot close the {1} at {2}' },
  'the rule ends where a transform name should follow "|"': { 'zh-CN': '规则在“|”之后就结束了，缺少转换名', en: 'The rule ends where a transform name should follow "|"' },
  'the rule ends where a name should follow "."': { 'zh-CN': '规则在“.”之后就结束了，缺少名称', en: 'The rule ends where a name should follow "."' },
  'the rule ends where a value should follow {0}': { 'zh-CN': '规则在 {0} 之后就结束了，缺少一个值', en: 'The rule ends where a value should follow {0}' },
  'missing "{0}" to close the {1} at {2}': { 'zh-CN': '缺少“{0}”来闭合{2}的 {1}', en: 'A "{0}" is missing to close the {1} at {2}' },
  'missing ":" for the "?" at {0}': { 'zh-CN': '{0}的“?”缺少对应的“:”', en: 'The "?" at {0} has no ":"' },
  'the rule ends too early after {0}': { 'zh-CN': '规则在 {0} 之后过早结束', en: 'The rule ends too early after {0}' },
  'unknown transform "{0}" (available: {1}; for "or" write "||")': {
    'zh-CN': '没有名为“{0}”的转换（可用：{1}；表示“或”请写 “||”）',
    en: 'There is no transform "{0}" (available: {1}; for "or" write "||")',
  },
  'methods cannot be called ("{0}"); use a transform ({1}) or a function ({2})': {
    'zh-CN': '不能调用方法（“{0}”）；请使用转换（{1}）或函数（{2}）',
    en: 'Methods cannot be called ("{0}"); use a transform ({1}) or a function ({2})',
  },
  'unknown function "{0}" (available: {1})': { 'zh-CN': '没有名为“{0}”的函数（可用：{1}）', en: 'There is no function "{0}" (available: {1})' },
  'only named functions ({0}) can be called': { 'zh-CN': '只能调用具名函数（{0}）', en: 'Only named functions ({0}) can be called' },
  '"!==" is not an operator; use "!=" to compare': { 'zh-CN': '没有“!==”运算符；比较请用“!=”', en: '"!==" is not an operator; use "!=" to compare' },
  '"===" is not an operator; use "==" to compare': { 'zh-CN': '没有“===”运算符；比较请用“==”', en: '"===" is not an operator; use "==" to compare' },
  '"=" is not an operator; use "==" to compare': { 'zh-CN': '没有“=”运算符；比较请用“==”', en: '"=" is not an operator; use "==" to compare' },
  '"&" is not an operator; use "&&" for "and"': { 'zh-CN': '没有“&”运算符；表示“且”请用“&&”', en: '"&" is not an operator; use "&&" for "and"' },
  'a minus sign can only stand directly before a number or after a value': {
    'zh-CN': '减号只能紧挨在数字之前，或写在一个值之后',
    en: 'A minus sign can only stand directly before a number or after a value',
  },
  'unexpected character "{0}"': { 'zh-CN': '无法识别的字符“{0}”', en: 'Unexpected character "{0}"' },
  'unterminated string: this {0} is never closed': { 'zh-CN': '字符串没有结束：这个 {0} 没有对应的闭合引号', en: 'Unterminated string: this {0} is never closed' },
  'a rule can be at most {0} characters long (this one has {1})': {
    'zh-CN': '规则最多 {0} 个字符（当前 {1} 个）',
    en: 'A rule can be at most {0} characters long (this one has {1})',
  },
  'the player context is not JSON data: {0}': { 'zh-CN': '玩家上下文不是 JSON 数据：{0}', en: 'The player context is not JSON data: {0}' },
};
