import type { RouteSet } from './types';

/** The billing pages. */
export const billingRoutes: RouteSet = {};
