import { passport } from '../../../resources/passport';

/** Passport's API base, as its declaration gives it (spec 002 §7). */
export const BASE = passport.base;
/** The game client's calls, made with a player token. */
export const SDK = `${BASE}/sdk`;
