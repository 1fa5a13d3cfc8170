import type { AreaRegistry } from '../registry-types';

/** Passport's liveops pages and record panels, by the names its declaration uses. */
export const liveopsRegistry: AreaRegistry = { pages: {}, panels: {} };
