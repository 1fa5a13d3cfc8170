import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable } from './types';

// int8 (counts, sums) as JavaScript numbers: our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

const names = new Map<string, string>();
const MAX_PREPARED = 1000;

/** A stable name per statement text; past the limit, statements are no longer prepared. */
function statementName(sql: string): string | undefined {
  let name = names.get(sql);
  if (!name && names.size < MAX_PREPARED) {
    name = `q${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    names.set(sql, name);
  }
  return name;
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const client = await pool.connect();
  client.release();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      // Statements with parameters are prepared once per connection and reused (no parse and plan each time).
      const name = params.length ? statementName(sql) : undefined;
      const res = await q.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
      return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
    },
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const out = await fn(wrap(c));
        await c.query('COMMIT');
        return out;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  };
}
