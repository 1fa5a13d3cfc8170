import type { RouteSet } from './types';

/** The ops pages. */
export const opsRoutes: RouteSet = {};
