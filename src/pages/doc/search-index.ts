import MiniSearch from 'minisearch';
import serialized from 'virtual:docs-search-index';
import { docsSearchOptions, searchIn, type DocLanguage, type FoundPassage, type Passage } from '../../../resources/docs-search';

/**
 * The documentation's search: the index built with the site (every Markdown page and the API reference, both
 * languages), loaded only when someone searches — this module is imported lazily by the search box.
 */
const index = MiniSearch.loadJSON<Passage>(serialized, docsSearchOptions);

/** The passages that best match a query in one language, best first. */
export function searchDocs(query: string, lang: DocLanguage, limit = 8): FoundPassage[] {
  if (!query.trim()) return [];
  return (index.search(query, searchIn(lang)) as unknown as FoundPassage[]).slice(0, limit);
}
