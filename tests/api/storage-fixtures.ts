import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { storage } from '../../resources/storage';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';

export const BASE = storage.base;
export const D = `${BASE}/databases`;

export interface StorageHarness extends Harness {
  appId: string;
  store: Harness['svc'];
  /** A second app of another organisation, with storage enabled. */
  otherStore: Harness['svc'];
}

/** The test server with its data directory of its own, and two apps of two organisations with storage enabled. */
export async function startStorage(env: NodeJS.ProcessEnv = {}): Promise<StorageHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lodestar-storage-test-'));
  const h = await startHarness({ env: { DATA_DIR: dataDir, STORAGE_POSTGRESQL_PORT: '0', ...env } });
  const apps: Harness['svc'][] = [];
  let appId = '';
  for (const label of ['storage', 'rival']) {
    const owner = await createAccount(h.db, { email: `${label}@example.com`, password: 'storage-password', name: label });
    const org = await createOrganization(h.db, `${label} studio`, owner);
    const id = await createApp(h.db, org, `${label} game`, ['storage']);
    appId ||= id;
    const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [id])).rows[0].app_service_secret;
    apps.push(serviceRequest(h.req, basicOf(id, secret)));
  }
  return {
    ...h,
    appId,
    store: apps[0],
    otherStore: apps[1],
    close: async () => {
      await h.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Created {
  id: string;
  status: string;
  host: string;
  port: number;
  user: string;
  databaseName: string;
  requestId: string;
  server: string;
}

/** Waits until the request is no longer RUNNING; answers it. */
export async function settled(h: StorageHarness, id: string, requestId: string): Promise<{ status: string; message?: string; kind: string }> {
  for (let i = 0; i < 600; i++) {
    const res = await h.store('GET', `${D}/${id}/async-request/${requestId}/status`);
    if (res.statusCode !== 200) throw new Error(`status: ${res.statusCode} ${res.body}`);
    const body = res.json();
    if (body.status !== 'RUNNING') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the request never settled');
}

/** A created database whose create request succeeded. */
export async function createDatabase(h: StorageHarness, fields: Record<string, unknown>): Promise<Created> {
  const res = await h.store('POST', D, { engine: 'postgresql', region: 'ap-shanghai', instanceType: 's1', ...fields });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  const made = res.json() as Created;
  const request = await settled(h, made.id, made.requestId);
  if (request.status !== 'SUCCESS') throw new Error(`create request: ${JSON.stringify(request)}`);
  return made;
}

/** A client signed in with the database's shown connection details. */
export async function connectTo(db: Pick<Created, 'host' | 'port' | 'user' | 'databaseName'>, password: string, overrides: Partial<pg.ClientConfig> = {}): Promise<pg.Client> {
  const client = new pg.Client({ host: db.host, port: db.port, user: db.user, database: db.databaseName, password, connectionTimeoutMillis: 10_000, ...overrides });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
