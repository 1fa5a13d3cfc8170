import type { ActionDecl, Principal, Text } from './types';

/** The back office: administrators and finance administrators (who review and move records of the platform). */
export const BACK_OFFICE: Principal[] = ['admin', 'finance-admin'];
/** The organisation's owners and admins. */
export const ORG_MANAGERS: Principal[] = ['org-admin', 'owner'];

/**
 * A record of the platform itself with states — an organisation's transactions, invoices and certification
 * requests — kept in its own table by its own store. Its state actions use the declared resources' format
 * (`ActionDecl`, with `refused` and `access`): the server mounts each as `POST <path>/:id/<name>` (see
 * `actionCall`), moving the record only from `from`, and the console offers it only from there.
 */
export interface PlatformEntityDecl {
  name: string;
  singular: Text;
  /** The collection path, e.g. `/api/invoices`; an action is called on `<path>/<id><action path>`. */
  path: string;
  /** The answer's field holding a record's id in that path. */
  idField: string;
  /** Whose records they are: an organisation's, or the platform's own. */
  scope: 'organisation' | 'platform';
  /** The answer's field holding the state, and every state it takes. */
  status: { field: string; values: readonly string[] };
  /** The operation history names a move `<history>.<action>`, e.g. `invoice.finish`. */
  history: string;
  actions: ActionDecl[];
}
