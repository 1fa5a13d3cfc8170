import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { dumpPrepared } from '../../server/db/pglite';
import { seedWorld } from './harness-world';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of a migrated embedded database, each test file's database starts from. */
    migratedDump: string;
    /** On PostgreSQL (DATABASE_URL), a migrated database each test file's database is created from. */
    migratedTemplate: string;
    /** The same two with the demo seeded: what a default harness starts from. */
    seededDump: string;
    seededTemplate: string;
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
  const migrated = await dumpPrepared(migrate);
  const dump = join(dir, 'migrated.tar.gz');
  await writeFile(dump, Buffer.from(await migrated.arrayBuffer()));
  project.provide('migratedDump', dump);
  const seededDump = join(dir, 'seeded.tar.gz');
  await writeFile(seededDump, Buffer.from(await (await dumpPrepared((db) => seedWorld(db), migrated)).arrayBuffer()));
  project.provide('seededDump', seededDump);
  const url = process.env.DATABASE_URL;
  const templates: string[] = [];
  const template = async (name: string, from: string | undefined, prepare: (db: Db, url: string) => Promise<unknown>) => {
    const full = `lodestar_${name}_${randomBytes(6).toString('hex')}`;
    await admin(url!, `CREATE DATABASE ${full}${from ? ` TEMPLATE ${from}` : ''}`);
    templates.push(full);
    const target = new URL(url!);
    target.pathname = `/${full}`;
    const db = await openDatabase({ databaseUrl: target.toString() });
    try {
      await prepare(db, target.toString());
    } finally {
      await db.close();
    }
    return full;
  };
  const migratedTemplate = url ? await template('template', undefined, async () => undefined) : '';
  project.provide('migratedTemplate', migratedTemplate);
  project.provide('seededTemplate', url ? await template('seeded', migratedTemplate, seedWorld) : '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
    for (const t of templates.reverse()) await admin(url!, `DROP DATABASE IF EXISTS ${t} WITH (FORCE)`);
  };
}
