/**
 * The console's bundle budget, on the production build (`npm run test:e2e` builds it first): the JavaScript that
 * must load before the sign-in page and before the app console's shell can show, gzip, against their budgets; and
 * every routed page in a lazily loaded chunk of its own, outside that initial JavaScript.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './server';
import { entryKey, gzipBytes, lazyModules, readManifest, staticClosure, type Manifest } from './bundle-manifest';

// The build the server serves (STATIC_DIR, as for the server; default dist/).
const DIST = process.env.STATIC_DIR ?? join(ROOT, 'dist');
const KB = 1024;

/**
 * The budgets (gzip) and the lazily loaded modules each screen needs on top of the entry: the sign-in page is a
 * public page (src/routes/public.tsx), which loads without the console; the console shell is the console (Refine,
 * its routes) with the app layout. Until each service's declarations loaded on their own, the shell's budget grew
 * with the services declared (every service's declarations loaded with it): 600 KB held through Push, 610 KB since Storage and Stacktrace, 625 KB since
 * Matchmaking and Stateless functions (617 KB measured), 595 KB since the app's layout no longer carries the markdown
 * libraries refine's antd package imports (589 KB measured with Sync), 605 KB since Sync's plugins and app limits and
 * Storage's backups, metrics and proxies (598.7 KB measured), 612 KB since stateful functions' declarations, MongoDB
 * and the transfer token (607.9 KB measured), 615 KB since stateful functions' servers, logs and autoscaler pages and
 * the services' SDK endpoints (613.9 KB measured). 460 KB since the console loads a service's declarations when a page
 * of it needs them (providers/services.ts, 445.3 KB measured): a new service no longer adds to it. 425 KB since the
 * calls' dialogs, the date pickers, antd's result screen and the menu's icons load when needed and the sign-in page's
 * own code apart from what it shares with the console (413.0 KB measured).
 */
const SCREENS = {
  'sign-in page': { budgetKb: 250, modules: ['src/pages/LoginPage.tsx'] },
  'app console shell': { budgetKb: 425, modules: ['src/Console.tsx', 'src/pages/layout/AppLayout.tsx', 'src/pages/account/PolicyPrompt.tsx'] },
} as const;

/** The files that route to pages: the site's root, the console's route table, each area's route set, and the page registries. */
function routeFiles(): string[] {
  const inDir = (dir: string, test: RegExp) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => test.test(f))
      .map((f) => join(ROOT, dir, f));
  const registries = readdirSync(join(ROOT, 'src/pages'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => inDir(`src/pages/${d.name}`, /^registry.*\.tsx?$/));
  return [join(ROOT, 'src/Root.tsx'), join(ROOT, 'src/AppRoutes.tsx'), ...inDir('src/routes', /\.tsx?$/), ...inDir('src/pages', /^registry.*\.tsx?$/), ...registries];
}

let manifest: Manifest;
let entry: string;
const initial = new Map<string, Set<string>>();

beforeAll(() => {
  manifest = readManifest(DIST);
  entry = entryKey(manifest);
  for (const [name, screen] of Object.entries(SCREENS)) initial.set(name, staticClosure(manifest, [entry, ...screen.modules]));
  const sizes = Object.entries(SCREENS).map(([name, s]) => `${name} ${(gzipBytes(DIST, manifest, initial.get(name)!) / KB).toFixed(1)} KB of ${s.budgetKb} KB`);
  console.log(`initial JavaScript (gzip): ${sizes.join('; ')}`);
});

describe.each(Object.entries(SCREENS))('%s', (name, screen) => {
  it(`loads at most ${screen.budgetKb} KB of JavaScript (gzip) before it shows`, () => {
    const chunks = [...initial.get(name)!];
    const kb = gzipBytes(DIST, manifest, chunks) / KB;
    const largest = chunks
      .map((c) => ({ c, kb: gzipBytes(DIST, manifest, [c]) / KB }))
      .sort((a, b) => b.kb - a.kb)
      .slice(0, 6)
      .map(({ c, kb }) => `${manifest[c].file} ${kb.toFixed(1)} KB`);
    expect(kb, `${name}: ${kb.toFixed(1)} KB in ${chunks.length} chunks, the largest ${largest.join(', ')}`).toBeLessThanOrEqual(screen.budgetKb);
  });
});

it('loads every routed page as its own lazy chunk, outside the initial JavaScript', () => {
  const pages = lazyModules(ROOT, routeFiles());
  // The route table and the area route sets hold dozens of pages; finding few means the scan missed them.
  expect(pages.length).toBeGreaterThan(20);
  const shell = new Set<string>(SCREENS['app console shell'].modules);
  const eager = staticClosure(manifest, [entry]);
  const problems: string[] = [];
  for (const { file, module } of pages) {
    const chunk = manifest[module];
    if (!chunk?.isDynamicEntry) problems.push(`${module} (routed in ${file}) is not a lazily loaded chunk of its own`);
    else if (eager.has(module)) problems.push(`${module} (routed in ${file}) loads with the entry`);
    else if (!shell.has(module) && initial.get('app console shell')!.has(module)) problems.push(`${module} (routed in ${file}) loads with the console shell`);
  }
  expect(problems).toEqual([]);
  console.log(`${new Set(pages.map((p) => p.module)).size} routed pages, each a lazy chunk of its own`);
});

it("holds React Router's production build, whose checks and warnings a built console does not run", () => {
  // A warning only React Router's development build gives (its package's exports name no other, scripts/production-router.ts).
  const warning = 'You rendered descendant <Routes>';
  const shell = [...initial.get('app console shell')!].map((c) => manifest[c].file);
  expect(shell.length).toBeGreaterThan(3);
  expect(shell.filter((file) => readFileSync(join(DIST, file), 'utf8').includes(warning))).toEqual([]);
});
