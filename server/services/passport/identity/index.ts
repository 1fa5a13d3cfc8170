import type { PassportModule } from '../part';

/** Passport's identity area: behaviour its declarations cannot express. */
export const identityModule: PassportModule = {};
