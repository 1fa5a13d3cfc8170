import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { harnessConfig } from './harness-world';
import { openDatabase, type Db } from '../../server/db';
import { DEMO_ADMIN, DEMO_USER, seedDemo } from '../../server/demo';
import type { ServiceDecl } from '../../resources/types';
import type { Ctx } from '../../server/context';
import type { Api } from '../../server/engine/api';
import type { ServiceModule } from '../../server/services';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { tableOf } from '../../server/engine/sql';

export interface Harness {
  app: FastifyInstance;
  db: Db;
  ctx: Ctx;
  /** Every route the server mounted, as declared. */
  api: Api;
  /** The demo app and its credential header. */
  appId: string;
  basic: string;
  /** A second organisation's app, with the remote-config service enabled. */
  otherAppId: string;
  otherBasic: string;
  req: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  /** A request with the demo app's credential. */
  svc: (method: InjectOptions['method'], url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  login: (email?: string, password?: string, path?: string) => Promise<string>;
  /** The table a declared resource's records are kept in (`tableOf`), for a test's direct look at them. */
  tableOf: (service: string, kind: string) => string;
  close: () => Promise<void>;
}

/** `Harness.tableOf` for a server's declarations. */
export const declaredTable = (ctx: Ctx) => (service: string, kind: string) => {
  const m = ctx.models.get(`${service}/${kind}`);
  if (!m) throw new Error(`no declared resource ${service}/${kind}`);
  return tableOf(m);
};

export const basicOf = (appId: string, secret: string) => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;

/**
 * A database of its own for one test file, on the PostgreSQL server DATABASE_URL points at: a copy of the run's
 * migrated template (global-setup.ts) when there is one.
 */
export async function createScratchDatabase(url: string, seeded = false) {
  const name = `lodestar_test_${randomBytes(6).toString('hex')}`;
  const template = inject(seeded ? 'seededTemplate' : 'migratedTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${name}`;
  return {
    url: scratchUrl.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh database for one test file, migrated (and with the demo seeded when `seeded`): in memory as a copy of the
 * run's dump, or a scratch database on DATABASE_URL's PostgreSQL. `drop` closes it and removes what it left.
 */
export async function testDatabase(seeded = false): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const scratch = url ? await createScratchDatabase(url, seeded) : undefined;
  const from = scratch ? undefined : new Blob([await readFile(inject(seeded ? 'seededDump' : 'migratedDump'))]);
  const db = await openDatabase({ databaseUrl: scratch?.url, from });
  return {
    db,
    url: scratch?.url,
    async drop() {
      await db.close();
      await scratch?.drop();
    },
  };
}

/** The services the second organisation's app has enabled. */
export const OTHER_APP_SERVICES = ['remote-config', 'passport', 'asset-streaming', 'upr', 'wind', 'baking', 'safe', 'device', 'save', 'multiverse', 'push', 'hello', 'metrics', 'storage', 'stacktrace', 'match', 'func', 'func-stateless', 'usync'];

/** A second organisation's app, with the services of `OTHER_APP_SERVICES` enabled: the tenant kept out. */
export async function createOtherApp(db: Db): Promise<{ otherAppId: string; otherBasic: string }> {
  const otherOwner = await createAccount(db, { email: 'other@example.com', password: 'other-password', name: 'Other' });
  const otherOrg = await createOrganization(db, 'Other Studio', otherOwner);
  const otherAppId = await createApp(db, otherOrg, 'Other Game', OTHER_APP_SERVICES);
  const other = (await db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [otherAppId])).rows[0];
  return { otherAppId, otherBasic: basicOf(otherAppId, other.app_service_secret) };
}

/** `Harness.svc` over a way of sending requests: a request with this app credential, its payload always as JSON. */
export const serviceRequest =
  (req: Harness['req'], basic: string): Harness['svc'] =>
  (method, url, payload) =>
    req({
      method,
      url,
      // Always JSON, even a bare string: the API speaks nothing else.
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { authorization: basic, 'content-type': 'application/json' } }),
      ...(payload === undefined ? { headers: { authorization: basic } } : {}),
    });

/**
 * A server on a fresh database (in memory, or DATABASE_URL's PostgreSQL emptied first) with the demo data; it
 * mounts `services` instead of the declared ones when given, and reads its configuration from `env` (none by default).
 */
export async function startHarness(opts: { services?: ServiceDecl[]; modules?: ServiceModule[]; env?: NodeJS.ProcessEnv } = {}): Promise<Harness> {
  // The declared services with the default configuration start from the run's seeded demo; others seed their own.
  const { db, url, drop } = await testDatabase(!opts.services && !opts.modules && !opts.env);
  const { app, ctx, api } = await buildApp(db, harnessConfig(opts.env ?? {}, url), { services: opts.services, modules: opts.modules });
  await seedDemo(db, ctx);
  const apps = await db.query<{ app_id: string; app_service_secret: string }>('SELECT app_id, app_service_secret FROM apps');
  const demo = apps.rows[0];
  const other = await createOtherApp(db);
  const basic = basicOf(demo.app_id, demo.app_service_secret);
  const req = (opts: InjectOptions) => app.inject(opts);
  return {
    app,
    db,
    ctx,
    api,
    appId: demo.app_id,
    basic,
    ...other,
    req,
    svc: serviceRequest(req, basic),
    tableOf: declaredTable(ctx),
    async login(email = DEMO_USER.email, password = DEMO_USER.password, path = '/auth/auth-login') {
      const res = await req({ method: 'POST', url: path, payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies[0];
      return `${cookie.name}=${cookie.value}`;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

export { DEMO_ADMIN, DEMO_USER };

/**
 * Enables on the demo app those of `names` it does not start with (Sync, which Multiverse excludes in the console):
 * for the sweeps that call every declared resource with the demo app's credential.
 */
export async function enableOnDemoApp(h: Harness, names: string[]): Promise<void> {
  for (const name of names) {
    const state = { Status: 'Enabled', ServiceId: `${name}-test`, Properties: {}, EnabledAt: new Date().toISOString() };
    await h.db.query(`UPDATE apps SET services = jsonb_set(services, ARRAY[$2::text], $3::jsonb) WHERE app_id = $1 AND NOT services ? $2`, [h.appId, name, JSON.stringify(state)]);
  }
  // Dropped here and, through its notice, on any other instance on the database.
  await h.ctx.apps.forget(h.appId);
}
