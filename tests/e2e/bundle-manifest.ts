/** Reads the console build's manifest (`vite build` with `build.manifest`): what loads first, and its size. */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { EARLY_MODULE } from '../../server/console-page';
import { lazyImports } from '../import-graph';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build the console first (npm run test:e2e runs vite build).`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  // The page's first script is an entry of its own, which the console's code does not wait for.
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry && k !== EARLY_MODULE);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.join(', ') || 'none'}`);
  return entries[0];
}

/** The chunks that load before the given ones can run: themselves and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  while (pending.length) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`no chunk for ${key} in the manifest`);
    seen.add(key);
    pending.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/** Gzip size in bytes of the JavaScript files of the given chunks. */
export function gzipBytes(dist: string, manifest: Manifest, keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (file.endsWith('.js')) total += gzipSync(readFileSync(join(dist, file))).length;
  }
  return total;
}

/** Every module loaded with `import('…')` in the given source files: the lazily loaded pages they route to. */
export function lazyModules(root: string, files: string[]): { file: string; module: string }[] {
  return files.flatMap((file) => lazyImports(root, file).map((module) => ({ file: relative(root, file), module })));
}
