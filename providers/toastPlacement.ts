/**
 * Where toasts open (spec 000 §9: top-right): below the console's header bar, and below the page's header (its
 * title and action buttons) while it is in view, so that a toast never covers the controls the user needs next —
 * after a state action, the record page's next action.
 */

/** The console's header bar (ConsoleHeader), which stays at the top of the window. */
export const CONSOLE_HEADER_HEIGHT = 56;
/** Space between a toast and what it stays clear of. */
export const TOAST_GAP = 8;
/** Where toasts open with no page header in view: just below the header bar, so the account menu stays reachable. */
export const TOAST_TOP = CONSOLE_HEADER_HEIGHT + TOAST_GAP;
/** The attribute marking an area toasts keep clear of (a page header, see src/engine/PageHeader.tsx). */
export const TOAST_CLEAR_ATTRIBUTE = 'data-toast-clear';

export interface Area {
  top: number;
  bottom: number;
}

/**
 * The toasts' distance from the window's top, given the marked areas' positions in the window: below every one
 * that shows under the header bar. Never lower than half the window, so a toast always shows.
 */
export function toastTop(areas: readonly Area[], windowHeight: number): number {
  const shown = areas.filter((a) => a.bottom > CONSOLE_HEADER_HEIGHT && a.top < windowHeight);
  const below = Math.max(TOAST_TOP, ...shown.map((a) => Math.ceil(a.bottom) + TOAST_GAP));
  return Math.max(TOAST_TOP, Math.min(below, Math.floor(windowHeight / 2)));
}

/** The toasts' distance from the top for the page as it shows now. */
export function currentToastTop(): number {
  if (typeof document === 'undefined') return TOAST_TOP;
  const areas = [...document.querySelectorAll(`[${TOAST_CLEAR_ATTRIBUTE}]`)].map((e) => e.getBoundingClientRect());
  return toastTop(areas, window.innerHeight);
}

/** Hovering pauses only an error toast (it may take reading); any other closes on time, wherever the pointer rests. */
export const pausesOnHover = (kind: string): boolean => kind === 'error';
