import type { PassportPart } from './part';

/** Passport: the identity area's resources, menu entries and pages. */
export const identityPart: PassportPart = { resources: [], menu: [], pages: [] };
