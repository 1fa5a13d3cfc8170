/**
 * The page's first content: a list's row, a record's details, or, once nothing on the page is loading any more, an
 * empty table's placeholder or an empty state (a view whose results wait for a filter, a list with no records).
 */
const shown = (root: HTMLElement) =>
  root.querySelector('.ant-table-row, .ant-descriptions') !== null ||
  (root.querySelector('.ant-table-placeholder, .ant-empty') !== null && !root.querySelector('.ant-spin-spinning'));

/** At the latest this long after the page renders (a page that shows none of the above, or failed), the work starts. */
const AT_THE_LATEST_MS = 1500;

/**
 * Runs `then` once `root` shows the page's first content, after the frame that paints it (its style and layout done
 * without what `then` brings), or at the latest 1.5 s on: for what the first content does not need (antd's later
 * style sheet, the other services' declarations). The root says which came first (`data-first-content`: `shown` or
 * `late`), so a page that is never recognised can be found.
 */
export function afterFirstContent(root: HTMLElement, then: () => void): void {
  let done = false;
  const finish = (how: 'shown' | 'late') => {
    if (done) return;
    done = true;
    content.disconnect();
    clearTimeout(latest);
    root.dataset.firstContent ??= how;
    requestAnimationFrame(() => setTimeout(then));
  };
  const content = new MutationObserver(() => shown(root) && finish('shown'));
  content.observe(root, { childList: true, subtree: true });
  const latest = setTimeout(() => finish('late'), AT_THE_LATEST_MS);
}
