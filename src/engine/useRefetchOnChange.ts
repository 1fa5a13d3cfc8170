import { useEffect, useRef } from 'react';

/** Asks a query again when `key` changes after the first render (the record shown: an action on the page bumps its version). */
export function useRefetchOnChange(refetch: () => unknown, key: unknown): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refetch();
  }, [key, refetch]);
}
