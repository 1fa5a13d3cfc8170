/**
 * antd's later style sheet (scripts/antd-static-style.ts: the components a list page does not show on arrival — date
 * pickers, uploads, steps, trees, forms…). The page of a list address names it in a meta element instead of linking
 * it (server/console-page.ts), so the browser reads and matches only the first sheet's rules before the list shows;
 * the entry links it here once the list's rows are in. antd's cache map (in the first sheet) already counts its
 * styles as the file's, so the components it styles take them from there once it is in.
 */

/** The meta element's name; its content is the sheet's address. */
export const LATER_STYLES_META = 'later-styles';

/** The list's first content: a record's row, or the empty table's placeholder once it no longer loads. */
const shown = (root: HTMLElement) => root.querySelector('.ant-table-row') !== null || (root.querySelector('.ant-table-placeholder') !== null && !root.querySelector('.ant-spin-spinning'));

/** At the latest this long after the page renders (a list that failed to show its table), the sheet is linked. */
const AT_THE_LATEST_MS = 3000;

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

/** When the page names a later sheet: links it once `root` shows the list's first rows (or at the latest after 3 s). */
export function linkLaterStyles(root: HTMLElement): void {
  const href = document.querySelector<HTMLMetaElement>(`meta[name="${LATER_STYLES_META}"]`)?.content;
  if (!href) return;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    rows.disconnect();
    clearTimeout(latest);
    // After the frame that shows the rows: its style and layout are done without the later rules.
    requestAnimationFrame(() => setTimeout(() => link(href)));
  };
  const rows = new MutationObserver(() => shown(root) && finish());
  rows.observe(root, { childList: true, subtree: true });
  const latest = setTimeout(finish, AT_THE_LATEST_MS);
}
