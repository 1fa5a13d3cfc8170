/**
 * Ant Design's component styles for the console's theme, computed when the console is built rather than in the
 * browser on every page load. antd 5 writes its styles at run time (CSS-in-JS): each component, the first time it
 * renders, computes its style from the theme's tokens, serialises it and inserts a `<style>` element. Here every antd
 * component is rendered once on the server with the console's theme (`src/theme.ts`) and the styles it registers are
 * written as two style sheets (`assets/antd-<hash>.css`: the components a list page opened directly shows;
 * `assets/antd-later-<hash>.css`: the rest, near three fifths of the whole), which the page links first in its head,
 * where antd puts the styles it inserts. The first sheet ends with the cache map antd's style engine reads on load
 * (`.data-ant-cssinjs-cache-path`): a component whose style is in a sheet takes it from there instead of computing
 * it. A list page opened directly is sent without the later sheet, which its entry links once the list's rows are
 * in (server/console-page.ts, src/later-styles.ts): the browser reads and matches two fifths of the rules before
 * them. A style in neither sheet (another theme, a component only ever shown in a portal) is computed in the browser
 * as before. The sheets are written as antd wrote them, not minified: they hold rules a browser skips and a minifier
 * rejects.
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
  // A side bar's style is the layout's own part; a status tag's colours and a preset colour's are parts of the tag's.
  Layout: (a, h) => h(a.Layout as never, null, h((a.Layout as { Sider: never }).Sider)),
  Menu: (a, h) => h(a.Menu as never, { items: [] }),
  // A closed dialog renders nothing but registers the page's dialog style.
  Modal: (a, h) => h(a.Modal as never, { open: false }),
  QRCode: (a, h) => h(a.QRCode as never, { value: 'https://example.com' }),
  Tag: (a, h) => h('div', null, h(a.Tag as never, { color: 'success' }), h(a.Tag as never, { color: 'blue' })),
  Tree: (a, h) => h(a.Tree as never, { treeData: [] }),
};
/** Components shown only in a portal (which a server render leaves out): their panel renders the same style. */
const PANELS = ['Drawer', 'Popconfirm', 'Popover', 'Tooltip', 'message', 'notification'];
// Left to the browser: the tour's panel renders under a theme of its own (its style would never be the page's) and
// outside its provider's prefix.
const SKIPPED = new Set(['ConfigProvider', 'Grid', 'Tour', ...PANELS]);

/** antd's record of which component styles a sheet holds (cache path → style hash), the rule that ends an extracted sheet. */
const CACHE_MAP = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}$/;

function splitCacheMap(extracted: string): { css: string; map: string } {
  const match = CACHE_MAP.exec(extracted);
  if (!match) throw new Error('antd static style: the extracted sheet has no cache map');
  return { css: extracted.slice(0, match.index), map: match[1] };
}

export interface AntdStyleSheets {
  /** The styles of the components named first, with antd's cache map of both sheets at its end. */
  first: string;
  /** Every other component's styles. */
  later: string;
}

/**
 * The style sheets of every antd component under the console's theme: the components named in `first` (antd's export
 * names) in one, every other component in the other. The first sheet ends with antd's cache map of both, so a
 * component of the later sheet takes its style from that sheet too (antd reads the map once, when the first component
 * renders): a page whose components are all in the first sheet can show before the later one is read.
 */
export function antdStyleSheets(first: string[]): AntdStyleSheets {
  const react = require('react') as typeof import('react');
  const server = require('react-dom/server') as typeof import('react-dom/server');
  const antd = require('antd') as Antd;
  const cssinjs = require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const h = react.createElement;
  const unknown = first.filter((name) => !(name in antd));
  if (unknown.length) throw new Error(`antd static style: antd has no ${unknown.join(', ')}`);
  const element = (name: string) => h(react.Fragment, { key: name }, (CUSTOM[name]?.(antd, h) ?? h(antd[name] as never)) as never);
  const later = Object.keys(antd)
    .filter((name) => name[0] === name[0].toUpperCase() && !SKIPPED.has(name) && !first.includes(name))
    .map(element);
  const panels = PANELS.map((name) => (antd[name] as { _InternalPanelDoNotUseOrYouWillBeFired?: never } | undefined)?._InternalPanelDoNotUseOrYouWillBeFired)
    .filter((panel) => panel !== undefined)
    .map((panel, i) => h(panel, { key: `panel-${i}` }));
  const cache = cssinjs.createCache();
  // The same provider as the console's root (src/Root.tsx): the theme decides every style's hash. Each extraction
  // takes the styles registered since the one before (`once`).
  const ConfigProvider = antd.ConfigProvider as never;
  const extract = (...elements: unknown[]) => {
    server.renderToString(h(cssinjs.StyleProvider, { cache }, h(ConfigProvider, { theme: THEME }, ...(elements as never[]))));
    return splitCacheMap(cssinjs.extractStyle(cache, { plain: true, types: ['style', 'token'], once: true }));
  };
  const one = extract(...first.map(element));
  const two = extract(...later, ...panels);
  const map = [one.map, two.map].filter(Boolean).join(';');
  return { first: `${one.css}.data-ant-cssinjs-cache-path{content:"${map}";}`, later: two.css };
}

/** The sheets, computed once per build process (the chunk-layer probe's build and the real one both ask). */
let sheets: AntdStyleSheets | undefined;

/** The attribute that marks the later sheet's link in the built page (server/console-page.ts may defer it). */
export const LATER_STYLE_ATTRIBUTE = 'data-later-style';

/**
 * The build step: writes antd's two sheets beside the console's code and links them, the first then the later one,
 * before the page's other styles. `first`: the components a console page opened directly shows (the later sheet's
 * link is marked, for the server to leave out of the page of an address that shows only those, src/later-styles.ts).
 */
export function antdStaticStyle({ first }: { first: string[] }): Plugin {
  const fileNames: string[] = [];
  // The hashes in antd's class names differ between its development and production code: the sheets are linked only
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
      sheets ??= antdStyleSheets(first);
      fileNames.length = 0;
      for (const [name, source] of [['antd.css', sheets.first], ['antd-later.css', sheets.later]]) fileNames.push(this.getFileName(this.emitFile({ type: 'asset', name, source })));
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        fileNames.map((file, i) => ({ tag: 'link', attrs: { rel: 'stylesheet', href: `/${file}`, ...(i === 1 ? { [LATER_STYLE_ATTRIBUTE]: true } : {}) }, injectTo: 'head-prepend' as const })),
    },
  };
}
