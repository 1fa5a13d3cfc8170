/** Reading the console's texts in tests: the keys a source file asks for by name, and whether a dictionary has one. */

/** The dotted keys a source file passes to `t('…')` as a literal. */
export function textKeys(source: string): string[] {
  return [...source.matchAll(/\bt\(\s*'([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)'/g)].map((m) => m[1]);
}

function has(dictionary: unknown, key: string): boolean {
  let node: unknown = dictionary;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in (node as object))) return false;
    node = (node as Record<string, unknown>)[part];
  }
  // A list of texts is read whole with `returnObjects`.
  return typeof node === 'string' || (Array.isArray(node) && node.every((n) => typeof n === 'string'));
}

/** Whether the dictionary has the text, also as i18next plural forms (`key_one` / `key_other`). */
export const hasText = (dictionary: unknown, key: string): boolean => has(dictionary, key) || has(dictionary, `${key}_other`);

/**
 * What source files may name a text by: every quoted string that looks like a dotted key (passed to `t`, kept in a
 * table of keys, or read whole with `returnObjects`), and for a key built in a template string
 * (`` t(`engine.status.${s}`) ``) its literal parts before and after the first and last `${…}`.
 */
export function keyMentions(sources: string[]): { literals: Set<string>; prefixes: string[]; suffixes: string[] } {
  const literals = new Set<string>();
  const prefixes: string[] = [];
  const suffixes: string[] = [];
  for (const source of sources) {
    for (const m of source.matchAll(/(['"`])([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)\1/g)) literals.add(m[2]);
    for (const m of source.matchAll(/`([^`]*\$\{[^`]*)`/g)) {
      const text = m[1];
      const before = text.slice(0, text.indexOf('${'));
      const after = text.slice(text.lastIndexOf('}') + 1);
      if (/^[A-Za-z0-9_-]+\./.test(before)) prefixes.push(before);
      if (/^\.[A-Za-z0-9_.-]+$/.test(after)) suffixes.push(after);
    }
  }
  return { literals, prefixes, suffixes };
}

/** Whether a dictionary's leaf key is named by the sources (a plural form counts as its key). */
export function keyMentioned(key: string, mentions: ReturnType<typeof keyMentions>): boolean {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
  const parts = base.split('.');
  // The key itself, or a branch above it read whole.
  if (parts.some((_, i) => i > 0 && mentions.literals.has(parts.slice(0, i + 1).join('.')))) return true;
  return mentions.prefixes.some((p) => base.startsWith(p)) || mentions.suffixes.some((s) => base.endsWith(s));
}
