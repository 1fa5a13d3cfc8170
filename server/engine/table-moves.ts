import type { Db, Queryable } from '../db';
import type { ResourceModel } from './model';
import { movedData } from './masks';
import { records } from './query';
import type { Data } from './store';
import { PLATFORM_SCOPE_ID } from './platform-scope';

/**
 * Rows of a service's own table moved into a resource's records once (`ResourceDecl.movedFrom`,
 * `resources/move-types.ts`): what a migration set aside becomes records at start-up, before any call is served.
 */

/** One old row as a record: its app, its id (when it keeps one), its data, version and last change. */
export interface MovedRow {
  appId: string;
  id?: string;
  data: Data;
  version: number;
  at: Date;
  /** A sub-resource's parent; its state, for a resource with states. */
  parentId?: string;
  status?: string;
}

/**
 * Moves the rows of a table a migration set aside (renamed `<old name>_moving`) into records of `m`, once: each
 * keeps its version and last change, and the old table goes. Several servers starting together move them once (an
 * advisory lock, then the table is gone for the others). Answers how many were moved.
 */
export async function moveIntoRecords<Row>(
  db: Db,
  m: ResourceModel,
  waiting: string,
  columns: string,
  toRecords: (rows: Row[], tx: Queryable) => MovedRow[] | Promise<MovedRow[]>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [waiting]);
    const found = await tx.query<{ name: string | null }>('SELECT to_regclass($1)::text AS name', [waiting]);
    if (!found.rows[0]?.name) return 0;
    const saved = await tx.query<Row & object>(`SELECT ${columns} FROM ${waiting}`);
    const byApp = new Map<string, MovedRow[]>();
    for (const moved of await toRecords(saved.rows, tx)) byApp.set(moved.appId, [...(byApp.get(moved.appId) ?? []), moved]);
    for (const [appId, rows] of byApp) await records(tx, m).insertMany(appId, rows);
    await tx.query(`DROP TABLE ${waiting}`);
    return saved.rows.length;
  });
}

/** Checks a resource's moved table at start-up: the fields are the schema's, the state one the resource has. */
function checkMove(m: ResourceModel): void {
  const move = m.res.movedFrom!;
  const where = `${m.service.name}/${m.res.name}: movedFrom ${move.table}`;
  const props = (m.res.schema.properties ?? {}) as object;
  for (const f of Object.keys(move.fields)) if (!(f in props)) throw new Error(`${where}: '${f}' is not a field of the schema`);
  if (move.status && !(m.res.status && move.status in m.res.status.values)) throw new Error(`${where}: no state '${move.status}'`);
  if (move.parent && !m.res.parent) throw new Error(`${where}: a parent column, but the resource is not a sub-resource`);
}

/**
 * Moves the rows of the table a resource declares it was kept in (`movedFrom`) into its records, as a write stores
 * them (secrets masked, unset write-only values left out); 0 when none is left.
 */
export async function moveDeclaredTable(db: Db, m: ResourceModel): Promise<number> {
  const move = m.res.movedFrom;
  if (!move) return 0;
  checkMove(m);
  const own = [move.id, move.parent, move.version, move.at].filter((c): c is string => c !== undefined);
  // The platform's records (`scope: 'platform'`) were no app's: their table has no app column.
  const platform = m.res.scope === 'platform';
  const columns = [...new Set([...(platform ? [] : ['app_id']), ...Object.values(move.fields), ...own])].join(', ');
  return moveIntoRecords<Record<string, unknown>>(db, m, move.table, columns, (rows) =>
    rows.map((r) => ({
      appId: platform ? PLATFORM_SCOPE_ID : String(r.app_id),
      ...(move.id ? { id: String(r[move.id]) } : {}),
      ...(move.parent ? { parentId: String(r[move.parent]) } : {}),
      ...(move.status ? { status: move.status } : {}),
      data: movedData(m.res, Object.fromEntries(Object.entries(move.fields).map(([field, column]) => [field, r[column]]))),
      version: move.version ? Number(r[move.version]) : 1,
      at: new Date(r[move.at] as string),
    })),
  );
}
