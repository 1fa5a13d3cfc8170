import { request } from '../../../providers/http';
import type { DocSectionsAnswer, DocServiceSummary } from '../../../resources/docs-api';
import { DOCS_SECTIONS_PATH } from '../../../resources/docs-api';

let sections: Promise<DocSectionsAnswer> | undefined;

/** The declared services of every documentation section and whether each is built here: asked once per visit. */
export function docSections(): Promise<DocSectionsAnswer> {
  sections ??= request<DocSectionsAnswer>(DOCS_SECTIONS_PATH, { anonymous: true, silent: true }).then((a) => a ?? { sections: {} });
  // A failure is asked again on the next page.
  sections.catch(() => (sections = undefined));
  return sections;
}

/** The services documented under a section's address (`passport`, `func/stateful`). */
export async function servicesOf(sectionPath: string): Promise<DocServiceSummary[]> {
  return (await docSections()).sections[sectionPath] ?? [];
}
