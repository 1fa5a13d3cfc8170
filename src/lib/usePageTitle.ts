import { useEffect } from 'react';

/** The browser tab's title: the page first, then the product. */
export function usePageTitle(...parts: (string | undefined)[]): void {
  const title = [...parts.filter(Boolean), 'Lodestar'].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
