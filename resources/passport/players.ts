import type { PassportPart } from './part';

/** Passport: the players area's resources, menu entries and pages. */
export const playersPart: PassportPart = { resources: [], menu: [], pages: [] };
