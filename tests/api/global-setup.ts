import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { dumpMigrated } from '../../server/db/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of a migrated embedded database, each test file's database starts from. */
    migratedDump: string;
    /** On PostgreSQL (DATABASE_URL), a migrated database each test file's database is created from. */
    migratedTemplate: string;
  }
}

const admin = async (url: string, sql: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(sql);
  await c.end();
};

/**
 * Migrates once for the whole run what each API test file would otherwise migrate again: a dump of an embedded
 * database, or on PostgreSQL a template database. The files still run every migration newer than these (none).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'lodestar-api-'));
  const dump = join(dir, 'migrated.tar.gz');
  await writeFile(dump, Buffer.from(await (await dumpMigrated(migrate)).arrayBuffer()));
  project.provide('migratedDump', dump);
  const url = process.env.DATABASE_URL;
  let template = '';
  if (url) {
    template = `lodestar_template_${randomBytes(6).toString('hex')}`;
    await admin(url, `CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    await (await openDatabase({ databaseUrl: target.toString() })).close();
  }
  project.provide('migratedTemplate', template);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (url && template) await admin(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
