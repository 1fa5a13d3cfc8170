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
  const listeners = new Set<() => Promise<void>>();
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
    listen: (channel, onNotice, onReconnect) => listenOn(url, channel, onNotice, onReconnect, listeners),
    async notify(channel, payload) {
      await base.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** How long a listener that lost its connection waits before opening another. */
const LISTEN_RETRY_MS = 1_000;

/** A `LISTEN` connection outside the pool, opened again whenever it is lost, until the answered function stops it. */
async function listenOn(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
  onReconnect: () => void,
  listeners: Set<() => Promise<void>>,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  const again = () => {
    if (!stopped) retry = setTimeout(() => void open(true).catch(again), LISTEN_RETRY_MS);
  };
  async function open(reopening: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: DB_WAIT_LIMITS.connectMs });
    // A lost connection ends the client; errors say nothing more.
    client.on('error', () => undefined);
    client.on('notification', (n) => {
      if (n.channel === channel) onNotice(n.payload ?? '');
    });
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      again();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw classify(err);
    }
    if (stopped) return void (await client.end());
    current = client;
    if (reopening) onReconnect();
  }
  await open(false);
  const stop = async () => {
    stopped = true;
    listeners.delete(stop);
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
  listeners.add(stop);
  return stop;
}
