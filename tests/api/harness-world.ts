/**
 * What every default harness starts from: its configuration, and the demo seeded on a migrated database. The run's
 * global setup seeds it once and each test file's database is a copy (see global-setup.ts), since seeding the whole
 * demo took seconds per file.
 */
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db';
import { seedDemo } from '../../server/demo';

/** The configuration a harness runs with: `env`'s, sign-in failures limited low, on `databaseUrl` when PostgreSQL. */
export const harnessConfig = (env: NodeJS.ProcessEnv, databaseUrl?: string) => ({ ...loadConfig(env), loginFailureLimit: 5, databaseUrl });

/** Seeds the demo on a migrated database as a default harness's server would, then stops that server. */
export async function seedWorld(db: Db, databaseUrl?: string): Promise<void> {
  const { app, ctx } = await buildApp(db, harnessConfig({}, databaseUrl));
  try {
    await seedDemo(db, ctx);
  } finally {
    await app.close();
  }
}
