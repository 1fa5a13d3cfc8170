/**
 * MySQL databases on a server the operator configured (STORAGE_MYSQL_URL, or the region's entry in
 * STORAGE_MYSQL_REGION_URLS; MariaDB ≥ 10.5, whose databases take a comment): Lodestar signs in with that
 * administrator URL and makes each database (its comment `lodestar:<id>`, by which it is found again once its record
 * is gone) and its user (`'user'@'%'`, its password, MAX_USER_CONNECTIONS from its instance type) with every privilege
 * on that database and nothing else. Names reach SQL text only through mysql2's escaping (`??` identifiers, `?`
 * strings); in a grant the database name's `_` and `%` are escaped too, since a grant reads them as wildcards.
 */
import mysql from 'mysql2/promise';
import { mysqlFigures, type Figures } from './metrics-read';
import { mark, ServerAt, SlowQueriesUnrecorded, type ManagedServer, type ServerTarget, type SlowQuery } from './managed-server';

/** A database name as a grant's pattern that matches it alone. */
const grantPattern = (name: string) => name.replace(/[\\_%]/g, '\\$&');

const MYSQL_SLOW_LOG_NEEDS = 'slow queries need the MySQL server’s slow query log written to a table (slow_query_log=1, log_output=TABLE)';

export class ConfiguredMysql extends ServerAt implements ManagedServer {
  constructor(adminUrl: string) {
    super(adminUrl, 3306);
  }

  private async admin<T>(work: (c: mysql.Connection) => Promise<T>): Promise<T> {
    const c = await mysql.createConnection({ uri: this.adminUrl, multipleStatements: false, connectTimeout: 10_000 });
    c.on('error', () => undefined);
    try {
      return await work(c);
    } finally {
      await c.end().catch(() => c.destroy());
    }
  }

  figures(t: ServerTarget): Promise<Figures> {
    return this.admin((c) => mysqlFigures(c, t));
  }

  async create(t: ServerTarget): Promise<void> {
    await this.admin(async (c) => {
      await c.query('CREATE DATABASE ?? CHARACTER SET utf8mb4 COMMENT ?', [t.databaseName, mark(t.id)]);
      await c.query(`CREATE USER ?@'%' IDENTIFIED BY ? WITH MAX_USER_CONNECTIONS ${Math.trunc(t.maxConnections)}`, [t.user, t.password]);
      await c.query(`GRANT ALL PRIVILEGES ON ??.* TO ?@'%'`, [grantPattern(t.databaseName), t.user]);
    });
  }

  async setPassword(t: ServerTarget): Promise<void> {
    await this.admin((c) => c.query(`ALTER USER ?@'%' IDENTIFIED BY ?`, [t.user, t.password]));
  }

  async setConnectionLimit(t: ServerTarget): Promise<void> {
    await this.admin((c) => c.query(`ALTER USER ?@'%' WITH MAX_USER_CONNECTIONS ${Math.trunc(t.maxConnections)}`, [t.user]));
  }

  async endSessions(t: ServerTarget): Promise<number> {
    return this.admin((c) => killSessions(c, [t.user]));
  }

  async drop(id: string): Promise<void> {
    await this.admin(async (c) => {
      const [dbs] = await c.query<mysql.RowDataPacket[]>('SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_COMMENT = ?', [mark(id)]);
      for (const { name } of dbs) {
        const [grantees] = await c.query<mysql.RowDataPacket[]>('SELECT DISTINCT User AS user, Host AS host FROM mysql.db WHERE Db = ?', [grantPattern(String(name))]);
        await killSessions(c, grantees.map((g) => String(g.user)));
        for (const g of grantees) await c.query('DROP USER IF EXISTS ?@?', [g.user, g.host]);
        await c.query('DROP DATABASE IF EXISTS ??', [name]);
      }
    });
  }

  /** From the slow query log's table (`mysql.slow_log`): the user's statements by how long they ran. */
  async slowQueries(t: ServerTarget, limit: number): Promise<SlowQuery[]> {
    return this.admin(async (c) => {
      const [[settings]] = await c.query<mysql.RowDataPacket[]>('SELECT @@GLOBAL.slow_query_log AS enabled, @@GLOBAL.log_output AS output');
      if (!Number(settings.enabled) || !String(settings.output).toUpperCase().includes('TABLE')) throw new SlowQueriesUnrecorded(MYSQL_SLOW_LOG_NEEDS);
      const [rows] = await c.query<mysql.RowDataPacket[]>(
        `SELECT UNIX_TIMESTAMP(start_time) AS started, TIME_TO_SEC(query_time) * 1000 AS ms, rows_examined, CONVERT(sql_text USING utf8mb4) AS statement
         FROM mysql.slow_log WHERE SUBSTRING_INDEX(user_host, '[', 1) = ? ORDER BY query_time DESC, start_time DESC LIMIT ?`,
        [t.user, limit],
      );
      return rows.map((r) => ({ at: new Date(Number(r.started) * 1000).toISOString(), durationMs: Number(r.ms), statement: String(r.statement), rowsExamined: Number(r.rows_examined) }));
    });
  }
}

/** Ends every session of these users (not the administrator's own); answers how many. */
async function killSessions(c: mysql.Connection, users: string[]): Promise<number> {
  if (!users.length) return 0;
  const [sessions] = await c.query<mysql.RowDataPacket[]>('SELECT ID AS id FROM information_schema.PROCESSLIST WHERE USER IN (?) AND ID <> CONNECTION_ID()', [users]);
  let ended = 0;
  for (const { id } of sessions) {
    // A session may end by itself meanwhile (ER_NO_SUCH_THREAD).
    await c.query('KILL CONNECTION ?', [Number(id)]).then(() => ended++, (e: { errno?: number }) => {
      if (e.errno !== 1094) throw e;
    });
  }
  return ended;
}
