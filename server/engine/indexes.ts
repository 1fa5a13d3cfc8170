import { createHash } from 'node:crypto';
import type { Db } from '../db';
import type { ResourceModel } from './model';
import { relationIndexStatements } from './references';
import { fieldExpr, kindPredicate, tableOf } from './sql';

const short = (s: string) => createHash('sha1').update(s).digest('hex').slice(0, 10);

/**
 * The indexes a declaration asks for: one per declared sort and filter field (scoped, partial on the kind), and a
 * unique one per declared unique field; a sub-resource's lead with its parent, as its lists are per parent. Then the
 * indexes its references and parent are looked up by (`./references`). Created at start-up if missing, after a
 * resource's own table (`ownTable`: the shape and key of `records`); names are stable hashes of their meaning.
 */
export function indexStatements(m: ResourceModel): string[] {
  const where = kindPredicate(m);
  const table = tableOf(m);
  // A resource in its own table names its indexes for that table too (those on `records` keep their names).
  const name = (meaning: string) => short(m.res.ownTable ? `${table}|${meaning}` : meaning);
  // Its own table has the columns, defaults and key of `records`, and its one index for lists by scope and time;
  // not the partial indexes of the other resources there.
  const out: string[] = m.res.ownTable
    ? [
        `CREATE TABLE IF NOT EXISTS ${table} (LIKE records INCLUDING DEFAULTS INCLUDING CONSTRAINTS, PRIMARY KEY (service, kind, id))`,
        `CREATE INDEX IF NOT EXISTS ${table}_scope_created ON ${table} (service, kind, scope_id, created_at DESC)`,
        // Records kept in the shared table before the resource asked for its own move there, once, in one statement.
        `WITH moved AS (DELETE FROM records WHERE ${where} RETURNING *) INSERT INTO ${table} SELECT * FROM moved`,
      ]
    : [];
  const fields = new Set([...(m.res.list.sorters ?? []), ...(m.res.list.filters ?? [])]);
  const lead = m.res.parent ? 'parent_id, ' : '';
  for (const f of fields) {
    const expr = `${lead}${fieldExpr(m, f)}`;
    out.push(`CREATE INDEX IF NOT EXISTS rx_${name(`${where}|${expr}|id`)} ON ${table} (scope_id, ${expr}, id) WHERE ${where}`);
  }
  for (const f of m.res.unique ?? []) {
    const expr = fieldExpr(m, f);
    out.push(`CREATE UNIQUE INDEX IF NOT EXISTS ux_${name(`${where}|${expr}`)} ON ${table} (scope_id, ${expr}) WHERE ${where}`);
  }
  return [...out, ...relationIndexStatements(m, name)];
}

export async function ensureIndexes(db: Db, models: ResourceModel[]): Promise<void> {
  for (const m of models) for (const sql of indexStatements(m)) await db.query(sql);
}
