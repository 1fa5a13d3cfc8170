/** Reads the console build's manifest (`vite build` with `build.manifest`): what loads first, and its size. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

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
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
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

const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

/** The module a relative import names, as the manifest keys it (a path from the project root). */
function moduleKey(root: string, fromFile: string, specifier: string): string {
  const base = resolve(dirname(fromFile), specifier);
  const found = [base, ...EXTENSIONS.map((e) => base + e)].find((p) => existsSync(p) && !readdirSafe(p));
  if (!found) throw new Error(`${relative(root, fromFile)}: cannot resolve import('${specifier}')`);
  return relative(root, found).split('\\').join('/');
}

function readdirSafe(path: string): boolean {
  try {
    readdirSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Every module loaded with `import('…')` in the given source files: the lazily loaded pages they route to. */
export function lazyModules(root: string, files: string[]): { file: string; module: string }[] {
  const out: { file: string; module: string }[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      out.push({ file: relative(root, file), module: moduleKey(root, file, match[1]) });
    }
  }
  return out;
}
