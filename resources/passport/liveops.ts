import type { PassportPart } from './part';

/** Passport: the liveops area's resources, menu entries and pages. */
export const liveopsPart: PassportPart = { resources: [], menu: [], pages: [] };
