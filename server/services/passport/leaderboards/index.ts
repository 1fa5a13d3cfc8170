import type { PassportModule } from '../part';

/** Passport's leaderboards area: behaviour its declarations cannot express. */
export const leaderboardsModule: PassportModule = {};
