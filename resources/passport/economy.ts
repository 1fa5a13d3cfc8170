import type { PassportPart } from './part';

/** Passport: the economy area's resources, menu entries and pages. */
export const economyPart: PassportPart = { resources: [], menu: [], pages: [] };
