/**
 * `npm run bench`: the config list endpoint against the same SQL issued directly (the limit), on the embedded
 * database and, when DATABASE_URL is set, on PostgreSQL. Prints requests per second, p99 and the ratio.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db';
import { listSql } from '../server/engine/store';
import { tableOf } from '../server/engine/sql';
import { modelOf } from '../server/context';
import { createAccount, createApp, createOrganization } from '../server/platform/accounts';
import { runLoadBench } from './load';
import { configModel } from './load-storage';
import { runLeaderboardBench } from './leaderboard';
import { runDeepLinkBench } from './deep-link';
import { runAssistantEval } from './assistant-eval';
import { runCdnBench } from './cdn';
import { runSafeBench } from './safe';
import { runSaveBench } from './save';
import { runPushBench } from './push';
import { runStacktraceBench } from './stacktrace';
import { runMatchBench } from './match';
import { runMultiverseBench } from './multiverse';
import { runFuncStatelessBench } from './func-stateless';
import { runSyncBench } from './usync';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figures {
  rps: number;
  p99: number;
  /** CPU this process spent per request, in ms (the server's share; the database server's is not included). */
  cpuMs?: number;
}

/** Runs a measurement and adds this process's CPU time per request to it. */
async function withCpu(run: () => Promise<Figures>): Promise<Figures> {
  const before = process.cpuUsage();
  const f = await run();
  const used = process.cpuUsage(before);
  return { ...f, cpuMs: (used.user + used.system) / 1000 / (f.rps * SECONDS) };
}

const require = createRequire(import.meta.url);
const autocannonBin = require.resolve('autocannon/autocannon.js');

/** HTTP load from a separate process, so the load generator does not share the server's event loop. */
function drive(url: string, authorization: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), '-H', `authorization=${authorization}`, url]);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', () => {
      const r = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
      if (r.non2xx || r.errors) reject(new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`));
      else resolve({ rps: r.requests.average, p99: r.latency.p99 });
    });
  });
}

/** The endpoint's own SQL, issued straight at the database by as many concurrent callers. */
async function direct(run: () => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await run();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / SECONDS, p99: latencies[Math.floor(latencies.length * 0.99)] };
}

async function seed(db: Db) {
  const owner = await createAccount(db, { email: 'bench@example.com', password: 'bench-password', name: 'Bench' });
  const org = await createOrganization(db, 'Bench Studio', owner);
  const appId = await createApp(db, org, 'Bench Game', ['remote-config']);
  await db.query(
    `INSERT INTO ${tableOf(configModel)} (service, kind, id, scope_id, data)
     SELECT 'remote-config', 'configs', 'cfg-' || i, $1,
       jsonb_build_object('key', 'key_' || lpad(i::text, 6, '0'), 'type', 'INT', 'value', i::text, 'variableType', 'keyValue', 'description', 'bench config ' || i)
     FROM generate_series(1, $2::int) AS i`,
    [appId, RECORDS],
  );
  await db.query(`ANALYZE ${tableOf(configModel)}`);
  const secret = (await db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [appId])).rows[0].s;
  return { appId, authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}` };
}

async function measure(label: string, databaseUrl?: string) {
  const config = { ...loadConfig({}), databaseUrl };
  const db = await openDatabase({ databaseUrl });
  if (databaseUrl) await db.exec('TRUNCATE accounts, sessions, organizations, org_members, apps, records, usage_events, audit_log CASCADE');
  const { app, ctx } = await buildApp(db, config);
  const { appId, authorization } = await seed(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const m = modelOf(ctx, 'remote-config', 'configs');
  const url = `http://127.0.0.1:${port}${m.base}?page=1&pageSize=20&sort=key&order=asc`;
  const { page, count, params, pageParams } = listSql(m, appId, { page: 1, pageSize: 20, sort: 'key', order: 'asc', filters: {} });
  const sql = () => Promise.all([db.query(page, pageParams), db.query(count, params)]);

  for (let i = 0; i < 300; i++) await sql(); // warm-up
  const api = await withCpu(() => drive(url, authorization));
  const limit = await withCpu(() => direct(sql));
  await app.close();
  await db.close();
  const ratio = api.rps / limit.rps;
  console.log(
    `${label.padEnd(22)} endpoint ${api.rps.toFixed(0).padStart(6)} req/s  p99 ${api.p99.toFixed(1).padStart(6)} ms | direct SQL ${limit.rps.toFixed(0).padStart(6)} req/s  p99 ${limit.p99.toFixed(1).padStart(6)} ms | ratio ${ratio.toFixed(2)} (target ≥ 0.70)`,
  );
  console.log(`${''.padEnd(22)} CPU of this process per request: endpoint ${api.cpuMs?.toFixed(2)} ms, direct SQL ${limit.cpuMs?.toFixed(2)} ms`);
}

console.log(`Config list, ${RECORDS} configs, ${CONNECTIONS} connections, ${SECONDS} s each:`);
await measure('embedded (PGlite)');
if (process.env.DATABASE_URL) await measure('PostgreSQL', process.env.DATABASE_URL);

await runLoadBench();
await runLeaderboardBench();
await runDeepLinkBench();
await runCdnBench();
await runSafeBench();
await runSaveBench();
await runPushBench();
await runStacktraceBench();
await runMatchBench();
await runMultiverseBench();
await runFuncStatelessBench();
await runSyncBench();
await runAssistantEval();
