import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { importClosure } from '../import-graph';

/**
 * The console's entry (src/main.tsx) starts an address's code and first calls (src/boot.ts) before the rest of it is
 * evaluated: modules run in the order they are imported, so boot is imported first, and neither it nor what it
 * imports asks for React's renderer (react-dom) or the site's root (those would then run before it).
 */
const ROOT = join(import.meta.dirname, '../..');

it('imports the module that starts the first calls before anything else', () => {
  const imports = [...readFileSync(join(ROOT, 'src/main.tsx'), 'utf8').matchAll(/^import\s+(?:[^'"]*?from\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  expect(imports[0]).toBe('./boot');
});

it('starts them without importing the renderer or the root first', () => {
  const { files, packages } = importClosure(ROOT, ['src/boot.ts']);
  expect(files.has('src/Root.tsx')).toBe(false);
  expect([...packages].filter((p) => p.startsWith('react-dom'))).toEqual([]);
  expect(files.has('src/preload.ts')).toBe(true);
});
