import type { DocLanguage, Passage } from '../../../resources/docs-search';
import type { ServiceDecl } from '../../../resources/types';

/** The parts of an OpenAPI document the API reference's passages are made of. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, { summary?: string; description?: string; tags?: string[] } | unknown>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const LANGUAGES: DocLanguage[] = ['en', 'zh-CN'];

/**
 * The API reference as passages: one per operation of a declared service that has a documentation section, in
 * both languages (the reference is written in English; its paths and names are the same in either), linking to the
 * section's API page (`<docPage>/api`). The platform's own calls (sign-in, apps, billing) have no section and are
 * left out.
 */
export function apiPassages(doc: OpenApiDocument, services: ServiceDecl[]): Passage[] {
  const byTag = new Map(services.filter((s) => s.catalogue.docPage).map((s) => [s.name, s]));
  const out: Passage[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = operations[method] as { summary?: string; description?: string; tags?: string[] } | undefined;
      const service = op?.tags?.map((t) => byTag.get(t)).find(Boolean);
      if (!op || !service) continue;
      const page = `${service.catalogue.docPage}/api`;
      const heading = `${method.toUpperCase()} ${path}`;
      const text = [op.summary, op.description].filter(Boolean).join('. ');
      for (const lang of LANGUAGES) {
        out.push({ id: `${lang}:api:${heading}`, page, address: page, lang, title: `${service.catalogue.displayName[lang]} API`, heading, text: text || heading });
      }
    }
  }
  return out;
}
