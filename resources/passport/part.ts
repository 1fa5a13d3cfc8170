import type { CallDecl } from '../call-types';
import type { PageDecl, ResourceDecl, Text } from '../types';

/** One area of passport's declaration; `resources/passport.ts` joins the areas in menu order. */
export interface PassportPart {
  resources: ResourceDecl[];
  menu: { route: string; label: Text }[];
  pages?: PageDecl[];
  /** The area's own calls (see `ServiceDecl.calls`). */
  calls?: Record<string, CallDecl>;
}

/** The areas' calls as one table; a name two areas use is an error. */
export function joinCalls(parts: PassportPart[]): Record<string, CallDecl> {
  const all: Record<string, CallDecl> = {};
  for (const part of parts) {
    for (const [name, call] of Object.entries(part.calls ?? {})) {
      if (all[name]) throw new Error(`passport: two areas declare the call '${name}'`);
      all[name] = call;
    }
  }
  return all;
}

/** Passport's app-credential access: the game's server (the app credential) and platform administrators. */
export const APP_ACCESS = { read: ['app', 'admin'], write: ['app', 'admin'] } as const;
export const appAccess = () => ({ read: [...APP_ACCESS.read], write: [...APP_ACCESS.write] });
