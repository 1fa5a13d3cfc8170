/**
 * The declaration format's create-once records and their declared changes: a record a scope has at most one of,
 * which does not exist until created (an app's id domain), and the calls that change some of its fields beside its
 * update (asking for production, an administrator's flag). Part of the format in `types.ts`, which exports these too.
 */
import type { Principal, Text } from './types';

/**
 * A singleton that does not exist until created (`SingletonDecl.createOnce`): its id is the scope's id.
 * `POST <path>` creates it once (201; then 409 `DUPLICATE` with `duplicate`), `GET <path>/:id` answers it and
 * `<write> <path>/:id` replaces it with the version read — each 404 with `notFound` before it is created or for any
 * id but the scope's. Its `changes` are declared beside it.
 */
export interface CreateOnceDecl {
  /** The 409's message when the scope already has its record (an English key of `resources/messages/`). */
  duplicate: string;
  /** The 404's message when the record is not there (or the id is another scope's). */
  notFound: string;
  /** A `readOnly` field that answers the id too (the spec's `idDomainID`), written when the record is created. */
  idAlias?: string;
}

/** A record's fields holding one of the listed values each, e.g. `{ production: [false], sendForReview: [false] }`. */
export type FieldCondition = Record<string, (string | number | boolean)[]>;

/** A refusal's message, when the record holds `when` (the first that holds is answered; one without `when` always holds). */
export interface RefusalDecl {
  when?: FieldCondition;
  message: string;
}

/**
 * A change of a create-once record's fields (not a state move) at a call of its own: when the record holds `when`
 * (any one of the conditions, when a list), the call writes `set` and answers the record; otherwise 409
 * `INVALID_TRANSITION` with `refused`. Several changes may share one call (method and path), told apart by what the
 * body `sends`: the spec's `PUT /id-domains/:id/production` asks for production with `{ production: true }` and
 * leaves it with `false`. The call's body is derived from its changes: the `sends` fields (required), the version read
 * (optional) when `versioned`, and the record's id field `bodyId` (optional) when the record is named in the body.
 * Each change is written to the operation history as `<service>.<resource>.<audit or name>`. The console offers a
 * change as a button, enabled when `when` holds and `set` would change something (see `resources/change-call.ts`).
 */
export interface ChangeDecl {
  /** Unique within the resource. */
  name: string;
  label: Text;
  method: 'PUT' | 'POST';
  /** Appended to the item path (`/production`), or with `bodyId` under the service base (`/update-id-domain-production`). */
  path: string;
  /** The call names the record in this optional body field (the scope's own when left out) instead of the path. */
  bodyId?: string;
  /** The body fields and values that choose this change among those of its call. */
  sends: Record<string, string | number | boolean>;
  /** What the change writes into the record. */
  set: Record<string, string | number | boolean>;
  when?: FieldCondition | FieldCondition[];
  /** The 409's message when `when` does not hold (default `refusedMessage`'s). */
  refused?: string | RefusalDecl[];
  /** The body may carry the version read; a stale one is refused (409 `VERSION_CONFLICT`). */
  versioned?: boolean;
  /** Who may call it, where that differs from the resource's write access (an administrator's flag). */
  access?: Principal[];
  /** The operation history's action, where it is not the change's name (changes sharing one spec call). */
  audit?: string;
  confirm?: Text;
  danger?: boolean;
}
