/**
 * The console's chunk layers (scripts/chunk-layers.ts), on a small split: the entry's static imports in one chunk,
 * each screen's shared modules in its layer, what a signed-in screen shares with other public pages in a chunk
 * of its own, and every lazily loaded module left in its own chunk.
 */
import { expect, it } from 'vitest';
import { assignLayers, type SplitChunk } from '../../scripts/chunk-layers';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], lazy?: string): SplitChunk => ({
  fileName,
  moduleIds,
  imports,
  isEntry: fileName === 'index.js',
  facadeModuleId: lazy ?? null,
  isDynamicEntry: !!lazy,
});

// index.js (the entry) loads react; the sign-in page uses button and form; the sign-up page (a public page in no
// layer) uses button, form and select; the console uses button, select and table; the list page uses table and tag.
const SPLIT = [
  chunk('index.js', ['main', 'root'], ['react.js']),
  chunk('react.js', ['react']),
  chunk('button.js', ['button', 'wave'], ['react.js']),
  chunk('select.js', ['select'], ['react.js']),
  chunk('form.js', ['form', 'validator'], ['react.js']),
  chunk('table.js', ['table'], ['react.js']),
  chunk('tag.js', ['tag']),
  chunk('LoginPage.js', ['LoginPage'], ['button.js', 'form.js'], 'LoginPage'),
  chunk('SignUpPage.js', ['SignUpPage'], ['button.js', 'form.js', 'select.js'], 'SignUpPage'),
  chunk('Console.js', ['Console'], ['button.js', 'select.js', 'table.js'], 'Console'),
  chunk('ListPage.js', ['ListPage'], ['table.js', 'tag.js'], 'ListPage'),
  chunk('Charts.js', ['Charts', 'charting'], [], 'Charts'),
];
const LAYERS = [
  { name: 'sign-in', modules: ['LoginPage'] },
  { name: 'console', modules: ['Console'] },
  { name: 'list', modules: ['ListPage'] },
];

it("puts the entry's static imports in the entry's chunk and each screen's shared modules in its layer", () => {
  const owner = assignLayers(SPLIT, LAYERS, ['LoginPage', 'SignUpPage']);
  expect(Object.fromEntries(owner)).toEqual({
    main: 'entry',
    root: 'entry',
    react: 'entry',
    // The sign-in page shares button with the console: in a chunk of its own, which the console loads without the
    // sign-in page's form.
    button: 'sign-in-shared',
    wave: 'sign-in-shared',
    form: 'sign-in',
    validator: 'sign-in',
    // The console shares select with the sign-up page: in a chunk of its own, not in the console's.
    select: 'console-shared',
    table: 'console',
    tag: 'list',
  });
});

it('leaves every lazily loaded module, and what no layer loads, to the bundler', () => {
  const owner = assignLayers(SPLIT, LAYERS, ['LoginPage', 'SignUpPage']);
  for (const lazy of ['LoginPage', 'SignUpPage', 'Console', 'ListPage', 'Charts', 'charting']) expect(owner.has(lazy)).toBe(false);
});

it('refuses a layer module that is not loaded lazily', () => {
  expect(() => assignLayers(SPLIT, [{ name: 'x', modules: ['table'] }], [])).toThrow(/table is not loaded lazily/);
});
