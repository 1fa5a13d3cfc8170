import { useState } from 'react';

/**
 * Whether a dialog or drawer has been open at least once: it is drawn from its first opening on (a screen's first
 * render draws none of them) and then kept, so it closes as it opened.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Noted while rendering, so the first opening draws it in the same render.
  if (open && !opened) setOpened(true);
  return opened || open;
}
