import type { PassportPart } from './part';

/** Passport: the console area's resources, menu entries and pages. */
export const consolePart: PassportPart = { resources: [], menu: [], pages: [] };
