/**
 * The documentation's prose (`docs/site/<lang>/…`) keeps the agreed layout: the same pages in both languages, each
 * with one `# ` title first, plain Markdown (no raw HTML, fenced code with one of the highlighted languages), links
 * to pages that exist, and a plain notice near the top of every page about a service this deployment does not run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { docTarget } from '../../src/pages/doc/doc-paths';

const ROOT = new URL('../../docs/site/', import.meta.url).pathname;
const LANGS = ['en', 'zh-CN'] as const;
const CODE_LANGS = new Set(['bash', 'json', 'ts', 'js', 'http']);

const REQUIRED = [
  'overview',
  ...['passport', 'remote-config', 'cdn', 'upr', 'wind', 'safe', 'baking', 'device', 'crud/save', 'multiverse', 'matchmaking', 'push', 'hello', 'crud/storage', 'stacktrace', 'func/stateless', 'func/stateful', 'sync'].flatMap((s) => ['concept', 'tutorial', 'qa'].map((p) => `${s}/${p}`)),
  'others/concept',
  'bill/payment',
  'bill/certification',
  'bill/qa',
  'bill/hk-pricing',
  'sync-perf-demo',
  ...['create-an-app', 'members', 'qa', 'update-log', 'contact-us'].map((p) => `app/${p}`),
  ...['privacy', 'tos', 'id', 'sla'].map((p) => `policy/${p}`),
];
const NOTICE = { en: 'Not available in this deployment yet.', 'zh-CN': '本部署暂未提供该服务。' };
/** The price lists (pages of their own) and the site's pages, which a document may link to. */
const SITE_PAGES = new Set(['/doc/bill/pricing', '/doc/bill/hk-pricing', '/contact-us', '/consultation', '/sign-up', '/real-name-verify']);

/**
 * Whether a link reaches a page: a `/doc` address as the docs engine reads it (`docTarget`) — a prose page that is
 * written, or a page the engine makes (API, SDK, error codes) — a policy that is written, or a site page.
 */
function reaches(path: string, known: Set<string>): boolean {
  if (SITE_PAGES.has(path)) return true;
  if (path.startsWith('/policy/')) return known.has(path.slice(1));
  if (!path.startsWith('/doc')) return false;
  const target = docTarget(path);
  return target.kind === 'prose' ? known.has(target.file) : target.kind !== 'notFound';
}

function pagesOf(lang: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
  return walk(join(ROOT, lang))
    .map((f) => relative(join(ROOT, lang), f).replace(/\.md$/, ''))
    .sort();
}

const read = (lang: string, page: string) => readFileSync(join(ROOT, lang, `${page}.md`), 'utf8');
const md = new MarkdownIt({ html: true });

/** What a page breaks of the rules above: an empty list when it keeps them. */
function pageProblems(text: string, known: Set<string>): string[] {
  const problems: string[] = [];
  if (!/^# \S/.test(text)) problems.push('does not start with a "# " title');
  const tokens = md.parse(text, {});
  const h1 = tokens.filter((t) => t.type === 'heading_open' && t.tag === 'h1').length;
  if (h1 !== 1) problems.push(`has ${h1} "# " titles`);
  const inline = tokens.flatMap((t) => t.children ?? []);
  for (const t of [...tokens, ...inline]) {
    if (t.type === 'html_block' || t.type === 'html_inline') problems.push(`raw HTML: ${t.content.trim().slice(0, 40)}`);
    if (t.type === 'fence' && !CODE_LANGS.has(t.info.trim())) problems.push(`code block in "${t.info.trim()}"`);
    if (t.type === 'link_open') {
      const href = String(t.attrGet('href') ?? '');
      const path = href.replace(/[?#].*$/, '');
      if (!/^https?:/.test(href) && !reaches(path, known)) problems.push(`link to nothing: ${href}`);
    }
  }
  return problems;
}

describe('the documentation pages', () => {
  it('are the same set in both languages, and hold every page of the agreed layout', () => {
    expect(pagesOf('zh-CN')).toEqual(pagesOf('en'));
    expect(REQUIRED.filter((p) => !pagesOf('en').includes(p))).toEqual([]);
  });

  it.each(LANGS)('in %s start with one title, are plain Markdown and link to pages that exist', (lang) => {
    const known = new Set(pagesOf(lang));
    const problems = [...known].flatMap((page) => pageProblems(read(lang, page), known).map((p) => `${page}: ${p}`));
    expect(problems).toEqual([]);
  });

  it.each(LANGS)('in %s never say a service is not available: every service they cover is built', (lang) => {
    expect(pagesOf(lang).filter((page) => read(lang, page).includes(NOTICE[lang]))).toEqual([]);
  });

  it('keep concept pages focused: at most 150 lines', () => {
    const long = LANGS.flatMap((lang) => pagesOf(lang).filter((p) => p.endsWith('concept') && read(lang, p).split('\n').length > 150).map((p) => `${lang}/${p}`));
    expect(long).toEqual([]);
  });
});

describe('checking a page', () => {
  const known = new Set(['overview', 'passport/concept', 'passport/qa', 'policy/privacy']);
  it('finds raw HTML, a second title, an unhighlighted code block and a link to nothing', () => {
    expect(pageProblems('# A\n\nText <b>bold</b>.\n', known)).toEqual(['raw HTML: <b>', 'raw HTML: </b>']);
    expect(pageProblems('# A\n\n# B\n', known)).toEqual(['has 2 "# " titles']);
    expect(pageProblems('Intro\n\n# A\n', known)).toEqual(['does not start with a "# " title']);
    expect(pageProblems('# A\n\n```python\nx = 1\n```\n', known)).toEqual(['code block in "python"']);
    expect(pageProblems('# A\n\n[x](/doc/passport/tutorial) [y](/policy/sla) [z](/doc/passport/concepts) [o](/doc/overview)\n', known)).toEqual([
      'link to nothing: /doc/passport/tutorial',
      'link to nothing: /policy/sla',
      'link to nothing: /doc/passport/concepts',
      'link to nothing: /doc/overview',
    ]);
  });

  it('accepts links to pages that exist, to generated pages and to the site', () => {
    const text = '# A\n\n[a](/doc/passport) [q](/doc/passport/qa) [b](/doc/passport/api) [c](/doc/bill/pricing) [d](/policy/privacy) [e](/contact-us?content=x) [o](/doc)\n';
    expect(pageProblems(text, known)).toEqual([]);
  });
});
