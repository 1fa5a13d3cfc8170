/**
 * Stateless functions' part of `npm run bench` (alone: `npx tsx bench/func-stateless.ts`): one small handler invoked
 * warm, p50 and p99 of each way, in the same run — called directly in Node (the baseline: the same code as a plain
 * function, trusted here), run in the sandbox (a QuickJS WebAssembly instance of its own per run), and through the
 * API gateway (the whole request: lookup, rate limit, sandbox, log and metering, in-process on the embedded
 * database) — with the ratios to the baseline; and the sandbox's start-up (a fresh runtime on an idle instance).
 */
import { pathToFileURL } from 'node:url';
import { funcStateless } from '../resources/func-stateless';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { createAccount, createApp, createOrganization } from '../server/platform/accounts';
import { runInSandbox } from '../server/services/func-stateless/sandbox';

const RUNS = Number(process.env.BENCH_FUNC_RUNS ?? 200);
const CODE = 'exports.handler = async (event) => { const { values } = event.body ?? event; return { sum: values.reduce((a, b) => a + b, 0), n: values.length }; };';
const EVENT = { values: Array.from({ length: 100 }, (_, i) => i) };

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

async function times(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await run(); // warm
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return out;
}

const line = (name: string, xs: number[], base?: number[]) =>
  console.log(`  ${name}: p50 ${pct(xs, 50).toFixed(3)} ms, p99 ${pct(xs, 99).toFixed(3)} ms${base ? `; ratio to direct p50 ${(pct(xs, 50) / pct(base, 50)).toFixed(0)}×, p99 ${(pct(xs, 99) / pct(base, 99)).toFixed(0)}×` : ''}`);

export async function runFuncStatelessBench(): Promise<void> {
  const module = { exports: {} as { handler: (e: typeof EVENT) => Promise<unknown> } };
  new Function('module', 'exports', CODE)(module, module.exports);
  const direct = await times(() => module.exports.handler(EVENT));
  const limits = { memoryBytes: 64 * 1024 * 1024, timeoutMs: 3000, allowedHosts: [] };
  const sandbox = await times(() => runInSandbox({ files: { 'index.js': CODE }, handler: 'index.handler', event: EVENT, context: {}, limits }));
  const startup = await times(() => runInSandbox({ files: { 'index.js': 'exports.handler = () => 0;' }, handler: 'index.handler', event: null, context: {}, limits }));

  const db = await openDatabase({});
  const { app } = await buildApp(db, loadConfig({}));
  const owner = await createAccount(db, { email: 'bench@example.com', password: 'bench-password', name: 'Bench' });
  const appId = await createApp(db, await createOrganization(db, 'Bench', owner), 'Bench game', [funcStateless.name]);
  const secret = (await db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0].app_service_secret;
  const authorization = `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await app.inject({ method, url: `${funcStateless.base}${url}`, headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const fn = await call('POST', '/func-stateless/functions', { name: 'bench' });
  await call('PUT', `/func-stateless/functions/${fn.id}/scf`, { files: { 'index.js': CODE } });
  await call('PUT', `/func-stateless/functions/${fn.id}/gateway`, { enabled: true, rateLimitPerMinute: 100_000 });
  const gateway = await times(async () => {
    const res = await app.inject({ method: 'POST', url: `${funcStateless.base}/func-stateless/gateway/${appId}/bench`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(EVENT) });
    if (res.statusCode !== 200) throw new Error(`gateway: ${res.statusCode} ${res.body}`);
  });
  await app.close();
  await db.close();

  console.log(`\nfunc-stateless: a handler summing 100 numbers, ${RUNS} warm invocations each`);
  line('direct in Node (baseline)', direct);
  line('in the sandbox', sandbox, direct);
  line('through the gateway', gateway, direct);
  console.log(`  sandbox start-up (a fresh QuickJS runtime on an idle instance: made, run and disposed): p50 ${pct(startup, 50).toFixed(2)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runFuncStatelessBench();
