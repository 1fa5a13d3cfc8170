/**
 * The API reference's passages for the documentation's search index, made when the site is built: the server is
 * built in this process on an in-memory database (nothing is served, nothing is written to disk), its OpenAPI
 * document read, and each call of a documented service becomes a passage (the knowledge assistant's `apiPassages`)
 * linking to the call's heading on its section's API page.
 */
import type { Passage } from '../resources/docs-search.ts';
import { headingAnchor } from '../resources/docs-search.ts';
import { services } from '../resources/index.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { apiPassages } from '../server/services/ai/api-passages.ts';

/**
 * The passages' addresses pointed at each call's heading: the API page's headings are the calls' summaries in the
 * document's order, a repeated one numbered `-1`, `-2`… as the page's renderer numbers it.
 */
export function withCallAnchors(passages: Passage[], summaries: Map<string, string>): Passage[] {
  const seen = new Map<string, Map<string, number>>();
  const anchorOf = new Map<string, string>();
  for (const p of passages) {
    const key = `${p.page} ${p.heading}`;
    if (anchorOf.has(key)) continue;
    const base = headingAnchor(summaries.get(p.heading) || p.heading);
    const onPage = seen.get(p.page) ?? new Map<string, number>();
    seen.set(p.page, onPage);
    const n = onPage.get(base) ?? 0;
    onPage.set(base, n + 1);
    anchorOf.set(key, n > 0 ? `${base}-${n}` : base);
  }
  return passages.map((p) => ({ ...p, address: `${p.page}#${anchorOf.get(`${p.page} ${p.heading}`)}` }));
}

let made: Promise<Passage[]> | undefined;

/**
 * The API reference's passages of the server as this source tree builds it: made once per process (building the
 * server takes seconds, and the layered build asks twice).
 */
export function apiReferencePassages(): Promise<Passage[]> {
  made ??= makeApiPassages();
  return made;
}

async function makeApiPassages(): Promise<Passage[]> {
  const db = await openDatabase({});
  const { app } = await buildApp(db, loadConfig({}), {});
  try {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    const summaries = new Map(Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.summary ?? ''] as const)));
    return withCallAnchors(apiPassages(doc, services), summaries);
  } finally {
    await app.close();
    await db.close();
  }
}
