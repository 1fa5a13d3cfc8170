import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import MiniSearch from 'minisearch';
import {
  docsSearchOptions,
  pageOfFile,
  pagePassages,
  searchIn,
  type DocLanguage,
  type FoundPassage,
  type Passage,
} from '../../../resources/docs-search';

/** Every Markdown file under a directory (none when it does not exist). */
async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => join(e.parentPath, e.name));
}

/** The documentation's pages under `dir` (`<lang>/<path>.md`) cut into passages. */
export async function docsPassages(dir: string): Promise<Passage[]> {
  const out: Passage[] = [];
  for (const file of (await markdownFiles(dir)).sort()) {
    const where = pageOfFile(relative(dir, file));
    if (!where) continue;
    out.push(...pagePassages(await readFile(file, 'utf8'), where.page, where.lang));
  }
  return out;
}

/** What the assistant knows: the documentation's and the API reference's passages, in one index. */
export class KnowledgeBase {
  private readonly index = new MiniSearch<Passage>(docsSearchOptions);

  constructor(readonly passages: Passage[]) {
    this.index.addAll(passages);
  }

  /** The passages best matching a query in one language, best first. */
  search(query: string, lang: DocLanguage, limit: number): FoundPassage[] {
    return this.index.search(query, searchIn(lang)).slice(0, limit) as unknown as FoundPassage[];
  }
}
