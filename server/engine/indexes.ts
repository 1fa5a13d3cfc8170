import { createHash } from 'node:crypto';
import type { Db } from '../db';
import type { ResourceModel } from './model';
import { relationIndexStatements } from './references';
import { fieldExpr, inSharedTable, kindPredicate, tableOf } from './sql';

const short = (s: string) => createHash('sha1').update(s).digest('hex').slice(0, 10);

/** The index statements of a declaration in one table, named by `name` from what each index means. */
function declaredIndexes(m: ResourceModel, table: string, name: (meaning: string) => string): string[] {
  const where = kindPredicate(m);
  const out: string[] = [];
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
  return [...out, ...relationIndexStatements(m, table, name)];
}

/**
 * The tables and indexes a declaration asks for: one index per declared sort and filter field (scoped, partial on
 * the kind), and a unique one per declared unique field; a sub-resource's lead with its parent, as its lists are
 * per parent. Then the indexes its references and parent are looked up by (`./references`). Names are stable hashes
 * of their meaning. A resource in a table of its own (the default, `tableOf`) gets that table first, with the
 * columns, defaults and key of `records` and its one index for lists by scope and time; records and indexes it had
 * in the shared table before move there once, so the shared table's planner never weighs another resource's indexes.
 */
export function indexStatements(m: ResourceModel): string[] {
  if (inSharedTable(m)) return declaredIndexes(m, 'records', short);
  const table = tableOf(m);
  const where = kindPredicate(m);
  const own = declaredIndexes(m, table, (meaning) => short(`${table}|${meaning}`));
  const left = declaredIndexes(m, 'records', short).map((sql) => `DROP INDEX IF EXISTS ${/ (rx_|ux_)[0-9a-f]+ /.exec(sql)![0].trim()}`);
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (LIKE records INCLUDING DEFAULTS INCLUDING CONSTRAINTS, PRIMARY KEY (service, kind, id))`,
    `CREATE INDEX IF NOT EXISTS ${table}_scope_created ON ${table} (service, kind, scope_id, created_at DESC)`,
    `WITH moved AS (DELETE FROM records WHERE ${where} RETURNING *) INSERT INTO ${table} SELECT * FROM moved`,
    ...left,
    ...own,
  ];
}

export async function ensureIndexes(db: Db, models: ResourceModel[]): Promise<void> {
  for (const m of models) for (const sql of indexStatements(m)) await db.query(sql);
}
