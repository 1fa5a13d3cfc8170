/** The mixed scenario's databases: where they live, their seed data, and the SQL the operations issue directly. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { remoteConfig } from '../resources/config';
import { recordOperation } from '../server/audit';
import { openDatabase, type Db, type Queryable } from '../server/db';
import { buildModel } from '../server/engine/model';
import { RecordStore, type Data } from '../server/engine/store';
import { createAccount, createApp, createOrganization } from '../server/platform/accounts';
import type { Storage } from '../tests/faults/server-process';
import type { Exec, MixOptions } from './load-mix';
import { tableOf } from '../server/engine/sql';

export interface Target {
  appId: string;
  authorization: string;
}

/** A database for one run: opened in this process for seeding and direct SQL, or handed to the server. */
export interface BenchStorage {
  label: string;
  /** For the server process. */
  server: Storage;
  open: () => Promise<Db>;
  remove: () => Promise<void>;
}

export function embeddedStorage(): BenchStorage {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-'));
  return {
    label: 'embedded (PGlite)',
    server: { dataDir },
    open: () => openDatabase({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A database of its own on the PostgreSQL server `url` names, dropped afterwards. */
export async function postgresStorage(url: string): Promise<BenchStorage> {
  const name = `lodestar_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const databaseUrl = scratch.toString();
  return {
    label: 'PostgreSQL',
    server: { databaseUrl },
    open: () => openDatabase({ databaseUrl }),
    remove: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export const configModel = buildModel(remoteConfig, remoteConfig.resources.find((r) => r.name === 'configs')!);

/** One organisation with `apps` apps (remote config enabled), each with `perApp` configs shaped like `configData`. */
export async function seed(db: Db, opts: Pick<MixOptions, 'apps' | 'perApp'>): Promise<Target[]> {
  const owner = await createAccount(db, { email: 'load@example.com', password: 'load-bench-password', name: 'Load' });
  const org = await createOrganization(db, 'Load Studio', owner);
  const targets: Target[] = [];
  for (let a = 0; a < opts.apps; a++) {
    const appId = await createApp(db, org, `Load Game ${a}`, ['remote-config']);
    await db.query(
      `INSERT INTO ${tableOf(configModel)} (service, kind, id, scope_id, data)
       SELECT $1, $2, 'cfg-' || $3::int || '-' || i, $4,
         jsonb_build_object('key', 'key_' || lpad(i::text, 6, '0'), 'type', 'INT', 'value', i::text, 'variableType', 'keyValue', 'description', 'bench config ' || i)
       FROM generate_series(1, $5::int) AS i`,
      [configModel.service.name, configModel.res.name, a, appId, opts.perApp],
    );
    const secret = (await db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [appId])).rows[0].s;
    targets.push({ appId, authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}` });
  }
  await db.query(`ANALYZE ${tableOf(configModel)}`);
  return targets;
}

/** Every config's current version, by id. */
export async function versionsOf(db: Db): Promise<Map<string, number>> {
  const res = await db.query<{ id: string; version: number }>(`SELECT id, version FROM ${tableOf(configModel)} WHERE service = $1 AND kind = $2`, [
    configModel.service.name,
    configModel.res.name,
  ]);
  return new Map(res.rows.map((r) => [r.id, Number(r.version)]));
}

/**
 * The operations as the endpoints carry them out, minus HTTP, routing, validation and the credential check: a read
 * is the record's SELECT; a write is that SELECT, the versioned UPDATE and the operation-history INSERT.
 */
export function directExec(db: Queryable, targets: Target[]): Exec {
  const store = new RecordStore(db);
  const m = configModel;
  return async (op) => {
    const { appId } = targets[op.app];
    if (op.kind === 'read') {
      await store.get(m, appId, op.id);
      return;
    }
    const existing = await store.get(m, appId, op.id);
    const updated = await store.update(m, appId, op.id, { data: op.data as Data, version: op.version });
    await recordOperation(db, { actor: `app:${appId}`, appId, action: `${m.service.name}.${m.res.name}.update`, target: op.id, before: existing, after: updated });
    return updated.version as number;
  };
}

/** A database handle that notes the text of every statement issued through it. */
export function recording(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const note = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql.replace(/\s+/g, ' ').trim());
      return q.query(sql, params);
    },
  });
  const wrapped: Db = {
    ...db,
    kind: db.kind,
    query: note(db).query,
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction((tx) => fn(note(tx))),
    close: () => db.close(),
  };
  return { db: wrapped, statements };
}
