/**
 * The documentation's search index, built with the site: every Markdown page of `docs/site/<lang>/` cut into
 * passages by the shared module (resources/docs-search.ts), plus the API reference's passages when given, indexed
 * with the shared options and serialised. The console loads it lazily (src/pages/doc/search-index.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import MiniSearch from 'minisearch';
import { docsSearchOptions, pageOfFile, pagePassages, type Passage } from '../resources/docs-search.ts';

export const DOCS_SEARCH_MODULE = 'virtual:docs-search-index';
const RESOLVED = `\0${DOCS_SEARCH_MODULE}`;

/** The Markdown files under a directory, recursively. */
function markdownFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The passages of every page under `root` (`docs/site`), both languages. */
export function markdownPassages(root: string): Passage[] {
  return markdownFiles(root).flatMap((file) => {
    const page = pageOfFile(relative(root, file));
    return page ? pagePassages(readFileSync(file, 'utf8'), page.page, page.lang) : [];
  });
}

/** The index of these passages, as the JSON MiniSearch loads. */
export function docsIndexJson(passages: Passage[]): string {
  const index = new MiniSearch<Passage>(docsSearchOptions);
  // A passage id is unique by construction; two files naming one page would repeat one, the first is kept.
  const seen = new Set<string>();
  index.addAll(passages.filter((p) => !seen.has(p.id) && seen.add(p.id)));
  return JSON.stringify(index);
}

/**
 * The Vite plugin: `import index from 'virtual:docs-search-index'` gives the serialised index of `root`'s pages and
 * of the passages `extra()` gives (the API reference).
 */
export function docsSearchIndex(root: string, extra: () => Promise<Passage[]> = async () => []): Plugin {
  let built: Promise<string> | undefined;
  return {
    name: 'lodestar-docs-search-index',
    resolveId: (id) => (id === DOCS_SEARCH_MODULE ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      for (const file of markdownFiles(root)) this.addWatchFile(file);
      built ??= extra().then((api) => docsIndexJson([...markdownPassages(root), ...api]));
      return `export default ${JSON.stringify(await built)};`;
    },
    // A page written while the dev server runs is found after a reload.
    watchChange: () => {
      built = undefined;
    },
  };
}
