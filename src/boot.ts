/**
 * The entry's first module: starts what the address opened needs (src/preload.ts: the console's code, a deep link's
 * first calls) before the rest of the entry — React's renderer, the site's root — is evaluated, so the calls are on
 * the wire while that runs rather than after it. Imported first by src/main.tsx for that reason.
 */
import { preloadConsole } from './preload';

preloadConsole(window.location.pathname, window.location.search);
