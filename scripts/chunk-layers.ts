/**
 * The console's chunks, by layer: a few files for the code a screen always loads together, instead of one small file
 * per shared module (each icon, each antd component) queueing behind each other on HTTP/1.1's six connections.
 *
 * A layer names the lazily loaded modules that open a screen (the sign-in page; the console shell; the list page).
 * Its chunk holds what the bundler's own split would give those modules as static imports and that no earlier
 * layer holds; the entry's static imports come first, in one chunk. So a screen loads what it loaded before, in
 * fewer files. A signed-in screen's layer puts what it shares with the public pages outside the layers in a chunk
 * of its own (`<name>-shared`), so those pages never load the console's code, only that chunk; a public screen's
 * layer (the sign-in page) likewise puts what it shares with the signed-in screens in its own `<name>-shared`, so a
 * console page opened directly does not load the sign-in page's forms. Each lazily loaded module keeps its own chunk
 * (a routed page stays a chunk of its own).
 *
 * The bundler's split is read from a first build that writes nothing: it knows what tree shaking keeps, which
 * the module graph alone does not (a library's index imports all of it). */
import { resolve } from 'node:path';
import { build, type Plugin, type PluginOption, type Rolldown } from 'vite';

export interface ChunkLayer {
  /** The chunk's name (its file is `assets/<name>-<hash>.js`). */
  name: string;
  /** The lazily loaded modules that open the screen, relative to the project's root. */
  modules: string[];
}

/** A chunk of the bundler's own split: its modules, its static imports (file names), and the module it loads for. */
export interface SplitChunk {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  isEntry: boolean;
  /** The lazily loaded module this chunk is the chunk of, if any. */
  facadeModuleId: string | null;
  isDynamicEntry: boolean;
}

/** The chunks `from` load, with those they import statically, and so on (chunks: the whole bundle's). */
export function importClosure<C extends { fileName: string; imports: string[] }>(chunks: C[], from: C[]): Set<C> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<C>();
  const pending = [...from];
  while (pending.length) {
    const chunk = pending.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) pending.push(byFile.get(file)!);
  }
  return seen;
}

/** Which layer each module goes to. `publicPages`: the lazily loaded public pages (absolute ids). */
export function assignLayers(chunks: SplitChunk[], layers: ChunkLayer[], publicPages: string[]): Map<string, string> {
  const closure = (from: SplitChunk[]) => importClosure(chunks, from);
  const chunksOf = (modules: string[]) =>
    modules.map((id) => {
      const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === id);
      if (!chunk) throw new Error(`chunk layers: ${id} is not loaded lazily`);
      return chunk;
    });
  const owner = new Map<string, string>();
  const taken = new Set<SplitChunk>();
  const claim = (name: string, candidates: Iterable<SplitChunk>) => {
    for (const chunk of candidates) {
      if (taken.has(chunk) || (chunk.isDynamicEntry && !chunk.isEntry)) continue;
      taken.add(chunk);
      for (const id of chunk.moduleIds) owner.set(id, name);
    }
  };
  claim('entry', closure(chunks.filter((c) => c.isEntry)));
  // What the public pages in no layer load: a signed-in screen's layer shares it with them in a chunk of its own.
  const layered = new Set(layers.flatMap((l) => l.modules));
  const apart = closure(chunksOf(publicPages.filter((p) => !layered.has(p))));
  const isPublic = (layer: ChunkLayer) => layer.modules.some((m) => publicPages.includes(m));
  // What the signed-in screens load: a public screen's layer puts what it shares with them in a chunk of its own, so
  // they never load the public screen's own code (the sign-in page's forms), only that chunk.
  const signedIn = closure(chunksOf(layers.filter((l) => !isPublic(l)).flatMap((l) => l.modules)));
  for (const layer of layers) {
    const needed = [...closure(chunksOf(layer.modules))];
    claim(`${layer.name}-shared`, needed.filter((c) => (isPublic(layer) ? signedIn : apart).has(c)));
    claim(layer.name, needed);
  }
  return owner;
}

export interface ChunkLayersOptions {
  layers: ChunkLayer[];
  /** The module whose `import()`s are the public pages. */
  publicRoutes: string;
  /** The plugins the first build needs to read the sources as the real build does. */
  plugins: () => PluginOption[];
}

/** The build step: splits once without writing, then hands the layers to the real build's chunking. */
export function chunkLayers({ layers, publicRoutes, plugins }: ChunkLayersOptions): Plugin {
  let owner = new Map<string, string>();
  let root = process.cwd();
  const names = ['entry', ...layers.flatMap((l) => [`${l.name}-shared`, l.name])];
  return {
    name: 'lodestar-chunk-layers',
    apply: 'build',
    config(config) {
      root = resolve(config.root ?? process.cwd());
      const groups = names.map((name, i) => ({ name, priority: names.length - i, test: (id: string) => owner.get(id) === name }));
      // A layer's modules import only what its screen loads anyway (the entry's, an earlier layer's, its shared chunk's
      // or its own): nothing needs pulling in with them, and pulling in would draw the public pages' modules along.
      return { build: { rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups } } } } };
    },
    async buildStart() {
      const at = (path: string) => resolve(root, path);
      // The public pages: what the public routes load lazily, as the first build's module graph says.
      let publicPages: string[] = [];
      const probe: Plugin = {
        name: 'lodestar-chunk-layers-probe',
        buildEnd() {
          publicPages = this.getModuleInfo(at(publicRoutes))?.dynamicallyImportedIds ?? [];
        },
      };
      const output = (await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [...plugins(), probe],
        build: { write: false, manifest: false, copyPublicDir: false, reportCompressedSize: false },
      })) as Rolldown.RolldownOutput;
      if (!publicPages.length) throw new Error(`chunk layers: ${publicRoutes} loads no page`);
      const chunks = output.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      owner = assignLayers(
        chunks,
        layers.map((l) => ({ ...l, modules: l.modules.map(at) })),
        publicPages,
      );
    },
  };
}
