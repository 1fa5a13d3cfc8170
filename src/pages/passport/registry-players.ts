import type { AreaRegistry } from '../registry-types';

/** Passport's players pages and record panels, by the names its declaration uses. */
export const playersRegistry: AreaRegistry = { pages: {}, panels: {} };
