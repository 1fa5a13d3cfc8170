/**
 * antd's later style sheet (scripts/antd-static-style.ts: the components a list page does not show on arrival — date
 * pickers, uploads, steps, trees, forms…). The page of a list address names it in a meta element instead of linking
 * it (server/console-page.ts), so the browser reads and matches only the first sheet's rules before the list shows;
 * the entry links it here once the list's rows are in. antd's cache map (in the first sheet) already counts its
 * styles as the file's, so the components it styles take them from there once it is in.
 */

import { afterFirstContent } from './first-content';

/** The meta element's name; its content is the sheet's address. */
export const LATER_STYLES_META = 'later-styles';

/** Links the later sheet beside the first one, so the cascade is the one the build wrote. */
function link(href: string): void {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = href;
  const first = document.querySelector('link[rel="stylesheet"]');
  if (first) first.after(sheet);
  else document.head.append(sheet);
}

/** When the page names a later sheet: links it once `root` shows the page's first content (src/first-content.ts). */
export function linkLaterStyles(root: HTMLElement): void {
  const href = document.querySelector<HTMLMetaElement>(`meta[name="${LATER_STYLES_META}"]`)?.content;
  if (href) afterFirstContent(root, () => link(href));
}
