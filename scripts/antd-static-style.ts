/**
 * Ant Design's component styles for the console's theme, computed when the console is built rather than in the
 * browser on every page load. antd 5 writes its styles at run time (CSS-in-JS): each component, the first time it
 * renders, computes its style from the theme's tokens, serialises it and inserts a `<style>` element. Here every antd
 * component is rendered once on the server with the console's theme (`src/theme.ts`) and the styles it registers are
 * written as a style sheet (`assets/antd-<hash>.css`), which the page links first in its head, where antd puts the
 * styles it inserts. The sheet ends with the cache map antd's style engine reads on load
 * (`.data-ant-cssinjs-cache-path`): a component whose style is in the sheet takes it from there instead of computing
 * it. A style not in the sheet (another theme, a component only ever shown in a portal) is computed in the browser as
 * before. The sheet is written as antd wrote it, not minified: it holds rules a browser skips and a minifier rejects.
 *
 * In development nothing is linked and every style is computed in the browser.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { THEME } from '../src/theme.ts';

// antd and React for the server, loaded when a build asks for the sheet (not when the config is read for development).
const require = createRequire(import.meta.url);

/** Components that need content or props to render without a browser; others render with none. */
type Antd = Record<string, unknown>;
type Render = (antd: Antd, h: typeof import('react').createElement) => unknown;
const CUSTOM: Record<string, Render> = {
  Affix: (a, h) => h(a.Affix as never, null, h('div')),
  Dropdown: (a, h) => h(a.Dropdown as never, { menu: { items: [] } }, h('div')),
  // A side bar's style is the layout's own part; a status tag's colours are a part of the tag's.
  Layout: (a, h) => h(a.Layout as never, null, h((a.Layout as { Sider: never }).Sider)),
  Menu: (a, h) => h(a.Menu as never, { items: [] }),
  // A closed dialog renders nothing but registers the page's dialog style.
  Modal: (a, h) => h(a.Modal as never, { open: false }),
  QRCode: (a, h) => h(a.QRCode as never, { value: 'https://example.com' }),
  Tag: (a, h) => h(a.Tag as never, { color: 'success' }),
  Tree: (a, h) => h(a.Tree as never, { treeData: [] }),
};
/** Components shown only in a portal (which a server render leaves out): their panel renders the same style. */
const PANELS = ['Drawer', 'Popconfirm', 'Popover', 'Tooltip', 'message', 'notification'];
// Left to the browser: the tour's panel renders under a theme of its own (its style would never be the page's) and
// outside its provider's prefix.
const SKIPPED = new Set(['ConfigProvider', 'Grid', 'Tour', ...PANELS]);

/** The style sheet of every antd component under the console's theme, with antd's cache map at its end. */
export function antdStyleSheet(): string {
  const react = require('react') as typeof import('react');
  const server = require('react-dom/server') as typeof import('react-dom/server');
  const antd = require('antd') as Antd;
  const cssinjs = require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const h = react.createElement;
  const components = Object.keys(antd)
    .filter((name) => name[0] === name[0].toUpperCase() && !SKIPPED.has(name))
    .map((name) => h(react.Fragment, { key: name }, (CUSTOM[name]?.(antd, h) ?? h(antd[name] as never)) as never));
  const panels = PANELS.map((name) => (antd[name] as { _InternalPanelDoNotUseOrYouWillBeFired?: never } | undefined)?._InternalPanelDoNotUseOrYouWillBeFired)
    .filter((panel) => panel !== undefined)
    .map((panel, i) => h(panel, { key: `panel-${i}` }));
  const cache = cssinjs.createCache();
  // The same provider as the console's root (src/Root.tsx): the theme decides every style's hash.
  const ConfigProvider = antd.ConfigProvider as never;
  server.renderToString(h(cssinjs.StyleProvider, { cache }, h(ConfigProvider, { theme: THEME }, ...components, ...panels)));
  return cssinjs.extractStyle(cache, { plain: true, types: ['style', 'token'] });
}

/** The sheet, computed once per build process (the chunk-layer probe's build and the real one both ask). */
let sheet: string | undefined;

/** The build step: writes antd's sheet beside the console's code and links it before the page's other styles. */
export function antdStaticStyle(): Plugin {
  let fileName = '';
  // The hashes in antd's class names differ between its development and production code: the sheet is linked only
  // when both this process and the bundle run antd's production code.
  let production = false;
  return {
    name: 'lodestar-antd-static-style',
    apply: 'build',
    configResolved(config) {
      production = config.isProduction && process.env.NODE_ENV === 'production';
    },
    generateBundle() {
      if (!production) return;
      const source = (sheet ??= antdStyleSheet());
      fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'antd.css', source }));
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => (fileName ? [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head-prepend' }] : []),
    },
  };
}
