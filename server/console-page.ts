import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPath } from 'react-router';
import { firstRead, manifestRoute } from '../src/engine/route-manifest';
import { LATER_STYLES_META } from '../src/later-styles';
import { WEB_VERSION_META } from '../src/lib/web-version-meta';
import { carriedAnswers, carriedElement, readManifest } from './console-carried';
import type { Queryable } from './db';

/** What the build writes for an app console page opened directly (scripts/console-preload.ts); not served. */
export const CONSOLE_PRELOAD_FILE = '.vite/console-preload.json';

/** The page's first script, an entry of its own (src/early.ts); the build names its file in the preload file. */
export const EARLY_MODULE = 'src/early.ts';

export interface ConsolePreload {
  /** The addresses the preloads are for: those under this base. */
  base: string;
  /** The files, relative to the built console's root. */
  files: string[];
  /** The files of each service's declarations, by the service's name (providers/services.ts loads them). */
  services: Record<string, string[]>;
  /** The file of the page's first script (`EARLY_MODULE`), on every page. */
  early?: string;
}

/**
 * The built console's version (spec 000 §7's web-version file answers it): when its page was written, read each time
 * so that a build put in place without a restart is a new version too.
 */
export const builtVersion = (root: string): string => String(statSync(join(root, 'index.html')).mtimeMs);

/** The link of antd's later style sheet in the built page (scripts/antd-static-style.ts marks it). */
const LATER_STYLE_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*data-later-style[^>]*>/;

/**
 * Whether the address is a list page with a table (its first read in the route manifest): a page whose first content
 * needs only the styles of antd's first sheet (the layout, its menu, the table and its bar), so its later sheet is
 * linked once the rows are in (src/later-styles.ts) rather than read and matched before them.
 */
function showsATable(root: string, pathname: string, search: string): boolean {
  const appId = matchPath('/services/:appId/*', pathname)?.params.appId;
  const route = appId ? manifestRoute(readManifest(root), pathname) : undefined;
  return route?.page === 'list' && firstRead(route, appId!, search) !== undefined;
}

/** The services whose declarations the address's page waits for (its route in the route manifest), if it is an engine page. */
function routeServices(root: string, pathname: string): string[] {
  return matchPath('/services/:appId/*', pathname) ? (manifestRoute(readManifest(root), pathname)?.services ?? []) : [];
}

/**
 * The console's page (index.html) as sent for an address: under the app console's base, with a preload link for
 * each file of the console's code the build named, and of the declarations of the services the address's page shows,
 * so the browser asks for them beside the entry. A module preload:
 * the browser compiles each file off the page's thread as it comes (a plain script preload cannot be used that way
 * for a module, so it was compiled again on the page's thread once imported). The entry starts its first calls
 * before anything else runs (src/boot.ts). For a list page with a table, antd's later sheet is named in a meta
 * element instead of linked. The page names the version it is of, for the console's version check to start from
 * (src/lib/webVersion.ts), and its first script (src/early.ts), on every page. Read per request, so a new build is
 * served without a restart.
 */
export function consolePage(root: string, path: string, search = ''): Buffer {
  const version = `<meta name="${WEB_VERSION_META}" content="${builtVersion(root)}">`;
  let page = readFileSync(join(root, 'index.html')).toString('utf8').replace('</head>', `${version}</head>`);
  const preloadFile = join(root, CONSOLE_PRELOAD_FILE);
  if (!existsSync(preloadFile)) return Buffer.from(page);
  const { base, files, services = {}, early } = JSON.parse(readFileSync(preloadFile, 'utf8')) as ConsolePreload;
  // First in the head, so that the browser asks for it before anything else.
  if (early) page = page.replace('<head>', `<head>\n    <script type="module" async crossorigin src="/${early}"></script>`);
  if (!path.startsWith(base)) return Buffer.from(page);
  const wanted = [...new Set([...files, ...routeServices(root, path).flatMap((name) => services[name] ?? [])])];
  const links = wanted.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  let html = page.replace('</head>', `${links}</head>`);
  if (showsATable(root, path, search)) html = html.replace(LATER_STYLE_LINK, (_, href: string) => `<meta name="${LATER_STYLES_META}" content="${href}">`);
  return Buffer.from(html);
}

/** Where the page's answers go: before the console's root element, so they are in the page when its code runs. */
const ROOT_ELEMENT = '<div id="root">';

/**
 * The page with its entry run as soon as it has loaded (`async`), not once the whole page has come: the code
 * of a page that carries answers loads and is evaluated while the server makes them. Its calls and its first render
 * wait for the rest of the page (src/main.tsx, providers/carried-answers.ts `pageRead`).
 */
const runEntryAtOnce = (page: string): string => page.replace(/<script type="module" (?!async)/, '<script type="module" async ');

/**
 * Sends the console's page for an address. An app's page for a signed-in member carries its first answers
 * (console-carried.ts): the page's head (the preload links) is sent at once, so the browser asks for the code and runs
 * it while the server makes the reads, and the rest of the page follows with the answers. Such a page holds the app's
 * credential: it is never stored (`no-store`).
 */
export async function sendConsolePage(app: FastifyInstance, db: Queryable, req: FastifyRequest, reply: FastifyReply, root: string, path: string): Promise<FastifyReply> {
  const page = consolePage(root, path, req.url.split('?')[1]).toString('utf8');
  reply.type('text/html');
  const at = page.indexOf(ROOT_ELEMENT);
  const answers = at < 0 ? undefined : carriedAnswers(app, db, req, root, req.url);
  if (!answers) return reply.header('cache-control', 'no-cache').send(page);
  const sent = runEntryAtOnce(page);
  const rest = sent.indexOf(ROOT_ELEMENT);
  const body = new PassThrough();
  body.write(sent.slice(0, rest));
  reply.header('cache-control', 'no-store').send(body);
  const carried = await answers.catch(() => []);
  body.end(carriedElement(carried) + sent.slice(rest));
  return reply;
}
