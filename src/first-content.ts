/** The page's first content: a list's row, an empty table's placeholder once it no longer loads, a record's details. */
const shown = (root: HTMLElement) =>
  root.querySelector('.ant-table-row, .ant-descriptions') !== null || (root.querySelector('.ant-table-placeholder') !== null && !root.querySelector('.ant-spin-spinning'));

/** At the latest this long after the page renders (a page that shows none of the above, or failed), the work starts. */
const AT_THE_LATEST_MS = 1500;

/**
 * Runs `then` once `root` shows the page's first content, after the frame that paints it (its style and layout done
 * without what `then` brings), or at the latest 1.5 s on: for what the first content does not need (antd's later
 * style sheet, the other services' declarations).
 */
export function afterFirstContent(root: HTMLElement, then: () => void): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    content.disconnect();
    clearTimeout(latest);
    requestAnimationFrame(() => setTimeout(then));
  };
  const content = new MutationObserver(() => shown(root) && finish());
  content.observe(root, { childList: true, subtree: true });
  const latest = setTimeout(finish, AT_THE_LATEST_MS);
}
