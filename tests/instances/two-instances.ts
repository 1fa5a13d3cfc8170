/**
 * Two server instances on one PostgreSQL database, in this process: two `startInstance` (the start-up `npm run
 * server` runs: each its own pool, the start-up lock, the demo data when the database is empty) against one scratch
 * database on DATABASE_URL's server, started at the same moment. Requests go to one, the other, alternately or at
 * random. These tests need PostgreSQL: without DATABASE_URL they fail, saying so (they never pass on the embedded
 * database, where there is only ever one process).
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type ServerConfig } from '../../server/config';
import { startInstance, type StartedInstance } from '../../server/start';
import { DEMO_USER } from '../../server/demo';
import { basicOf, createScratchDatabase } from '../api/harness';

export interface Instance extends StartedInstance {
  name: 'A' | 'B';
  req: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
}

export interface TwoInstances {
  a: Instance;
  b: Instance;
  /** A and B, in turn from one call to the next. */
  alternate: () => Instance;
  /** A or B, at random. */
  random: () => Instance;
  /** The demo app and its service credential. */
  appId: string;
  basic: string;
  /**
   * Signs in through `through` (at `path`: the user's, administrator's or finance sign-in) and answers the session
   * cookie, good on both instances: sessions are in the database.
   */
  login: (through: Instance, email?: string, password?: string, path?: string) => Promise<string>;
  close: () => Promise<void>;
}

/** DATABASE_URL, or an error that says these tests run on PostgreSQL only and how to run them. */
export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'The several-instance tests need PostgreSQL: set DATABASE_URL (postgres://user@host:port/db, a server where a database may be created) and run `npm run test:instances`.',
    );
  }
  return url;
}

/** Starts two instances at once on a new, empty database; `config` changes what both are configured with. */
export async function startTwoInstances(config: Partial<ServerConfig> = {}): Promise<TwoInstances> {
  const scratch = await createScratchDatabase(requireDatabaseUrl());
  const configured = { ...loadConfig({}), loginFailureLimit: 5, ...config, databaseUrl: scratch.url, demo: true };
  const started = await Promise.allSettled([startInstance(configured), startInstance(configured)]);
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (failed) {
    await Promise.all(up.map(async (i) => (await i.app.close(), await i.db.close())));
    await scratch.drop();
    throw failed.reason;
  }
  const [a, b] = up.map((i, n): Instance => ({ ...i, name: n ? 'B' : 'A', req: (opts) => i.app.inject(opts) }));
  const demo = (await a.db.query<{ app_id: string; app_service_secret: string }>("SELECT app_id, app_service_secret FROM apps WHERE project_name = 'Demo Game'"))
    .rows[0];
  let turn = 0;
  return {
    a,
    b,
    alternate: () => (turn++ % 2 ? b : a),
    random: () => (Math.random() < 0.5 ? a : b),
    appId: demo.app_id,
    basic: basicOf(demo.app_id, demo.app_service_secret),
    async login(through, email = DEMO_USER.email, password = DEMO_USER.password, path = '/auth/auth-login') {
      const res = await through.req({ method: 'POST', url: path, payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in through ${through.name} failed: ${res.statusCode} ${res.body}`);
      return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    },
    async close() {
      for (const i of [a, b]) {
        await i.app.close();
        await i.db.close();
      }
      await scratch.drop();
    },
  };
}

/**
 * Asks `check` again (every 20 ms, at most `tries` times) until it answers true, for what another instance learns
 * through a notice: delivered within milliseconds, not within the request that caused it. Answers whether it did.
 */
export async function eventually(check: () => Promise<boolean>, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
