import type { PageDecl, ResourceDecl, Text } from '../types';

/** One area of passport's declaration; `resources/passport.ts` joins the areas in menu order. */
export interface PassportPart {
  resources: ResourceDecl[];
  menu: { route: string; label: Text }[];
  pages?: PageDecl[];
}

/** Passport's app-credential access: the game's server (the app credential) and platform administrators. */
export const APP_ACCESS = { read: ['app', 'admin'], write: ['app', 'admin'] } as const;
export const appAccess = () => ({ read: [...APP_ACCESS.read], write: [...APP_ACCESS.write] });
