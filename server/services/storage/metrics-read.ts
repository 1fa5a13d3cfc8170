/**
 * Reading a database's figures from its own server (`ManagedServer.figures`): its user's connections, its size, the
 * server's running count of its operations, Redis's keys under its prefix. Each engine's queries, given the
 * administrator's connection; names only as parameters.
 */
import type pg from 'pg';
import type mysql from 'mysql2/promise';
import type { Redis } from 'ioredis';
import type { ServerTarget } from './managed-server';

export interface Figures {
  connections: number;
  sizeBytes?: number;
  /** The server's running count of the database's operations (a sample's `operations` is its increase). */
  operationsTotal?: number;
  keys?: number;
}

/** PostgreSQL: sessions from pg_stat_activity, pg_database_size, transactions from pg_stat_database. */
export async function pgFigures(c: pg.Client, t: ServerTarget): Promise<Figures> {
  const { rows } = await c.query<{ connections: number; size: string; ops: string | null }>(
    `SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = $1)::int AS connections,
            pg_database_size($1)::text AS size,
            (SELECT (xact_commit + xact_rollback)::text FROM pg_stat_database WHERE datname = $1) AS ops`,
    [t.databaseName],
  );
  const r = rows[0];
  return { connections: r.connections, sizeBytes: Number(r.size), ...(r.ops === null ? {} : { operationsTotal: Number(r.ops) }) };
}

/**
 * MariaDB: the user's sessions from PROCESSLIST, the tables' data and index bytes, and the user's commands from
 * USER_STATISTICS where the server keeps them (`userstat=ON`).
 */
export async function mysqlFigures(c: mysql.Connection, t: ServerTarget): Promise<Figures> {
  const [[conn]] = (await c.query('SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE USER = ?', [t.user])) as unknown as [{ n: number }[]];
  const [[size]] = (await c.query('SELECT COALESCE(SUM(DATA_LENGTH + INDEX_LENGTH), 0) AS bytes FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?', [t.databaseName])) as unknown as [{ bytes: string | number }[]];
  const [[stat]] = (await c.query('SELECT @@userstat AS on_')) as unknown as [{ on_: number | string }[]];
  let operationsTotal: number | undefined;
  if (Number(stat.on_) === 1) {
    const [rows] = (await c.query('SELECT SELECT_COMMANDS + UPDATE_COMMANDS + OTHER_COMMANDS AS n FROM information_schema.USER_STATISTICS WHERE USER = ?', [t.user])) as unknown as [{ n: number | string }[]];
    operationsTotal = rows.length ? Number(rows[0].n) : 0;
  }
  return { connections: Number(conn.n), sizeBytes: Number(size.bytes), ...(operationsTotal === undefined ? {} : { operationsTotal }) };
}

/** The keys a Redis figure reads at most (their memory is summed; past it the size counts only these). */
const REDIS_KEYS_MAX = 10_000;
const globEscaped = (s: string) => s.replace(/[*?[\]\\]/g, (ch) => `\\${ch}`);

/** Redis: the user's clients from CLIENT LIST, its prefix's keys by SCAN and their MEMORY USAGE. */
export async function redisFigures(r: Redis, t: ServerTarget, prefix: string): Promise<Figures> {
  const list = String(await r.call('CLIENT', 'LIST'));
  const connections = list.split('\n').filter((line) => line.split(' ').includes(`user=${t.user}`)).length;
  let cursor = '0';
  let keys = 0;
  let sizeBytes = 0;
  do {
    const [next, found] = (await r.call('SCAN', cursor, 'MATCH', `${globEscaped(prefix)}*`, 'COUNT', '1000')) as [string, string[]];
    cursor = next;
    keys += found.length;
    const room = Math.max(0, REDIS_KEYS_MAX - (keys - found.length));
    const sized = found.slice(0, room);
    if (sized.length) {
      const pipe = r.pipeline();
      for (const key of sized) pipe.call('MEMORY', 'USAGE', key);
      for (const [err, bytes] of (await pipe.exec()) ?? []) if (!err) sizeBytes += Number(bytes ?? 0);
    }
  } while (cursor !== '0');
  return { connections, sizeBytes, keys };
}
