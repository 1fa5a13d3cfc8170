import { tokenize, type DocLanguage, type FoundPassage } from '../../../resources/docs-search';

/** A page an answer cites: where it is and what the cited part is under. */
export interface Source {
  page: string;
  address: string;
  title: string;
  heading: string;
}

export interface Answer {
  /** The answer's text; `[n]` after a sentence cites `sources[n - 1]`. */
  answer: string;
  sources: Source[];
}

/** How many of the best passages an answer is drawn from. */
export const ANSWER_PASSAGES = 4;
/** How many sentences an extractive answer takes at most, and about how long it may grow. */
const SENTENCES = 3;
const ANSWER_CHARS = 700;

const NOTHING_FOUND: Record<DocLanguage, string> = {
  en: 'The documentation says nothing I could find about this. Try other words, or start from the overview at /doc/overview.',
  'zh-CN': '文档中没有找到与此相关的内容。请换个说法，或从文档概览 /doc/overview 开始查阅。',
};

export const sourceOf = (p: FoundPassage): Source => ({ page: p.page, address: p.address, title: p.title, heading: p.heading });

/** A passage's text as sentences: after `.`, `!` or `?` and a space, after `。！？；`, and at each line. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|(?<=[。！？；])|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

/**
 * How much a sentence says about the question: each distinct term of the question it holds counts once, the more
 * the fewer of the candidate sentences hold it (`weights`), a single CJK character less than a word or a pair of
 * characters; a long sentence counts a little less.
 */
function sentenceScore(terms: Set<string>, weights: Map<string, number>, length: number): number {
  let score = 0;
  for (const [t, weight] of weights) if (terms.has(t)) score += weight * ([...t].length === 1 && t.charCodeAt(0) > 127 ? 0.3 : 1);
  return score / (1 + Math.log1p(length / 200));
}

/** Each question term's weight over the candidate sentences: rarer terms tell more (1 + ln(N / sentences holding it)). */
function termWeights(questionTerms: Set<string>, sentenceTerms: Set<string>[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const t of questionTerms) {
    const holding = sentenceTerms.filter((terms) => terms.has(t)).length;
    if (holding > 0) weights.set(t, 1 + Math.log(sentenceTerms.length / holding));
  }
  return weights;
}

/**
 * An answer made of the documentation's own sentences, without a language model: the sentences of the best
 * passages that hold most of the question's words (weighed by how well their passage matched), in the order the passages
 * were found, each followed by the number of the passage it comes from. With nothing found it says so.
 */
export function extractiveAnswer(question: string, lang: DocLanguage, found: FoundPassage[]): Answer {
  const passages = found.slice(0, ANSWER_PASSAGES);
  if (passages.length === 0) return { answer: NOTHING_FOUND[lang], sources: [] };
  const questionTerms = new Set(tokenize(question));
  const top = passages[0].score || 1;
  // A passage's first sentence answers its heading (a question-and-answer page's question): it holds the heading's words too.
  const all = passages.flatMap((p, rank) =>
    sentences(p.text).map((text, at) => ({ rank, at, text, terms: new Set(tokenize(at === 0 ? `${p.heading} ${text}` : text)), weight: p.score / top })),
  );
  const weights = termWeights(questionTerms, all.map((s) => s.terms));
  const candidates = all.map((s) => ({ ...s, score: sentenceScore(s.terms, weights, s.text.length) * s.weight }));
  const chosen: typeof candidates = [];
  let length = 0;
  for (const c of [...candidates].filter((c) => c.score > 0).sort((a, b) => b.score - a.score)) {
    // The same sentence in two passages is said once.
    if (chosen.some((s) => s.text === c.text)) continue;
    if (chosen.length >= SENTENCES || (chosen.length > 0 && length + c.text.length > ANSWER_CHARS)) break;
    chosen.push(c);
    length += c.text.length;
  }
  // Nothing shares a word with the question (the match was on a longer word it begins): the best passage's start.
  if (chosen.length === 0) chosen.push(...candidates.filter((c) => c.rank === 0).slice(0, 2));
  chosen.sort((a, b) => a.rank - b.rank || a.at - b.at);

  const sources: Source[] = [];
  const numberOf = (rank: number): number => {
    const source = sourceOf(passages[rank]);
    const known = sources.findIndex((s) => s.address === source.address);
    if (known >= 0) return known + 1;
    sources.push(source);
    return sources.length;
  };
  // Chinese runs its sentences and marks together; English spaces them.
  const space = lang === 'zh-CN' ? '' : ' ';
  const answer = chosen.map((c) => `${c.text}${space}[${numberOf(c.rank)}]`).join(space);
  return { answer, sources };
}
