import type { Principal } from '../../resources/types';
import type { RouteDef } from '../../server/engine/api';
import { DECLARED_AS, type MatrixPrincipal, type World } from './quality-world';

/**
 * Who may call a route, from its declaration: its `access` when it has one (declared resources get theirs from the
 * resource's `access`), otherwise what its `auth` kind means.
 */
const EVERYONE: Principal[] = ['anonymous', 'user', 'member', 'org-admin', 'owner', 'app', 'admin', 'finance-admin'];

export function accessOf(route: RouteDef): Principal[] {
  if (route.access) return route.access;
  switch (route.auth) {
    case 'none':
      return EVERYONE;
    case 'session':
      return ['user'];
    case 'admin':
      return ['admin'];
    case 'service':
      return ['app', 'admin'];
    default:
      // A kind of caller the matrix does not play (a player of a game): none of its eight may call.
      return [];
  }
}

export const isPublic = (route: RouteDef) => accessOf(route).includes('anonymous');

/**
 * Whether a caller may make the call. Roles are held in A, which every call names where it names anything; a
 * console user with no role in A (`user`) and another app (`app`) may make only calls that name nothing of A's.
 */
export function expectAllowed(route: RouteDef, p: MatrixPrincipal, targetsA: boolean): boolean {
  const access = accessOf(route);
  if (access.includes('anonymous')) return true;
  const as = DECLARED_AS[p];
  switch (as) {
    case 'user':
    case 'app':
      return access.includes(as) && !targetsA;
    case 'member':
    case 'org-admin':
    case 'owner':
      return access.includes('user') || access.includes(as);
    default:
      return access.includes(as);
  }
}

/**
 * Credentials the route allows, for calls that test something other than access: A's own app first; a player of A's
 * game for the game's own calls (auth `player`, or under `/sdk/` as passport's spec places them).
 */
export function allowedHeaders(w: World, route: RouteDef): Record<string, string> {
  const access = accessOf(route);
  if (route.auth === 'player' || route.url.includes('/sdk/')) return w.playerHeaders;
  if (access.includes('app')) return w.appHeaders;
  const order: MatrixPrincipal[] = ['owner', 'org-admin', 'member', 'admin', 'finance-admin'];
  const p = order.find((one) => expectAllowed(route, one, true));
  return p ? w.headers[p] : {};
}
