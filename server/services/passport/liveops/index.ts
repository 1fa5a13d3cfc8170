import type { PassportModule } from '../part';

/** Passport's liveops area: behaviour its declarations cannot express. */
export const liveopsModule: PassportModule = {};
