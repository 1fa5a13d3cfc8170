/**
 * Multiverse's part of `npm run bench` (alone: `npx tsx bench/multiverse.ts`), on the process driver with the
 * repository's example echo server:
 * - 200 allocations at once on a fleet of 50 Ready servers (its server limit 50, so nothing refills it meanwhile):
 *   how many succeed (exactly 50 must) and whether any server was given twice (none may);
 * - allocation from a warm fleet, one at a time, p50 and p99, beside the limit measured in the same run: the time to
 *   spawn the same server process directly until it says it listens (what an on-demand start cannot beat).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipSync } from 'fflate';
import { multiverse } from '../resources/multiverse';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { createAccount, createApp, createOrganization } from '../server/platform/accounts';

const FLEET = Number(process.env.BENCH_MV_FLEET ?? 50);
const BURST = Number(process.env.BENCH_MV_BURST ?? 200);
const SPAWNS = Number(process.env.BENCH_MV_SPAWNS ?? 10);
const ECHO = new URL('../examples/multiverse-echo/server.mjs', import.meta.url);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** Spawns the echo server directly and answers the milliseconds until it says it listens. */
function spawnOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    // Its SDK port answers nothing: the server listens, then fails to reach the SDK, which the limit does not include.
    const child = spawn(process.execPath, [ECHO.pathname], { env: { PORT: String(port), AGONES_SDK_HTTP_PORT: '1' }, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      if (!text.includes('listening')) return;
      resolve(performance.now() - t);
      child.kill('SIGKILL');
    });
    child.once('error', reject);
  });
}

async function until(read: () => Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await read())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function runMultiverseBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lodestar-bench-mv-'));
  const db = await openDatabase({});
  const config = loadConfig({ DATA_DIR: dataDir, MULTIVERSE_PORT_RANGE: '18000-18399', MULTIVERSE_STOP_GRACE_MS: '500', LOG_LEVEL: 'silent' });
  const { app } = await buildApp(db, config);
  try {
    const owner = await createAccount(db, { email: 'bench-mv@example.com', password: 'bench-password', name: 'Bench' });
    const appId = await createApp(db, await createOrganization(db, 'Bench', owner), 'Bench game', [multiverse.name]);
    const secret = (await db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0].app_service_secret;
    const authorization = `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, ok = true) => {
      const res = await app.inject({ method, url: `${multiverse.base}${url}`, headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
      if (ok && res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const archive = zipSync({ 'server.mjs': new Uint8Array(await readFile(ECHO)) });
    const image = (await app.inject({ method: 'POST', url: `${multiverse.base}/images?name=echo&startCommand=${encodeURIComponent('node server.mjs')}`, headers: { authorization, 'content-type': 'application/zip' }, payload: Buffer.from(archive) })).json();
    await until(async () => (await call('GET', `/images/${image.id}`)).json().status === 'success', 'the build');
    const game = (await call('POST', '/game/games', { name: 'bench-fleet', mode: 'OnFleetGame', regions: ['local'], minReady: FLEET, maxServers: FLEET, bufferPercent: 0 })).json();
    const profile = (await call('POST', '/profiles', { gameId: game.id, name: 'bench' })).json();
    const revision = (await call('POST', '/profile-revisions', { profileId: profile.id, imageId: image.id, cpu: 0.1 })).json();
    await call('POST', `/profile-revisions/${revision.id}/release`);
    await call('PUT', `/game/games/${game.id}`, { name: 'bench-fleet', mode: 'OnFleetGame', regions: ['local'], minReady: FLEET, maxServers: FLEET, bufferPercent: 0, profileId: profile.id, version: game.version });
    const allocations = `/allocation/games/${game.id}/allocations`;
    const readyWarm = async () => {
      const items = (await call('GET', `/servers?gameId=${game.id}&kind=fleet&status=created&pageSize=100`)).json().items as { sdkState: string }[];
      return items.filter((s) => s.sdkState === 'Ready').length === FLEET;
    };

    // The burst: every allocation at once on a full fleet.
    await until(readyWarm, `${FLEET} Ready servers`);
    const burst = await Promise.all(Array.from({ length: BURST }, () => call('POST', allocations, { region: 'local' }, false)));
    const won = burst.filter((r) => r.statusCode === 201).map((r) => r.json() as { id: string });
    const refused = burst.filter((r) => r.statusCode === 409).length;
    const distinct = new Set(won.map((a) => a.id)).size;
    for (const a of won) await call('DELETE', `${allocations}/${a.id}`);

    // One at a time on a refilled fleet.
    await until(readyWarm, `the fleet refilled to ${FLEET} Ready servers`);
    const one: number[] = [];
    const taken: string[] = [];
    for (let i = 0; i < FLEET; i++) {
      const t = performance.now();
      taken.push((await call('POST', allocations, { region: 'local' })).json().id);
      one.push(performance.now() - t);
    }
    for (const id of taken) await call('DELETE', `${allocations}/${id}`);

    const spawned: number[] = [];
    for (let i = 0; i < SPAWNS; i++) spawned.push(await spawnOnce(18_400 + i));

    console.log(`\nmultiverse: the example echo server on the process driver, a fleet of ${FLEET} Ready servers`);
    console.log(`  ${BURST} allocations at once: ${won.length} allocated, ${refused} told there is no Ready server, ${won.length - distinct} servers given twice${won.length === FLEET && distinct === FLEET ? '' : '  ← WRONG: exactly one allocation per server is required'}`);
    console.log(`  spawning the server directly until it listens (the limit, ${SPAWNS} runs): p50 ${pct(spawned, 50).toFixed(1)} ms, p99 ${pct(spawned, 99).toFixed(1)} ms`);
    console.log(`  allocation from the warm fleet, one at a time (${FLEET}): p50 ${pct(one, 50).toFixed(1)} ms, p99 ${pct(one, 99).toFixed(1)} ms; ratio to the spawn p50 ${(pct(one, 50) / pct(spawned, 50)).toFixed(2)}×, p99 ${(pct(one, 99) / pct(spawned, 99)).toFixed(2)}×`);
  } finally {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runMultiverseBench();
