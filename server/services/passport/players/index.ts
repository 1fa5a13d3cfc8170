import type { PassportModule } from '../part';

/** Passport's players area: behaviour its declarations cannot express. */
export const playersModule: PassportModule = {};
