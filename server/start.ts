import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp, type BuiltApp } from './app';
import type { ServerConfig } from './config';
import { openDatabase, type Db } from './db';
import { underStartupLock } from './db/locks';
import { seedDemo } from './demo';

export interface StartedInstance extends BuiltApp {
  db: Db;
  /** Whether this instance created the demo data (the database was empty). */
  seeded: boolean;
}

/**
 * Opens the configured database, builds the server on it and creates the demo data when configured and the database
 * is empty: every step that changes the database's shape or fills it runs under the start-up lock, so instances
 * starting together on one PostgreSQL take turns and exactly one creates the demo data.
 */
export async function startInstance(config: ServerConfig, opts: Parameters<typeof buildApp>[2] = {}): Promise<StartedInstance> {
  if (!config.databaseUrl) mkdirSync(resolve(config.dataDir), { recursive: true });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : resolve(config.dataDir) });
  const built = await buildApp(db, config, opts);
  const seeded = config.demo ? await underStartupLock(db, () => seedDemo(db, built.ctx)) : false;
  return { ...built, db, seeded };
}
