import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the build writes for an app console page opened directly (scripts/console-preload.ts); not served. */
export const CONSOLE_PRELOAD_FILE = '.vite/console-preload.json';

export interface ConsolePreload {
  /** The addresses the preloads are for: those under this base. */
  base: string;
  /** The files, relative to the built console's root. */
  files: string[];
}

/**
 * The console's page (index.html) as sent for an address: under the app console's base, with a preload link for
 * each file of the console's code the build named, so the browser asks for them beside the entry. A plain preload
 * (fetched, not yet compiled): compiling them as they came held back the entry's own first calls. Read per request,
 * so a new build is served without a restart.
 */
export function consolePage(root: string, path: string): Buffer {
  const page = readFileSync(join(root, 'index.html'));
  const preloadFile = join(root, CONSOLE_PRELOAD_FILE);
  if (!existsSync(preloadFile)) return page;
  const { base, files } = JSON.parse(readFileSync(preloadFile, 'utf8')) as ConsolePreload;
  if (!path.startsWith(base)) return page;
  const links = files.map((file) => `<link rel="preload" as="script" crossorigin href="/${file}">`).join('');
  return Buffer.from(page.toString('utf8').replace('</head>', `${links}</head>`));
}
