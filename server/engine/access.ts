import { BACK_OFFICE, ORG_MANAGERS } from '../../resources/platform-entities';
import type { Principal } from '../../resources/types';

/**
 * Who may call a route, as `RouteDef.access` says it (roles are held in the organisation the call names). The
 * handlers enforce the rules; these declarations state them for the API reference and for the access matrix the
 * tests derive from them.
 */

/** Every member of the organisation, whatever their role. */
export const ORG_MEMBERS: Principal[] = ['member', 'org-admin', 'owner'];
/** The organisation's owners and admins; the back office (declared beside the platform's entities, which the console reads too). */
export { BACK_OFFICE, ORG_MANAGERS };
/** Reading an organisation's money: its members and the back office. */
export const MONEY_READERS: Principal[] = [...ORG_MEMBERS, ...BACK_OFFICE];
/** Anyone signed in to a console: a user, an administrator or a finance administrator. */
export const ANY_SESSION: Principal[] = ['user', ...BACK_OFFICE];
