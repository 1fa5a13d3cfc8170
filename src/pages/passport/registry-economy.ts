import type { AreaRegistry } from '../registry-types';

/** Passport's economy pages and record panels, by the names its declaration uses (its metrics are a declared dashboard). */
export const economyRegistry: AreaRegistry = { pages: {}, panels: {} };
