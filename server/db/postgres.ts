import { createHash } from 'node:crypto';
import pg from 'pg';
import { classify, isUnavailable } from './errors';
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

/**
 * How long the server waits for the database. A stopped or unreachable database makes requests fail fast (503)
 * instead of queueing; the pool opens new connections on demand, so service resumes when the database returns.
 */
export const DB_WAIT_LIMITS = {
  /** Opening a connection. */
  connectMs: 3_000,
  /** Waiting for one statement's answer (a server that stops answering without closing the connection). */
  statementMs: 20_000,
};

/** Schema changes and maintenance (migrations, index builds at start-up) may run as long as the data needs. */
const UNBOUNDED = /^\s*(CREATE|ALTER|DROP|ANALYZE|VACUUM|REINDEX|CLUSTER)\b/i;

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, keepAlive: true, connectionTimeoutMillis: DB_WAIT_LIMITS.connectMs });
  // An idle client that loses its server must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  const client = await pool.connect();
  client.release();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      // Statements with parameters are prepared once per connection and reused (no parse and plan each time).
      const name = params.length ? statementName(sql) : undefined;
      const query_timeout = UNBOUNDED.test(sql) ? undefined : DB_WAIT_LIMITS.statementMs;
      try {
        const res = await q.query({ ...(name ? { name } : {}), text: sql, values: params, query_timeout } as pg.QueryConfig);
        return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
      } catch (err) {
        throw classify(err);
      }
    },
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    async exec(sql) {
      await pool.query(sql).catch((err: unknown) => Promise.reject(classify(err)));
    },
    async transaction(fn) {
      const c = await pool.connect().catch((err: unknown) => Promise.reject(classify(err)));
      let broken: unknown;
      try {
        await wrap(c).query('BEGIN');
        const out = await fn(wrap(c));
        await wrap(c).query('COMMIT');
        return out;
      } catch (err) {
        if (isUnavailable(err)) broken = err;
        else await c.query('ROLLBACK').catch((e: unknown) => (broken = e));
        throw err;
      } finally {
        // A connection that failed is closed rather than handed to the next request.
        c.release(broken instanceof Error ? broken : undefined);
      }
    },
    close: () => pool.end(),
  };
}
