import type { Text } from '../types';

/** A message key with a variable part (`{0}`), as a pattern. */
interface Pattern {
  test: RegExp;
  text: Text;
}

const exact = new Map<string, Text>();
// By key: a part added twice (the site's messages, then the console's) keeps one entry.
const patterns = new Map<string, Pattern>();

/**
 * Adds messages to the dictionary `lookupMessage` reads: an English key (matched case-insensitively; `{0}` marks a
 * variable part) and its text in both languages. A later entry for the same key replaces the earlier one.
 */
export function addServerMessages(messages: Record<string, Text>): void {
  for (const [key, text] of Object.entries(messages)) {
    if (!/\{\d\}/.test(key)) {
      exact.set(key.toLowerCase(), text);
      continue;
    }
    const source = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\d\\\}/g, '([\\s\\S]+?)');
    patterns.set(key, { test: new RegExp(`^${source}$`, 'i'), text });
  }
}

const fill = (template: string, values: string[]) => template.replace(/\{(\d)\}/g, (_, i: string) => values[Number(i)] ?? '');

/**
 * The dictionary entry for a message as sent, with its variable parts (`{0}`, `{1}`…) filled into both texts. A
 * variable part that is itself a message (a reason after a position, a position inside a reason) is looked up in
 * turn; each part is shorter than the message, so this ends.
 */
export function lookupMessage(message: string): Text | undefined {
  const trimmed = message.trim();
  const hit = exact.get(trimmed.toLowerCase());
  if (hit) return hit;
  for (const p of patterns.values()) {
    const m = p.test.exec(trimmed);
    if (!m) continue;
    const parts = m.slice(1).map((part) => lookupMessage(part) ?? { 'zh-CN': part, en: part });
    return { 'zh-CN': fill(p.text['zh-CN'], parts.map((x) => x['zh-CN'])), en: fill(p.text.en, parts.map((x) => x.en)) };
  }
  return undefined;
}
