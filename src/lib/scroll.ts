import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const KEY = 'lodestar.scroll';

function saved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Spec 000 §2: each navigation scrolls to the top, or — going back or forward — restores the position the page
 * had. Positions are kept per history entry for the browser tab's life.
 */
export function useScrollRestoration(): void {
  const { key, pathname } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const remember = () => {
      const all = saved();
      all[key] = window.scrollY;
      const keys = Object.keys(all);
      if (keys.length > 200) delete all[keys[0]];
      try {
        sessionStorage.setItem(KEY, JSON.stringify(all));
      } catch {
        // No storage (private mode): positions are simply not restored.
      }
    };
    window.addEventListener('pagehide', remember);
    return () => {
      remember();
      window.removeEventListener('pagehide', remember);
    };
  }, [key]);

  useLayoutEffect(() => {
    const y = type === 'POP' ? saved()[key] : undefined;
    // Lazily loaded pages grow after the first paint: restore once more when they have.
    window.scrollTo(0, y ?? 0);
    if (y === undefined) return;
    const again = window.setTimeout(() => window.scrollTo(0, y), 150);
    return () => window.clearTimeout(again);
  }, [key, pathname, type]);
}
