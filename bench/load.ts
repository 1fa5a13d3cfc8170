/**
 * The mixed scenario of `npm run bench`: 10 apps with 100,000 configs between them, 80% reads and 20% writes for
 * 60 s against the real server (its own process, over HTTP with keep-alive connections), then the same operations'
 * SQL issued directly against the same database for as long. Prints throughput, p50 / p99, errors (any is a
 * failure), the server's resident memory at the end, and the ratio HTTP / direct SQL — on the embedded database,
 * and on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names a server it may create a scratch database on. Run it alone with `npx tsx bench/load.ts`.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app';
import type { Db } from '../server/db';
import { loadConfig } from '../server/config';
import { startServer } from '../tests/faults/server-process';
import { recordId, runMix, type Exec, type MixOptions, type MixStats } from './load-mix';
import { configModel, directExec, embeddedStorage, postgresStorage, recording, seed, versionsOf, type BenchStorage, type Target } from './load-storage';

const APPS = Number(process.env.BENCH_LOAD_APPS ?? 10);
const RECORDS = Number(process.env.BENCH_LOAD_RECORDS ?? 100_000);
// Long enough for the embedded database's WebAssembly to be optimised and its caches filled on a small machine.
const WARMUP_SECONDS = Number(process.env.BENCH_LOAD_WARMUP ?? 10);

function options(): MixOptions {
  return {
    apps: APPS,
    perApp: Math.floor(RECORDS / APPS),
    connections: Number(process.env.BENCH_LOAD_CONNECTIONS ?? 10),
    seconds: Number(process.env.BENCH_LOAD_SECONDS ?? 60),
    readShare: 0.8,
  };
}

/** The operations over HTTP: `GET <configs>/<id>` and `PUT <configs>/<id>` with the version last seen. */
function httpExec(url: string, targets: Target[], connections: number): { exec: Exec; close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(url);
  const send = (method: 'GET' | 'PUT', path: string, authorization: string, body?: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: http.OutgoingHttpHeaders = { authorization };
      if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      const req = http.request({ agent, hostname, port, method, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  const exec: Exec = async (op) => {
    const { authorization } = targets[op.app];
    const path = `${configModel.base}/${op.id}`;
    const res = op.kind === 'read' ? await send('GET', path, authorization) : await send('PUT', path, authorization, { ...op.data, version: op.version });
    if (res.status !== 200) throw new Error(`${res.status} ${res.text.slice(0, 200)}`);
    if (op.kind === 'write') return (JSON.parse(res.text) as { version: number }).version;
  };
  return { exec, close: () => agent.destroy() };
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the direct operations issue the statements the endpoints issue (checked on one read and one write). */
async function sameStatements(storage: BenchStorage, targets: Target[]): Promise<string | undefined> {
  const db = await storage.open();
  try {
    const endpoint = recording(db);
    const databaseUrl = 'databaseUrl' in storage.server ? storage.server.databaseUrl : undefined;
    const { app } = await buildApp(endpoint.db, { ...loadConfig({}), databaseUrl });
    const id = recordId(0, 1);
    const { authorization } = targets[0];
    const url = `${configModel.base}/${id}`;
    await app.inject({ method: 'GET', url, headers: { authorization } }); // fills the credential cache, as under load
    const version = (await versionsOf(db)).get(id) ?? 1;
    endpoint.statements.length = 0;
    await app.inject({ method: 'GET', url, headers: { authorization } });
    const put = await app.inject({ method: 'PUT', url, headers: { authorization }, payload: { key: 'key_000001', type: 'INT', value: '7', version } });
    if (put.statusCode !== 200) return `the endpoint refused the check's update: ${put.statusCode} ${put.body}`;
    await app.close();
    const direct = recording(db);
    const exec = directExec(direct.db, targets);
    await exec({ kind: 'read', app: 0, id });
    await exec({ kind: 'write', app: 0, id, version: version + 1, data: { key: 'key_000001', type: 'INT', value: '8', variableType: 'keyValue' } });
    const a = [...endpoint.statements].sort().join('\n');
    const b = [...direct.statements].sort().join('\n');
    return a === b ? undefined : `the endpoints issue\n${a}\nbut the direct run issues\n${b}`;
  } finally {
    await db.close();
  }
}

/**
 * Both runs start from the same state: the first one's updates leave dead row versions behind, which PostgreSQL's
 * autovacuum would clear in time and the embedded database (no background workers) never does by itself.
 */
async function settle(db: Db): Promise<void> {
  await db.query('VACUUM ANALYZE records');
  await db.query('VACUUM ANALYZE audit_log');
}

const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;
const line = (what: string, s: MixStats) =>
  `${what.padEnd(12)} ${s.throughput.toFixed(0).padStart(6)} op/s  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  errors ${s.errors}  (${s.reads} reads, ${s.writes} writes)`;

async function measure(storage: BenchStorage): Promise<boolean> {
  const opts = options();
  try {
    const db = await storage.open();
    const targets = await seed(db, opts);
    await settle(db);
    let versions = await versionsOf(db);
    await db.close();

    const server = await startServer(storage.server, { DEMO_DATA: 'off' });
    let api: MixStats;
    let rss: number | undefined;
    try {
      const client = httpExec(server.url, targets, opts.connections);
      await runMix({ ...opts, seconds: WARMUP_SECONDS }, versions, client.exec);
      api = await runMix(opts, versions, client.exec);
      rss = rssMb(server.pid);
      client.close();
    } finally {
      await server.stop();
    }

    const direct = await storage.open();
    let sql: MixStats;
    try {
      await settle(direct);
      versions = await versionsOf(direct);
      const exec = directExec(direct, targets);
      await runMix({ ...opts, seconds: WARMUP_SECONDS }, versions, exec);
      sql = await runMix(opts, versions, exec);
    } finally {
      await direct.close();
    }
    const mismatch = await sameStatements(storage, targets);

    console.log(storage.label);
    console.log(`  ${line('HTTP', api)}  server RSS ${rss === undefined ? 'n/a' : `${rss.toFixed(0)} MB`}`);
    console.log(`  ${line('direct SQL', sql)}`);
    console.log(`  ratio HTTP / direct SQL ${(api.throughput / sql.throughput).toFixed(2)}`);
    if (mismatch) console.log(`  note: ${mismatch}`);
    for (const e of [...api.errorSamples, ...sql.errorSamples]) console.log(`  error: ${e}`);
    return api.errors === 0 && sql.errors === 0;
  } finally {
    await storage.remove();
  }
}

export async function runLoadBench(): Promise<void> {
  const opts = options();
  console.log(
    `\nMixed load: ${opts.apps} apps × ${opts.perApp} configs, ${opts.readShare * 100}% reads / ${100 - opts.readShare * 100}% writes, ` +
      `${opts.connections} connections, ${opts.seconds} s (after ${WARMUP_SECONDS} s of warm-up):`,
  );
  let clean = await measure(embeddedStorage());
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (url) clean = (await measure(await postgresStorage(url))) && clean;
  else console.log('PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL) to a server this run may create a scratch database on');
  if (!clean) {
    console.log('Errors under load: the run failed.');
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runLoadBench();
