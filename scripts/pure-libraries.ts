/**
 * Libraries that change nothing when loaded, though their packages do not say so (no `sideEffects` in their
 * package.json): a module of theirs that nothing uses is left out of the bundle. refine's antd package imports the
 * markdown libraries (react-markdown and the unified packages under it) for a component the console never shows, so
 * every screen that uses refine's layout carried them; where markdown is rendered (the docs) they stay.
 */
import type { Plugin } from 'vite';

/** The markdown libraries: react-markdown, the remark, micromark, mdast, unist, vfile and hast packages, unified. */
export const MARKDOWN_LIBRARIES = /\/node_modules\/(react-markdown|remark-[^/]+|micromark[^/]*|mdast-util-[^/]+|unified|unist-[^/]+|vfile[^/]*|property-information|hast-util-[^/]+|trough)\//;

/** The build step: marks the modules whose id matches `libraries` as free of side effects. */
export function pureLibraries(libraries: RegExp = MARKDOWN_LIBRARIES): Plugin {
  return {
    name: 'lodestar-pure-libraries',
    apply: 'build',
    transform: { filter: { id: libraries }, handler: () => ({ moduleSideEffects: false }) },
  };
}
