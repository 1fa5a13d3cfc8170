import type { PassportPart } from './part';

/** Passport: the leaderboards area's resources, menu entries and pages. */
export const leaderboardsPart: PassportPart = { resources: [], menu: [], pages: [] };
