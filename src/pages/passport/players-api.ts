import { useEffect, useRef } from 'react';

/** Asks a panel's query again when the record it shows changes (a ban on the page bumps its version). */
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
