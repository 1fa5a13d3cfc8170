/**
 * PostgreSQL stopped under a running server: every request that needs the database answers 503 in the one error
 * shape, /healthz says so, the process stays up, and service resumes by itself once the database is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type PgCluster } from './pg-cluster';
import { demoAppCredential, sleep, startServer, type ServerProcess } from './server-process';
import { remoteConfig } from '../../resources/config';

const CONFIGS = `${remoteConfig.base}/configs`;
const RECOVERY_ATTEMPTS = 150;

let cluster: PgCluster;
let server: ServerProcess | undefined;

beforeAll(async () => {
  cluster = await startCluster();
});

afterAll(async () => {
  await server?.kill();
  cluster?.destroy();
});

/** A request the way a game server or the console sends it; the answer's status, body and how long it took. */
async function call(url: string, init: RequestInit = {}) {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: res.status, body, ms: performance.now() - started };
}

const json = (authorization: string, payload: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { authorization, 'content-type': 'application/json' },
  body: JSON.stringify(payload),
});

describe('PostgreSQL stopped while the server runs', () => {
  it('answers 503 DATABASE_UNAVAILABLE, reports it on /healthz, and resumes without a restart', async () => {
    server = await startServer({ databaseUrl: cluster.url });
    const { url } = server;
    const { authorization } = await demoAppCredential(url);
    const before = await call(`${url}${CONFIGS}`, json(authorization, { key: 'before_outage', type: 'INT', value: '1' }));
    expect(before.status, JSON.stringify(before.body)).toBe(201);

    cluster.stop();

    const health = await call(`${url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'unavailable', database: 'postgres' });

    const unavailable = { code: 'DATABASE_UNAVAILABLE', message: 'database unavailable' };
    const during = {
      'list with the app credential': await call(`${url}${CONFIGS}?page=1&pageSize=20`, { headers: { authorization } }),
      'create with the app credential': await call(`${url}${CONFIGS}`, json(authorization, { key: 'during_outage', type: 'INT', value: '2' })),
      'read one record': await call(`${url}${CONFIGS}/${(before.body as { id: string }).id}`, { headers: { authorization } }),
      'console sign-in': await call(`${url}/auth/auth-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com', password: 'lodestar-demo' }),
      }),
      'console call with a session cookie': await call(`${url}/api/apps`, { headers: { cookie: 'sst=some-session-token' } }),
    };
    for (const [what, res] of Object.entries(during)) {
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(503);
      expect(res.body, what).toEqual(unavailable);
    }
    console.log(
      `PostgreSQL down: ${Object.entries(during)
        .map(([what, r]) => `${what} ${r.status} in ${r.ms.toFixed(0)} ms`)
        .join(', ')}`,
    );
    expect(server.alive(), 'the server process exited during the outage').toBe(true);

    cluster.start();

    // The same process serves again once a new connection succeeds; nothing restarts it.
    let health2 = await call(`${url}/healthz`);
    for (let i = 0; i < RECOVERY_ATTEMPTS && health2.status !== 200; i++) {
      await sleep(200);
      health2 = await call(`${url}/healthz`);
    }
    expect(health2.status).toBe(200);
    expect(health2.body).toEqual({ status: 'ok', database: 'postgres' });
    const after = await call(`${url}${CONFIGS}`, json(authorization, { key: 'after_outage', type: 'INT', value: '3' }));
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    const list = await call(`${url}${CONFIGS}?page=1&pageSize=100`, { headers: { authorization } });
    expect(list.status).toBe(200);
    const keys = (list.body as { items: { key: string }[] }).items.map((c) => c.key);
    expect(keys).toContain('before_outage');
    expect(keys).toContain('after_outage');
    expect(keys).not.toContain('during_outage');
    expect(server.alive()).toBe(true);
  });
});
