/**
 * The documentation's search, shared by the console's documentation search (an index built at build time) and the
 * server's knowledge assistant: how a Markdown page of `docs/site/<lang>/<path>.md` is cut into passages, the
 * tokenizer for both languages, and the MiniSearch options both indexes are built and loaded with. Pure: no I/O.
 */

import type { Options, SearchOptions } from 'minisearch';

export type DocLanguage = 'en' | 'zh-CN';

/** One searchable part of a page: the text under one heading (a long section gives several, same anchor). */
export interface Passage {
  /** Unique over every page and language: `<lang>:<address>` (plus `~<n>` for a long section's later parts). */
  id: string;
  /** The page's address on the site: `/doc/passport/concept`, `/policy/privacy`. */
  page: string;
  /** The page's address with the heading's anchor (`/doc/passport/concept#sign-in`); the page itself for its top. */
  address: string;
  lang: DocLanguage;
  /** The page's title: its first `# ` heading. */
  title: string;
  /** The heading the text is under; the title for the text before the first sub-heading. */
  heading: string;
  /** The text, without Markdown marks. */
  text: string;
}

/** Sections longer than this are cut at paragraphs into several passages, so an answer points at the right part. */
export const PASSAGE_CHARS = 900;

/**
 * The page address of a Markdown file, from its path under `docs/site/` (`en/passport/concept.md`): policies are
 * under `/policy/`, every other page under `/doc/`. Undefined for a path that is not `<lang>/<path>.md`.
 */
export function pageOfFile(file: string): { lang: DocLanguage; page: string } | undefined {
  const m = /^(en|zh-CN)\/(.+)\.md$/.exec(file.replace(/\\/g, '/').replace(/^\/+/, ''));
  if (!m) return undefined;
  const path = m[2];
  return { lang: m[1] as DocLanguage, page: path.startsWith('policy/') ? `/${path}` : `/doc/${path}` };
}

/**
 * A heading's anchor: lower-case letters and digits of any script, words joined by `-` (`Sign in with Steam` →
 * `sign-in-with-steam`, `登录方式` → `登录方式`). The documentation renderer gives its headings the same ids.
 */
export function headingAnchor(heading: string): string {
  return plainInline(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');
}

/** Inline Markdown to plain text: links and images to their text, code, emphasis and escapes to what they mark. */
export function plainInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}])[*_]([^*_]+)[*_](?=$|[^\p{L}\p{N}])/gu, '$1$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1');
}

/** A block line to plain text: list marks, quote marks, table pipes and rules dropped; inline marks removed. */
function plainLine(line: string): string {
  if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) return '';
  if (/^\s*([-*_]\s*){3,}$/.test(line)) return '';
  const unmarked = line
    .replace(/^\s*>\s?/, '')
    .replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '')
    .replace(/^\s*\|/, '')
    .replace(/\|\s*$/, '')
    .replace(/\s*\|\s*/g, ' · ');
  return plainInline(unmarked).trim();
}

interface Section {
  heading: string;
  anchor: string;
  paragraphs: string[];
}

/**
 * A page cut into passages: one per `##` to `####` heading (the text before the first one under the title), long
 * ones cut again at paragraphs (each table row one). Fenced code is kept as text (a call's path is worth finding) and never read as a
 * heading. Sections with no text are left out.
 */
export function pagePassages(markdown: string, page: string, lang: DocLanguage): Passage[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let title = '';
  const sections: Section[] = [];
  let current: Section = { heading: '', anchor: '', paragraphs: [] };
  let paragraph: string[] = [];
  let fence: string | undefined;
  const endParagraph = (): void => {
    const text = paragraph.join(fence === undefined ? ' ' : '\n').trim();
    if (text) current.paragraphs.push(text);
    paragraph = [];
  };
  for (const line of lines) {
    const fenceMark = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) {
        endParagraph();
        fence = undefined;
      } else paragraph.push(line);
      continue;
    }
    if (fenceMark) {
      endParagraph();
      fence = fenceMark;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      endParagraph();
      const text = plainInline(heading[2]).trim();
      if (heading[1].length === 1 && !title) {
        title = text;
        continue;
      }
      if (heading[1].length <= 4) {
        sections.push(current);
        current = { heading: text, anchor: headingAnchor(heading[2]), paragraphs: [] };
        continue;
      }
      paragraph.push(text);
      endParagraph();
      continue;
    }
    const plain = plainLine(line);
    if (!plain) endParagraph();
    else paragraph.push(plain);
    // A table row is a line of its own, not part of a running paragraph.
    if (plain && /^\s*\|/.test(line)) endParagraph();
  }
  endParagraph();
  sections.push(current);

  const passages: Passage[] = [];
  const anchors = new Map<string, number>();
  for (const section of sections) {
    if (section.paragraphs.length === 0) continue;
    // Two headings of the same text get `-1`, `-2`… after the first, as the renderer numbers them.
    let anchor = section.anchor;
    if (anchor) {
      const seen = anchors.get(anchor) ?? 0;
      anchors.set(anchor, seen + 1);
      if (seen > 0) anchor = `${anchor}-${seen}`;
    }
    const address = anchor ? `${page}#${anchor}` : page;
    const heading = section.heading || title;
    chunks(section.paragraphs).forEach((text, n) => {
      passages.push({ id: `${lang}:${address}${n > 0 ? `~${n}` : ''}`, page, address, lang, title, heading, text });
    });
  }
  return passages;
}

/** Paragraphs joined into texts of at most about `PASSAGE_CHARS` (a single longer paragraph stays whole). */
function chunks(paragraphs: string[]): string[] {
  const out: string[] = [];
  let text = '';
  for (const p of paragraphs) {
    if (text && text.length + p.length + 1 > PASSAGE_CHARS) {
      out.push(text);
      text = p;
    } else text = text ? `${text}\n${p}` : p;
  }
  if (text) out.push(text);
  return out;
}

/** Scripts written without spaces between words: indexed as characters and pairs of characters. */
const CJK_CLASS = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}]';
const CJK = new RegExp(CJK_CLASS, 'u');
/** Runs of CJK characters, or of other letters and digits (a word). */
const RUNS = new RegExp(`${CJK_CLASS}+|(?:(?!${CJK_CLASS})[\\p{L}\\p{N}])+`, 'gu');

/** The language a text is written in, as far as the documentation's two tell apart: Chinese when it holds CJK characters. */
export function languageOf(text: string): DocLanguage {
  return CJK.test(text) ? 'zh-CN' : 'en';
}

/** English words too common to tell passages apart. */
const STOP_WORDS = new Set(
  ('a an and are as at be by can do does for from has have how i if in into is it its me my of on or so that the their ' +
    'then there these this to was we what when where which who why will with you your').split(' '),
);

/**
 * A word reduced to a common stem, so `apps` finds `app` and `configured` finds `configure`: a plural ending, then
 * an `-ing` or `-ed`, then a final `e` taken off (`configures`, `configured`, `configuring`, `configure` →
 * `configur`), each only while three letters or more remain. Words with digits are left alone.
 */
export function stem(word: string): string {
  if (word.length < 4 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/[^su]s$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length >= 6) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length >= 5) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length >= 4) w = w.slice(0, -1);
  return w;
}

/**
 * Text to search terms in either language: Latin words (and digits) lower-cased, common English words dropped, the
 * rest stemmed; a run of CJK characters as each character and each pair of neighbours (`玩家账号` → 玩, 玩家, 家,
 * 家账, 账, 账号, 号), so a word matches wherever it stands without a dictionary.
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const run of text.normalize('NFKC').match(RUNS) ?? []) {
    if (CJK.test(run[0])) {
      const chars = [...run];
      chars.forEach((c, i) => {
        terms.push(c);
        if (i + 1 < chars.length) terms.push(c + chars[i + 1]);
      });
      continue;
    }
    const word = run.toLowerCase();
    if (!STOP_WORDS.has(word)) terms.push(stem(word));
  }
  return terms;
}

/** How much a query's single CJK character counts beside a pair of characters or a word. */
export const SINGLE_CJK_WEIGHT = 0.3;

/** The fields searched, with the weight of each: a word of the heading or title says more than one in the text. */
export const SEARCH_BOOST = { title: 2, heading: 3, text: 1 } as const;

/** The MiniSearch options of every documentation index: build and load both indexes with these. */
export const docsSearchOptions: Options<Passage> = {
  idField: 'id',
  fields: ['title', 'heading', 'text'],
  storeFields: ['page', 'address', 'lang', 'title', 'heading', 'text'],
  tokenize,
  // The tokenizer already lower-cases and stems.
  processTerm: (term) => term,
  searchOptions: {
    boost: { ...SEARCH_BOOST },
    // A Latin word of four letters or more also finds longer words it begins (`config` → `configuration`).
    prefix: (term) => term.length >= 4 && !CJK.test(term),
    // A single CJK character matches in most passages; pairs and words carry the meaning.
    boostTerm: (term) => (CJK.test(term) && [...term].length === 1 ? SINGLE_CJK_WEIGHT : 1),
    combineWith: 'OR',
  },
};

/** Search options for one language's passages (an index may hold both). */
export function searchIn(lang: DocLanguage): SearchOptions {
  return { filter: (result) => result.lang === lang };
}

/** A found passage as the index answers it (its stored fields, with MiniSearch's score). */
export type FoundPassage = Passage & { score: number };

/**
 * A short extract of a passage's text around the first place a query term occurs (or its start), about `length`
 * characters, with `…` where it was cut.
 */
export function snippet(text: string, query: string, length = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const lower = flat.toLowerCase();
  const words = (query.normalize('NFKC').match(RUNS) ?? []).map((w) => w.toLowerCase()).filter((w) => !STOP_WORDS.has(w));
  const at = words.map((w) => lower.indexOf(CJK.test(w[0]) ? w.slice(0, 2) : stem(w))).filter((i) => i >= 0);
  const first = at.length ? Math.min(...at) : 0;
  const start = Math.max(0, Math.min(first - Math.floor(length / 4), flat.length - length));
  const body = flat.slice(start, start + length).trim();
  return `${start > 0 ? '…' : ''}${body}${start + length < flat.length ? '…' : ''}`;
}
