import type { RouteSet } from './types';

/** The metering pages. */
export const meteringRoutes: RouteSet = {};
