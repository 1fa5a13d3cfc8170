/**
 * Whether a piece of console text reads as English: what the zh-CN crawl (zh-crawl.test.ts) holds against every
 * screen. Values that are no language at all are taken out first — addresses, e-mails, ids, numbers, code-like
 * names (`welcome_message`, `user.country`, `appId`), constants in capitals (`STRING`, `HTTP`) — and the names
 * below (acronyms such as API, JSON, SDK, ID, CSV go with the constants); what then remains is English when it holds
 * two words, one of three letters or more (a sentence, a label: "No data"), or is one such word alone (a button, a
 * column title).
 */

/** Names that stay as they are in Chinese text: the product's, brands', platforms' and technical terms'. */
const NAMES = [
  // The product and its area that keeps its name.
  'Lodestar',
  'Passport',
  // Sign-in and payment providers, stores and platforms, by their own names.
  'Blue Cloud',
  'Alipay',
  'WeChat',
  'Apple',
  'Google Play',
  'Google',
  'App Store',
  'TapTap',
  'OAuth',
  'iOS',
  'Android',
  'Windows',
  // Technical terms written as they are typed.
  'curl',
  'semver',
  'Webhook',
];

/** Values that are no language: each pattern's matches are removed before words are counted. */
const NOT_LANGUAGE: RegExp[] = [
  /\b(?:https?|wss?|ftp):\/\/\S+/g, // addresses
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, // e-mails
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, // uuids
  /(?:^|\s)\/[\w\-./:?=&%{}]*/g, // paths
  /\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, // JSON and placeholders: {"user": {"level": 12}}
  /\b[a-z0-9]+(?:-[a-z0-9]+)+\b/g, // slugs: health-potion, player-1001
  /[A-Za-z0-9]*[_$.:/\\#@=<>{}()[\]|*][A-Za-z0-9_$.:/\\#@=<>{}()[\]|*]*[A-Za-z0-9_)\]}]/g, // code: a_b, a.b, a(b), a=b
  /\b[a-z]+[A-Z][A-Za-z0-9]*\b/g, // camelCase names
  /\b[A-Z][a-z]+[A-Z][A-Za-z0-9]*\b/g, // PascalCase names (AppId)
  /\b[A-Za-z]*\d[A-Za-z0-9]*\b/g, // with digits: v1, e2e, 3D, ids
  /\b[A-Z]{2,}s?\b/g, // constants and acronyms: STRING, API, SDKs
];

const WORD = /[A-Za-z]{2,}/g;
const SEPARATORS = / [·|›»] /;

const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
const namesPattern = (names: string[]) => new RegExp(`(?<![A-Za-z])(?:${names.map(escaped).join('|')})(?![A-Za-z])`, 'g');
const NAME_PATTERN = namesPattern(NAMES);

/**
 * The English in `text`, or undefined when it has none worth flagging. `names` are more proper names to let pass
 * (product names, the account's own names: see the crawl).
 */
export function englishIn(text: string, names: string[] = []): string | undefined {
  // Labels joined into one line (Passport 玩家账号 · 任务 · progress) are each read alone.
  const parts = text.split(SEPARATORS);
  if (parts.length > 1) return parts.some((part) => englishIn(part, names) !== undefined) ? text : undefined;
  let rest = text.replace(NAME_PATTERN, ' ');
  if (names.length > 0) rest = rest.replace(namesPattern(names), ' ');
  for (const pattern of NOT_LANGUAGE) rest = rest.replace(pattern, ' ');
  const words = rest.match(WORD) ?? [];
  const long = words.filter((w) => w.length >= 3).length;
  // Two words, one of them of three letters or more ("No data"): a sentence or a label.
  if (words.length >= 2 && long >= 1) return text;
  // One word of three letters or more alone (nothing but punctuation around it): a label.
  if (long === 1 && words.length === 1 && /^[\s\p{P}]*[A-Za-z]+[\s\p{P}]*$/u.test(rest)) return text;
  return undefined;
}
