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
