/**
 * A page's first script, on its own: it runs as soon as it arrives, while the browser is still compiling the
 * console's code and its page thread is otherwise idle, and makes the first uses of what costs the first time in a
 * browser — the display zone's clock (ICU's zone and pattern data: 20–40 ms for the first formatter, under 1 ms for
 * the next), the page's local storage and the language's number format — so that the first render does not pay for
 * them. It imports nothing, so that nothing it waits for is shared with the console's entry.
 */

/** The zone the console shows times in (src/lib/format.ts `DISPLAY_ZONE`, which a unit test holds it to). */
export const EARLY_ZONE = 'Asia/Shanghai';

try {
  new Intl.DateTimeFormat('en-US', { timeZone: EARLY_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(Date.now());
  (0).toLocaleString(document.documentElement.lang || undefined);
  void window.localStorage?.length;
} catch {
  // Nothing here is needed: the console makes each of them again when it first needs it.
}
