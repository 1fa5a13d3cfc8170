import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a part of the screen that the page's first content does not need (the app menu beside a deep-linked list)
 * may render: false in the render that mounts it, then true in a transition, which React works on only when nothing
 * more urgent waits (the page's own content, its first rows), and in slices that let that content through.
 */
export function useAfterFirstContent(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}
