/**
 * The code an app's console page opened directly needs, named in the page the server sends for it: a preload link
 * per file, so the browser asks for the console's chunks as it reads the page, beside the entry, rather than
 * once the entry has run (src/preload.ts). The build writes the files (the modules' chunks and what they import,
 * less what the entry loads anyway) as `.vite/console-preload.json` (`{ base, files }`), which the server reads
 * (server/console-page.ts), with the files of each service's declarations (`services`); files under a dot are not
 * served.
 */
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { CONSOLE_PRELOAD_FILE, EARLY_MODULE, type ConsolePreload } from '../server/console-page.ts';
import { importClosure } from './chunk-layers.ts';

/**
 * `services`: each service's declaration module by service name (resources/service-loaders.ts): the files a page of
 * the service loads for its declarations, less the entry's, are written under its name, for the server to name the
 * ones the address's page waits for (its route's services in the route manifest).
 */
/**
 * Each service's declaration module (relative to the project's root), read from its loader's `import()` in
 * resources/service-loaders.ts: the one place that names it.
 */
export function serviceModules(loaders: [string, () => unknown][]): Record<string, string> {
  return Object.fromEntries(
    loaders.map(([name, load]) => {
      // As loaded here, the `import(` may be the module runner's own function: the module's path is what it is given.
      // (`./passport.ts`, or from the project's root, `/resources/passport.ts`).
      const module = /\(\s*['"](?:\.|\/resources)\/([^'"]+\.ts)['"]/.exec(String(load))?.[1];
      if (!module) throw new Error(`console preload: the loader of ${name} names no module of resources/: ${String(load)}`);
      return [name, `resources/${module}`];
    }),
  );
}

export function consolePreload({ base, modules, services }: { base: string; modules: string[]; services: Record<string, string> }): Plugin {
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
      const early = chunks.find((c) => c.isEntry && c.facadeModuleId === resolve(root, EARLY_MODULE));
      const entry = closure(chunks.filter((c) => c.isEntry));
      const opening = modules.map((m) => chunks.find((c) => c.facadeModuleId === resolve(root, m)));
      if (opening.some((c) => !c)) return;
      const files = [...closure(opening as Rolldown.OutputChunk[])].filter((c) => !entry.has(c)).map((c) => c.fileName);
      const filesOf = (module: string) => {
        // The chunk that holds the module (its own, or one it shares with code that imports it directly).
        const chunk = chunks.find((c) => c.moduleIds.includes(resolve(root, module)));
        return chunk ? [...closure([chunk])].filter((c) => !entry.has(c) && !files.includes(c.fileName)).map((c) => c.fileName) : [];
      };
      const preload: ConsolePreload = {
        base,
        files,
        services: Object.fromEntries(Object.entries(services).map(([name, module]) => [name, filesOf(module)])),
        ...(early ? { early: early.fileName } : {}),
      };
      this.emitFile({ type: 'asset', fileName: CONSOLE_PRELOAD_FILE, source: JSON.stringify(preload) });
    },
  };
}
