import type { Db } from '../../server/db';

/**
 * What the database holds, table by table, and a way to put it back. Used by the quality sweeps: a refused call
 * must leave every table as it was, and an allowed call's writes are undone before the next one.
 */

/**
 * Columns left out of the digest because a refused call may legitimately change them. None of the current tables
 * has one (sessions carry no last-seen time; sign-in failures are counted in memory), so the list is empty; a
 * column added here must say why.
 */
export const VOLATILE_COLUMNS: Record<string, string[]> = {};

/**
 * Rows a refused call adds on purpose, left out of the digest: a forged or unknown payment notification is refused
 * and recorded in the operation history for finance to see (Alipay's and passport's notification calls).
 */
export const REFUSAL_RECORDS: Record<string, string> = {
  audit_log: "action LIKE '%payment.notification.refused'",
};

/**
 * Tables outside what a call may be judged by: the migration bookkeeping; the server's own timers' jobs, claimed and
 * handed back in the background whatever the calls do; failed sign-ins, which a refused sign-in counts on purpose
 * (the limit on attempts).
 */
const SKIPPED_TABLES = new Set(['schema_migrations', 'jobs', 'sign_in_failures']);
const SNAPSHOT_SCHEMA = 'quality_snapshot';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface TableInfo {
  name: string;
  columns: string[];
}

export class DbState {
  private tables: TableInfo[] = [];
  /** Tables in an order where every table comes after the ones it references. */
  private ordered: string[] = [];
  /** Tables with triggers of their own (an append-only guard, say), which a restore sets aside. */
  private guarded: string[] = [];
  /** The tables that reference each table (their rows go when its rows are deleted, or change with them). */
  private children = new Map<string, Set<string>>();
  private selects: string[] = [];

  private constructor(private readonly db: Db) {}

  static async of(db: Db): Promise<DbState> {
    const state = new DbState(db);
    await state.load();
    return state;
  }

  private async load(): Promise<void> {
    const cols = await this.db.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const r of cols.rows) {
      if (SKIPPED_TABLES.has(r.table_name)) continue;
      byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
    }
    this.tables = [...byTable].map(([name, columns]) => ({ name, columns }));
    const refs = await this.db.query<{ child: string; parent: string }>(
      `SELECT cl.relname AS child, pl.relname AS parent FROM pg_constraint k
       JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pl ON pl.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = cl.relnamespace
       WHERE k.contype = 'f' AND n.nspname = 'public'`,
    );
    const triggers = await this.db.query<{ t: string }>(
      `SELECT DISTINCT c.relname AS t FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE NOT g.tgisinternal AND n.nspname = 'public'`,
    );
    this.guarded = triggers.rows.map((r) => r.t).filter((t) => byTable.has(t));
    const parents = new Map<string, Set<string>>(this.tables.map((t) => [t.name, new Set<string>()]));
    for (const r of refs.rows) {
      if (r.child === r.parent) continue;
      parents.get(r.child)?.add(r.parent);
      if (!this.children.has(r.parent)) this.children.set(r.parent, new Set());
      this.children.get(r.parent)!.add(r.child);
    }
    const done = new Set<string>();
    const visit = (t: string) => {
      if (done.has(t)) return;
      done.add(t);
      for (const p of parents.get(t) ?? []) visit(p);
      this.ordered.push(t);
    };
    for (const t of this.tables) visit(t.name);
    this.selects = this.tables.map((t) => {
      const skip = new Set(VOLATILE_COLUMNS[t.name] ?? []);
      const kept = t.columns.filter((c) => !skip.has(c)).map(ident);
      const skipRows = REFUSAL_RECORDS[t.name] ? ` WHERE NOT (${REFUSAL_RECORDS[t.name]})` : '';
      return `SELECT '${t.name}' AS t, r FROM (SELECT ROW(${kept.join(', ')})::text AS r FROM public.${ident(t.name)}${skipRows}) s`;
    });
  }

  /**
   * A digest of every table's rows (volatile columns left out), by table name; with `mentioning`, of the rows
   * whose text holds one of those identifiers (one tenant's rows).
   */
  async digest(mentioning?: string[]): Promise<Map<string, string>> {
    const where = mentioning ? ' WHERE r LIKE ANY($1::text[])' : '';
    const sql = this.selects.map((one) => `SELECT t, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS d FROM (${one}) x${where} GROUP BY t`).join(' UNION ALL ');
    const patterns = mentioning?.map((m) => `%${m.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const res = await this.db.query<{ t: string; d: string }>(sql, patterns ? [patterns] : []);
    return new Map(res.rows.map((r) => [r.t, r.d]));
  }

  /**
   * The next transaction id the database will hand out: it moves only when something was written, so an unchanged
   * value spares a digest.
   */
  async writeMark(): Promise<string> {
    const res = await this.db.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x');
    return res.rows[0].x;
  }

  /** Keeps a copy of every table, for `restore`. */
  async snapshot(): Promise<void> {
    await this.db.query(`CREATE SCHEMA IF NOT EXISTS ${SNAPSHOT_SCHEMA}`);
    for (const t of this.tables) {
      await this.db.query(`DROP TABLE IF EXISTS ${SNAPSHOT_SCHEMA}.${ident(t.name)}`);
      await this.db.query(`CREATE TABLE ${SNAPSHOT_SCHEMA}.${ident(t.name)} AS SELECT * FROM public.${ident(t.name)}`);
    }
  }

  /**
   * Puts every table back as the last snapshot held it; with `changed`, only those tables and the tables that
   * reference them (whose rows a delete in them would take along), which is every table that can differ.
   */
  async restore(changed?: string[]): Promise<void> {
    let tables = this.ordered;
    if (changed) {
      const reach = new Set<string>();
      const visit = (t: string) => {
        if (reach.has(t)) return;
        reach.add(t);
        for (const c of this.children.get(t) ?? []) visit(c);
      };
      for (const t of changed) visit(t);
      tables = this.ordered.filter((t) => reach.has(t));
    }
    const guarded = this.guarded.filter((t) => tables.includes(t));
    await this.db.transaction(async (tx) => {
      for (const t of guarded) await tx.query(`ALTER TABLE public.${ident(t)} DISABLE TRIGGER USER`);
      for (const t of [...tables].reverse()) await tx.query(`DELETE FROM public.${ident(t)}`);
      for (const t of tables) await tx.query(`INSERT INTO public.${ident(t)} SELECT * FROM ${SNAPSHOT_SCHEMA}.${ident(t)}`);
      for (const t of guarded) await tx.query(`ALTER TABLE public.${ident(t)} ENABLE TRIGGER USER`);
    });
  }
}

/** Names of the tables whose digests differ. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}
