/**
 * The knowledge assistant's retrieval, measured: each question of `bench/assistant-questions.json` (written from the
 * specification, with the documentation page that answers it) is searched as the server searches it — the
 * documentation under `docs/site` and the server's own API document, in the question's language — and the pages
 * found are ranked by their best passage. Prints top-1 and top-3 accuracy (the expected page first, or among the
 * first three pages) and the questions missed. Run by `npm run bench`, or alone: `npx tsx bench/assistant-eval.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocLanguage } from '../resources/docs-search';
import { services } from '../resources/index';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { apiPassages, type OpenApiDocument } from '../server/services/ai/api-passages';
import { docsPassages, KnowledgeBase } from '../server/services/ai/knowledge';

interface Question {
  q: string;
  lang: DocLanguage;
  page: string;
  /** Other pages that answer it as well: citing one of them counts too. */
  also?: string[];
  spec: string;
}

export interface EvalFigures {
  questions: number;
  top1: number;
  top3: number;
  /** Questions whose page the documentation does not have (yet). */
  pagesMissing: number;
}

const ROOT = join(import.meta.dirname, '..');

/** The server's API document, from a server on an empty embedded database. */
async function apiDocument(): Promise<OpenApiDocument> {
  const config = { ...loadConfig({}), demo: false };
  const db = await openDatabase({});
  const { app } = await buildApp(db, config);
  try {
    return (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDocument;
  } finally {
    await app.close();
    await db.close();
  }
}

/** The distinct pages of the passages found, in the order their best passage ranks. */
export function rankedPages(kb: KnowledgeBase, question: string, lang: DocLanguage): string[] {
  return [...new Set(kb.search(question, lang, 30).map((p) => p.page))];
}

export async function runAssistantEval(): Promise<EvalFigures> {
  const { questions } = JSON.parse(readFileSync(join(ROOT, 'bench/assistant-questions.json'), 'utf8')) as { questions: Question[] };
  const kb = new KnowledgeBase([...(await docsPassages(join(ROOT, 'docs/site'))), ...apiPassages(await apiDocument(), services)]);
  const known = new Set(kb.passages.map((p) => `${p.lang} ${p.page}`));
  let top1 = 0;
  let top3 = 0;
  let pagesMissing = 0;
  const misses: string[] = [];
  for (const question of questions) {
    const pages = rankedPages(kb, question.q, question.lang);
    const accepted = [question.page, ...(question.also ?? [])];
    const rank = pages.findIndex((page) => accepted.includes(page));
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    const missing = !known.has(`${question.lang} ${question.page}`);
    if (missing) pagesMissing++;
    if (rank !== 0) misses.push(`  ${rank < 0 ? '—' : `#${rank + 1}`} ${question.q} → ${question.page}${missing ? ' (no such page)' : ''}; found ${pages.slice(0, 3).join(', ') || 'nothing'}`);
  }
  const figures = { questions: questions.length, top1: top1 / questions.length, top3: top3 / questions.length, pagesMissing };
  const written = questions.length - pagesMissing;
  console.log(`\nKnowledge assistant retrieval (${kb.passages.length} passages): ${questions.length} questions`);
  console.log(`  top-1 ${figures.top1.toFixed(2)}  top-3 ${figures.top3.toFixed(2)}`);
  // A question whose page is not written cannot be answered from it (it counts as missed above).
  if (pagesMissing) console.log(`  ${pagesMissing} questions' pages are not written yet; over the other ${written}: top-1 ${(top1 / written).toFixed(2)}  top-3 ${(top3 / written).toFixed(2)}`);
  if (misses.length) console.log(`  not first:\n${misses.join('\n')}`);
  return figures;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await runAssistantEval();
