import type { RouteSet } from './types';

/** The payments pages. */
export const paymentsRoutes: RouteSet = {};
