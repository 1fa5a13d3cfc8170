import { useEffect, useRef } from 'react';

/**
 * Ant Design's table measures its columns in a hidden row (`aria-hidden`) that copies the header, the "select
 * all" checkbox included: a control hidden from assistive technology yet reachable by Tab. Making that row
 * inert takes its copies out of the focus order too. The ref goes on an element around the table.
 */
export function useInertMeasureRows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const apply = () => root.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((row) => row.setAttribute('inert', ''));
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}
