/**
 * PostgreSQL databases on a server the operator configured (STORAGE_POSTGRESQL_URL, or the region's entry in STORAGE_POSTGRESQL_REGION_URLS
 * for one region): Lodestar signs in with that administrator URL and makes each database's role (LOGIN, its password,
 * its instance type's connection limit) and database (owned by the role, CONNECT revoked from PUBLIC, so no other
 * user can reach it). Names and passwords reach SQL text only through `escapeIdentifier` / `escapeLiteral`. Each role
 * and database carries the comment `lodestar:<id>`, by which it is found again (to drop it after its record is gone).
 */
import pg from 'pg';
import { pgFigures, type Figures } from './metrics-read';
import { mark, ServerAt, SlowQueriesUnrecorded, type ManagedServer, type ServerTarget, type SlowQuery } from './managed-server';

const SLOW_QUERIES_NEED = 'slow queries need the pg_stat_statements extension on the PostgreSQL server';

export class ConfiguredPostgres extends ServerAt implements ManagedServer {
  constructor(adminUrl: string) {
    super(adminUrl, 5432);
  }

  private async admin<T>(work: (c: pg.Client) => Promise<T>, database?: string): Promise<T> {
    const url = new URL(this.adminUrl);
    if (database) url.pathname = `/${encodeURIComponent(database)}`;
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  figures(t: ServerTarget): Promise<Figures> {
    return this.admin((c) => pgFigures(c, t));
  }

  async create(t: ServerTarget): Promise<void> {
    await this.admin(async (c) => {
      const role = c.escapeIdentifier(t.user);
      const db = c.escapeIdentifier(t.databaseName);
      await c.query(`CREATE ROLE ${role} LOGIN PASSWORD ${c.escapeLiteral(t.password)} CONNECTION LIMIT ${Math.trunc(t.maxConnections)}`);
      await c.query(`COMMENT ON ROLE ${role} IS ${c.escapeLiteral(mark(t.id))}`);
      // The administrator must be a member of the role to give it the database (PostgreSQL 16 makes it so for the
      // role's creator; a superuser needs nothing).
      await c.query(`CREATE DATABASE ${db} OWNER ${role}`);
      await c.query(`COMMENT ON DATABASE ${db} IS ${c.escapeLiteral(mark(t.id))}`);
      await c.query(`REVOKE ALL ON DATABASE ${db} FROM PUBLIC`);
      await c.query(`GRANT ALL ON DATABASE ${db} TO ${role}`);
    });
    // Within the database: its public schema is the role's alone.
    await this.admin(async (c) => {
      await c.query(`REVOKE ALL ON SCHEMA public FROM PUBLIC`);
      await c.query(`ALTER SCHEMA public OWNER TO ${c.escapeIdentifier(t.user)}`);
    }, t.databaseName);
  }

  async setPassword(t: ServerTarget): Promise<void> {
    await this.admin((c) => c.query(`ALTER ROLE ${c.escapeIdentifier(t.user)} PASSWORD ${c.escapeLiteral(t.password)}`));
  }

  async setConnectionLimit(t: ServerTarget): Promise<void> {
    await this.admin((c) => c.query(`ALTER ROLE ${c.escapeIdentifier(t.user)} CONNECTION LIMIT ${Math.trunc(t.maxConnections)}`));
  }

  async endSessions(t: ServerTarget): Promise<number> {
    return this.admin(async (c) => {
      const res = await c.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE usename = $1 AND pid <> pg_backend_pid()', [t.user]);
      return res.rows.filter((r) => r.ended).length;
    });
  }

  /**
   * From `pg_stat_statements` (the server's `shared_preload_libraries` must load it and the extension be created in
   * the administrator's database): the role's statements by their longest run.
   */
  async slowQueries(t: ServerTarget, limit: number): Promise<SlowQuery[]> {
    return this.admin(async (c) => {
      const present = await c.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'");
      if (!present.rowCount) throw new SlowQueriesUnrecorded(SLOW_QUERIES_NEED);
      const res = await c.query<{ query: string; calls: string; max_ms: number }>(
        `SELECT s.query, s.calls, s.max_exec_time AS max_ms FROM pg_stat_statements s JOIN pg_roles r ON r.oid = s.userid
         WHERE r.rolname = $1 ORDER BY s.max_exec_time DESC LIMIT $2`,
        [t.user, limit],
      );
      // pg_stat_statements keeps aggregates, not single runs: no start time.
      return res.rows.map((r) => ({ durationMs: Number(r.max_ms), statement: r.query, calls: Number(r.calls) }));
    });
  }

  /** Drops the database and role marked with the record's id, their sessions ended first (nothing when none is). */
  async drop(id: string): Promise<void> {
    await this.admin(async (c) => {
      const found = await c.query<{ kind: string; name: string }>(
        `SELECT 'role' AS kind, r.rolname AS name FROM pg_roles r JOIN pg_shdescription d ON d.objoid = r.oid AND d.classoid = 'pg_authid'::regclass WHERE d.description = $1
         UNION ALL
         SELECT 'database', b.datname FROM pg_database b JOIN pg_shdescription d ON d.objoid = b.oid AND d.classoid = 'pg_database'::regclass WHERE d.description = $1`,
        [mark(id)],
      );
      const roles = found.rows.filter((r) => r.kind === 'role').map((r) => r.name);
      for (const role of roles) await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
      for (const db of found.rows.filter((r) => r.kind === 'database')) await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(db.name)} WITH (FORCE)`);
      for (const role of roles) await c.query(`DROP ROLE IF EXISTS ${c.escapeIdentifier(role)}`);
    });
  }
}
