/**
 * PostgreSQL backups. An embedded database is dumped from a copy of itself (PGlite's clone, so its clients' sessions
 * and prepared statements are untouched) by pg_dump built for PGlite (`@electric-sql/pglite-tools`, plain SQL with
 * INSERTs), and restored into a new PGlite database that replaces it. A database on the operator's server is dumped
 * by `pg_dump` signed in as the database's own user (who owns everything in it), and restored by `psql` as that user
 * in one transaction: the user's schemas dropped, `public` made again, the dump loaded — a failure changes nothing.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import type { EmbeddedPostgres } from './embedded-pg';
import type { ServerTarget } from './managed-server';
import type { BackupEngine } from './backup-engines';
import { postgresProgram, runProgram } from './backup-tools';

const DUMP_ARGS = ['--no-owner', '--no-privileges'];

async function readAll(input: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of input) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export function embeddedBackup(embedded: EmbeddedPostgres, id: string): BackupEngine {
  return {
    format: 'sql',
    extension: 'sql',
    async dump(output: Writable) {
      const copy = await embedded.snapshot(id);
      let text: string;
      try {
        text = await (await pgDump({ pg: copy, args: DUMP_ARGS })).text();
      } finally {
        await copy.close();
      }
      await pipeline(Readable.from([Buffer.from(text, 'utf8')]), output);
    },
    async restore(input: Readable) {
      const text = await readAll(input);
      await embedded.replace(id, async (db) => {
        await db.exec(text);
      });
    },
  };
}

/** Drops every schema the signed-in user owns and makes `public` again (the first statements of a restore). */
const CLEAR_SCHEMAS = `DO $lodestar$ DECLARE s name; BEGIN
  FOR s IN SELECT nspname FROM pg_namespace WHERE nspowner = (SELECT oid FROM pg_roles WHERE rolname = current_user) LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', s);
  END LOOP;
END $lodestar$;
CREATE SCHEMA IF NOT EXISTS public;
`;

export function configuredPostgresBackup(host: string, port: number, t: ServerTarget): BackupEngine {
  const env = { PGPASSWORD: t.password, PGCONNECT_TIMEOUT: '10', PGAPPNAME: 'lodestar-backup' };
  const where = ['--host', host, '--port', String(port), '--username', t.user, '--dbname', t.databaseName];
  return {
    format: 'sql',
    extension: 'sql',
    dump: (output) => runProgram(postgresProgram('pg_dump'), [...DUMP_ARGS, ...where], env, { output }),
    async restore(input) {
      async function* statements() {
        yield Buffer.from(CLEAR_SCHEMAS, 'utf8');
        for await (const part of input) yield part as Buffer;
      }
      await runProgram(postgresProgram('psql'), ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1', ...where], env, { input: Readable.from(statements()) });
    },
  };
}
