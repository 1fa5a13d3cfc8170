import type { PassportModule } from '../part';

/** Passport's economy area: behaviour its declarations cannot express. */
export const economyModule: PassportModule = {};
