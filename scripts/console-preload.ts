/**
 * The code an app's console page opened directly needs, named in the page the server sends for it: a preload link
 * per file, so the browser asks for the console's chunks as it reads the page, beside the entry, rather than
 * once the entry has run (src/preload.ts). The build writes the files (the modules' chunks and what they import,
 * less what the entry loads anyway) as `.vite/console-preload.json` (`{ base, files }`), which the server reads
 * (server/console-page.ts); files under a dot are not served.
 */
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { CONSOLE_PRELOAD_FILE, type ConsolePreload } from '../server/console-page.ts';
import { importClosure } from './chunk-layers.ts';

export function consolePreload({ base, modules }: { base: string; modules: string[] }): Plugin {
  let root = process.cwd();
  return {
    name: 'lodestar-console-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      const closure = (from: Rolldown.OutputChunk[]) => importClosure(chunks, from);
      const entry = closure(chunks.filter((c) => c.isEntry));
      const opening = modules.map((m) => chunks.find((c) => c.facadeModuleId === resolve(root, m)));
      if (opening.some((c) => !c)) return;
      const files = [...closure(opening as Rolldown.OutputChunk[])].filter((c) => !entry.has(c)).map((c) => c.fileName);
      const preload: ConsolePreload = { base, files };
      this.emitFile({ type: 'asset', fileName: CONSOLE_PRELOAD_FILE, source: JSON.stringify(preload) });
    },
  };
}
