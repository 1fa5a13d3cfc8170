/**
 * How a resource's records relate to other records of its service: children shown on its page, references held in
 * its fields (and what deleting what they refer to does), and the parent a sub-resource lives under (ADR 0015).
 */
/** Records of another resource of the same service that belong to this one, shown on its page. */
export interface ChildDecl {
  /** The child resource's name. */
  resource: string;
  /** The child's field that holds this record's id. */
  field: string;
}

/**
 * What deleting a record does to the records that refer to it (ADR 0015), in one transaction with the delete:
 * - `restrict`: the delete is refused (409 `IN_USE`, naming a few of the records that still use it);
 * - `cascade`: they are deleted too, and what refers to them in turn, each delete in the operation history;
 * - `set-null`: the field is removed from them (it must be optional), each change in the operation history;
 * - `keep`: they are left as they are, pointing at nothing (their owner decides; e.g. an override's values for a
 *   config key that no longer exists are ignored). The console names them before the delete is confirmed.
 * Every delete confirmation in the console names what refers to the record (`GET <item>/used-by`).
 */
export type OnDelete = 'restrict' | 'cascade' | 'set-null' | 'keep';

/**
 * A field holding another record of the same service: `personas.realmId` names a realm. Declared on the resource
 * that holds the field; the engine enforces `onDelete` when the referenced record is deleted and indexes the field.
 */
export interface ReferenceDecl {
  /**
   * The field of this resource that holds the reference: a top-level string property of the schema, or a path into
   * its values — `.` between properties, `[]` after an array (each of its items), and `{}` at the end after an
   * object whose property names are the references (`variants[].values{}`: the keys of each variant's values).
   * A path reference may be `restrict`, `cascade` or `keep`.
   */
  field: string;
  /** The referenced resource's name, in the same service. */
  resource: string;
  /** The referenced resource's field the value matches: its id by default, or a unique field (a slug name). */
  by?: string;
  onDelete: OnDelete;
  /**
   * The 400's field message when a write names no record of `resource` in the caller's scope (an English key of
   * `resources/messages/`), e.g. 'no such realm'; default 'no such record'. The engine checks every create, update,
   * part and import row (`server/engine/reference-checks.ts`).
   */
  message?: string;
  /**
   * Fields the referenced record must share with this one, `{ <its field>: <this record's field> }`: an
   * entitlement's persona must be one of its user's (`{ userId: 'userId' }`). A value whose record does not match
   * is refused like one naming nothing, with `message`; checked again when a matched field of this record changes.
   * Top-level references only.
   */
  match?: Record<string, string>;
}

/**
 * A sub-resource: its records exist only under one record of `resource`, and its path is nested under that
 * record's item path: `path: '/members'` under guilds with `param: 'guildId'` is `/guilds/:guildId/members` and
 * `/guilds/:guildId/members/:id`. Every call answers 404 unless the parent exists in the caller's scope, and sees only
 * that parent's records. The parent's id is stored with each record (and in `field`, when given).
 */
export interface ParentDecl {
  /** The parent resource's name, in the same service. */
  resource: string;
  /** The parent's key in the nested path (its id, or its slug when the parent is addressed by one). */
  param: string;
  /** A `readOnly` schema field the engine fills with the parent's id, so records answer it. */
  field?: string;
  /** What deleting the parent does to its records (`set-null` would orphan them, so it is not offered). */
  onDelete: 'cascade' | 'restrict';
  /**
   * The parent is the app's own record of the service, its id the app's id (Safe's, made by `enable`): the console
   * lists and opens these records on their own routes (`routes`), the app being their parent.
   */
  ofApp?: boolean;
  /**
   * The app's records under every parent are also listed at `GET <appList>` under the service base (a function's
   * servers, all of the app's at once), served by the engine with the list's paging, sorting, search and filters —
   * `field` among them, to narrow to one parent — and the resource's read access. A page view lists them there.
   */
  appList?: string;
}
