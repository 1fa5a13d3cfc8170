import type { DocLanguage, Passage } from '../../../resources/docs-search';
import { collectionPath } from '../../../resources/relations';
import type { ResourceDecl, ServiceDecl } from '../../../resources/types';
import { toOpenApiPath } from '../../engine/openapi';

/** The parts of an OpenAPI document the API reference's passages are made of. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, { summary?: string; description?: string; tags?: string[] } | unknown>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const LANGUAGES: DocLanguage[] = ['en', 'zh-CN'];

/**
 * What an operation's path is about, as the declarations name it in one language: the resource whose collection
 * path it lies under (the longest), and the state action or command whose path ends it.
 */
function declaredNames(service: ServiceDecl, path: string, lang: DocLanguage): string[] {
  let resource: ResourceDecl | undefined;
  let base = '';
  for (const r of service.resources) {
    const collection = toOpenApiPath(collectionPath(service, r)).replace(/\{[^}]+\}/g, '{}');
    const generic = path.replace(/\{[^}]+\}/g, '{}');
    if ((generic === collection || generic.startsWith(`${collection}/`)) && collection.length > base.length) {
      resource = r;
      base = collection;
    }
  }
  if (!resource) return [];
  const ends = (suffix: string) => toOpenApiPath(path).replace(/\{[^}]+\}/g, '{}').endsWith(suffix.replace(/:[A-Za-z0-9_]+/g, '{}'));
  const action = resource.actions?.find((a) => ends(a.path ?? `/${a.name}`));
  // A command made at its declared call's address (`address: 'call'`) has no path of its own under the resource.
  const command = resource.commands?.find((c) => c.address !== 'call' && ends(c.path));
  return [resource.label[lang], action?.label[lang], command?.label[lang]].filter((t): t is string => !!t);
}

/**
 * The API reference as passages: one per operation of a declared service that has a documentation section, in
 * both languages, each one sentence (the summary is written in English; the resource and action names the declarations give come in
 * the passage's language), linking to the section's API page (`<docPage>/api`). The platform's own calls (sign-in,
 * apps, billing) have no section and are left out.
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
      const summary = [op.summary, op.description].filter(Boolean).join('; ');
      for (const lang of LANGUAGES) {
        // One sentence: what the call does, and what it is about by the declarations' names (its method and path are
        // the heading).
        const names = declaredNames(service, path, lang);
        const text = `${summary || heading}${names.length ? ` (${names.join(' · ')})` : ''}.`;
        out.push({ id: `${lang}:api:${heading}`, page, address: page, lang, title: `${service.catalogue.displayName[lang]} API`, heading, text });
      }
    }
  }
  return out;
}
