import { createHash } from 'node:crypto';
import type { Db } from '../db';
import type { ResourceModel } from './model';
import { relationIndexStatements } from './references';
import { fieldExpr, kindPredicate } from './sql';

const short = (s: string) => createHash('sha1').update(s).digest('hex').slice(0, 10);

/**
 * The indexes a declaration asks for: one per declared sort and filter field (scoped, partial on the kind), and a
 * unique one per declared unique field; a sub-resource's lead with its parent, as its lists are per parent. Then the
 * indexes its references and parent are looked up by (`./references`). Created at start-up if missing; names are
 * stable hashes of their meaning.
 */
export function indexStatements(m: ResourceModel): string[] {
  const where = kindPredicate(m);
  const out: string[] = [];
  const fields = new Set([...(m.res.list.sorters ?? []), ...(m.res.list.filters ?? [])]);
  const lead = m.res.parent ? 'parent_id, ' : '';
  for (const f of fields) {
    const expr = `${lead}${fieldExpr(m, f)}`;
    out.push(`CREATE INDEX IF NOT EXISTS rx_${short(`${where}|${expr}|id`)} ON records (scope_id, ${expr}, id) WHERE ${where}`);
  }
  for (const f of m.res.unique ?? []) {
    const expr = fieldExpr(m, f);
    out.push(`CREATE UNIQUE INDEX IF NOT EXISTS ux_${short(`${where}|${expr}`)} ON records (scope_id, ${expr}) WHERE ${where}`);
  }
  return [...out, ...relationIndexStatements(m, short)];
}

export async function ensureIndexes(db: Db, models: ResourceModel[]): Promise<void> {
  for (const m of models) for (const sql of indexStatements(m)) await db.query(sql);
}
