/**
 * A service's own table whose rows became a resource's records (`ResourceDecl.movedFrom`): a migration sets the
 * table aside as `<old name>_moving`, and at start-up the engine moves its rows into records once, each keeping its
 * app (`app_id`; a platform-scoped resource's table has no such column, its rows becoming the platform's records),
 * version and last change, then drops the table (`server/engine/table-moves.ts`). Rows whose
 * record needs more than their own columns (a value derived from others, another record's) are moved by the
 * service's own code through the same function.
 */
export interface MovedTableDecl {
  /** The table as the migration set it aside. */
  table: string;
  /** Each field of the record and the column it is read from. */
  fields: Record<string, string>;
  /** The column the record's id is (default a new id). */
  id?: string;
  /** For a sub-resource, the column its parent's id is. */
  parent?: string;
  /** The state every moved record is in (default none, or the resource's initial one as the store gives it). */
  status?: string;
  /** The column of the row's version (default 1) and the one of its last change. */
  version?: string;
  at: string;
}
