import { expect, it } from 'vitest';
import { MARKDOWN_LIBRARIES, pureLibraries } from '../../scripts/pure-libraries';

/**
 * The build marks the markdown libraries (which refine's antd package imports for a component the console never
 * shows) as free of side effects, so a screen that does not render markdown leaves them out; nothing else is marked.
 */
const at = (path: string) => `/repo/node_modules/${path}`;

it('names the markdown libraries and nothing else', () => {
  for (const path of ['react-markdown/src/react-markdown.js', 'remark-gfm/index.js', 'micromark/dist/index.js', 'micromark-extension-gfm-table/syntax.js', 'mdast-util-to-hast/lib/index.js', 'unified/index.js', 'vfile/lib/index.js', 'unist-util-visit/index.js', 'property-information/lib/svg.js']) {
    expect(MARKDOWN_LIBRARIES.test(at(path)), path).toBe(true);
  }
  for (const path of ['antd/es/table/index.js', '@refinedev/antd/dist/index.mjs', 'react/index.js', 'i18next/dist/esm/i18next.js', 'unifiedish/index.js']) {
    expect(MARKDOWN_LIBRARIES.test(at(path)), path).toBe(false);
  }
  expect(MARKDOWN_LIBRARIES.test('/repo/src/pages/doc/markdown-render.ts')).toBe(false);
});

it("marks a matching module's code as it is, free of side effects", () => {
  const plugin = pureLibraries();
  const transform = plugin.transform as { filter: { id: RegExp }; handler: () => unknown };
  expect(transform.filter.id).toBe(MARKDOWN_LIBRARIES);
  expect(transform.handler()).toEqual({ moduleSideEffects: false });
  expect(plugin.apply).toBe('build');
});
