/**
 * The documentation's pages and their addresses (spec 000 §2 "Documentation under /doc"): the service sections
 * with their pages, billing, the app-level pages and the demo. Pure data and functions: the menu, the page the
 * address names, and the Markdown file a prose page reads (`docs/site/<lang>/<file>.md`).
 */

/** The pages every service section has: `concept` is the section's own address (`/doc/passport`). */
export const SECTION_PAGES = ['concept', 'tutorial', 'qa', 'api', 'sdk', 'errors'] as const;
export type SectionPage = (typeof SECTION_PAGES)[number];

/** Pages written in Markdown; the others (API, SDK, error codes) are made from what the server mounts. */
export const PROSE_PAGES: readonly SectionPage[] = ['concept', 'tutorial', 'qa'];

/** A section of the menu: a service's (its `path` under /doc is its catalogue entry's `docPage`), or a group of them. */
export interface DocSection {
  /** The key of its name among the texts (`docs.sections.<key>`). */
  key: string;
  /** Its address under /doc: `passport`, `func/stateful`. */
  path: string;
  children?: DocSection[];
}

const leaf = (key: string, parent?: string): DocSection => ({ key, path: parent ? `${parent}/${key}` : key });

/** The service sections in the menu's order. */
export const SECTIONS: DocSection[] = [
  leaf('cdn'),
  leaf('multiverse'),
  leaf('matchmaking'),
  leaf('sync'),
  leaf('passport'),
  { key: 'func', path: 'func', children: [leaf('stateful', 'func'), leaf('stateless', 'func')] },
  leaf('remote-config'),
  { key: 'crud', path: 'crud', children: [leaf('storage', 'crud'), leaf('save', 'crud')] },
  leaf('stacktrace'),
  leaf('baking'),
  leaf('push'),
  leaf('upr'),
  leaf('hello'),
  leaf('device'),
  leaf('safe'),
  leaf('wind'),
  leaf('others'),
];

/** The billing pages (`/doc/bill/<page>`): pricing and hk-pricing are pages of their own, the others prose. */
export const BILL_PAGES = ['pricing', 'hk-pricing', 'payment', 'certification', 'qa'] as const;
/** Billing pages built as pages of their own (the price lists), routed before `/doc/*`. */
export const BILL_OWN_PAGES: readonly string[] = ['pricing', 'hk-pricing'];
/** The app-level menu (`/doc/app/<page>`), all prose. */
export const APP_PAGES = ['create-an-app', 'members', 'qa', 'update-log', 'contact-us'] as const;

/** Every service section that has pages (the groups' children instead of the groups). */
export const LEAF_SECTIONS: DocSection[] = SECTIONS.flatMap((s) => s.children ?? [s]);

/** The address of a section's page: its concept page is the section's own address. */
export const sectionPageAddress = (section: DocSection, page: SectionPage) => (page === 'concept' ? `/doc/${section.path}` : `/doc/${section.path}/${page}`);

/** What an address under /doc shows. */
export type DocTarget =
  | { kind: 'prose'; file: string; section?: DocSection; page?: SectionPage }
  | { kind: 'api' | 'sdk' | 'errors'; section: DocSection; page: SectionPage }
  | { kind: 'notFound' };

/**
 * The page an address names: `/doc` the overview, `/doc/<section>` its concept page (also `/doc/<section>/concept`,
 * the address the search gives the page's file), `/doc/<section>/<page>` one of
 * its pages (a group's address is its first section's), `/doc/bill/<page>` and `/doc/app/<page>` their prose pages,
 * `/doc/sync-perf-demo`. A trailing `/` is ignored; anything else is not found.
 */
export function docTarget(pathname: string): DocTarget {
  const rest = pathname.replace(/\/+$/, '').replace(/^\/doc(?=\/|$)/, '');
  if (rest === pathname.replace(/\/+$/, '')) return { kind: 'notFound' };
  const path = rest.replace(/^\//, '');
  if (path === '') return { kind: 'prose', file: 'overview' };
  if (path === 'sync-perf-demo') return { kind: 'prose', file: path };
  const [first, second, ...more] = path.split('/');
  if (first === 'bill' && second && more.length === 0 && (BILL_PAGES as readonly string[]).includes(second) && !BILL_OWN_PAGES.includes(second)) {
    return { kind: 'prose', file: path };
  }
  if (first === 'app' && second && more.length === 0 && (APP_PAGES as readonly string[]).includes(second)) return { kind: 'prose', file: path };

  // The longest section path the address begins with, then at most one page.
  const group = SECTIONS.find((s) => s.children && s.path === path);
  const section = group ? group.children![0] : LEAF_SECTIONS.filter((s) => path === s.path || path.startsWith(`${s.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
  if (!section) return { kind: 'notFound' };
  const after = group ? '' : path.slice(section.path.length).replace(/^\//, '');
  if (after.includes('/')) return { kind: 'notFound' };
  const page = (after || 'concept') as SectionPage;
  if (!SECTION_PAGES.includes(page)) return { kind: 'notFound' };
  if (PROSE_PAGES.includes(page)) return { kind: 'prose', file: `${section.path}/${page}`, section, page };
  return { kind: page as 'api' | 'sdk' | 'errors', section, page };
}

/** The menu's address of a page: a concept page's is its section's own. */
export const menuAddress = (pathname: string) => pathname.replace(/\/+$/, '').replace(/\/concept$/, '') || '/doc';
