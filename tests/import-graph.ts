/**
 * The static import graph of the console's sources, read from the files themselves: what a module brings with it
 * when it loads (type-only imports, which the compiler drops, and `import()` calls, which load later, excluded).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
// `import … from '…'` and `export … from '…'`, not `import type` / `export type`; the part between keyword and
// `from` holds names only, never `;`, `=` or parentheses (so a declaration cannot run on into a later import).
const FROM = /^\s*(?:import|export)\s+(?!type\s)(?!(?:interface|class|function|const|let|var|enum|default|async|abstract|declare)\b)[^;=()]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const BARE = /^\s*import\s*['"]([^'"]+)['"]/gm;

export interface Closure {
  /** Project files, relative to the root, with `/` separators. */
  files: Set<string>;
  /** Package specifiers as written (`antd`, `@refinedev/core`, `dayjs/locale/zh-cn`). */
  packages: Set<string>;
}

function resolveLocal(fromFile: string, specifier: string): string {
  const base = resolve(dirname(fromFile), specifier);
  const found = EXTENSIONS.map((e) => base + e).find((p) => existsSync(p) && statSync(p).isFile());
  if (!found) throw new Error(`${fromFile}: cannot resolve '${specifier}'`);
  return found;
}

/** The specifiers a file imports statically. */
export function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(FROM), ...source.matchAll(BARE)].map((m) => m[1]);
}

/** Every file and package the given files load with them, transitively. CSS and other assets are ignored. */
export function importClosure(root: string, entries: string[]): Closure {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = entries.map((e) => resolve(root, e));
  while (pending.length) {
    const file = pending.pop()!;
    const key = relative(root, file).split('\\').join('/');
    if (files.has(key)) continue;
    files.add(key);
    for (const specifier of staticImports(file)) {
      if (/\.(css|svg|png|woff2?)$/.test(specifier)) continue;
      if (specifier.startsWith('.')) pending.push(resolveLocal(file, specifier));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

/** The modules a file loads later with `import('…')`, as paths from the root (how the build manifest keys them). */
export function lazyImports(root: string, file: string): string[] {
  const source = readFileSync(resolve(root, file), 'utf8');
  return [...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => relative(root, resolveLocal(resolve(root, file), m[1])).split('\\').join('/'));
}
