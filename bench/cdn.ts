/**
 * Asset streaming's part of `npm run bench` (alone: `npx tsx bench/cdn.ts`): delivering a 1 MB and a 10 KB entry by
 * badge, requests per second beside `@fastify/static` serving the same files from disk in the same run (target ≥ 0.8×
 * for both), then uploading 10,000 small entries (upload token, upload, entry; four uploaders at once, as a build
 * pipeline pushing a folder might: BENCH_CDN_UPLOADERS), entries per second, and listing a bucket of 100,000 entries
 * (`cdn-listing.ts`). Embedded database.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { assetStreaming } from '../resources/asset-streaming';
import { contentUrl } from '../resources/cdn/delivery';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { createAccount, createApp, createOrganization } from '../server/platform/accounts';
import { runListingBench } from './cdn-listing';

const SECONDS = Number(process.env.BENCH_CDN_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CDN_CONNECTIONS ?? 10);
const UPLOADS = Number(process.env.BENCH_CDN_UPLOADS ?? 10_000);
const UPLOADERS = Number(process.env.BENCH_CDN_UPLOADERS ?? 4);
const BUCKETS = `${assetStreaming.base}/buckets`;

const require = createRequire(import.meta.url);
const autocannonBin = require.resolve('autocannon/autocannon.js');

/** Requests per second of GETs of one address, from a separate process. */
function drive(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), url]);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', () => {
      const r = JSON.parse(out) as { requests: { average: number }; non2xx: number; errors: number };
      if (r.non2xx || r.errors) reject(new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`));
      else resolve(r.requests.average);
    });
  });
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function runCdnBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lodestar-cdn-bench-'));
  const config = { ...loadConfig({}), blobDir: join(dir, 'blobs') };
  const db = await openDatabase({});
  const { app, ctx } = await buildApp(db, config);
  const owner = await createAccount(db, { email: 'bench@example.com', password: 'bench-password', name: 'Bench' });
  const appId = await createApp(db, await createOrganization(db, 'Bench', owner), 'Bench game', ['asset-streaming']);
  const secret = (await db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0].app_service_secret;
  const authorization = `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) }, payload: payload ? JSON.stringify(payload) : undefined });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const putEntry = async (bucketId: string, path: string, bytes: Buffer) => {
    const grant = await call('GET', `${BUCKETS}/${bucketId}/uploadtoken/${sha256(bytes)}/?size=${bytes.length}`);
    if (!grant.stored) {
      const url = new URL(grant.uploadUrl);
      const res = await app.inject({ method: 'PUT', url: `${url.pathname}${url.search}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
      if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    }
    await call('POST', `${BUCKETS}/${bucketId}/entries/`, { path, contentHash: sha256(bytes), contentType: 'application/octet-stream' });
  };

  const bucket = await call('POST', `${BUCKETS}/`, { name: 'bench' });
  const files = { 'big.bin': randomBytes(1_000_000), 'small.bin': randomBytes(10_000) };
  const disk = join(dir, 'static');
  await mkdir(disk, { recursive: true });
  for (const [path, bytes] of Object.entries(files)) {
    await putEntry(bucket.id, path, bytes);
    await writeFile(join(disk, path), bytes);
  }
  await call('POST', `${BUCKETS}/${bucket.id}/releases/`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const plain = Fastify();
  await plain.register(fastifyStatic, { root: disk });
  const plainAddress = await plain.listen({ port: 0, host: '127.0.0.1' });

  console.log(`\nAsset streaming delivery by badge, ${CONNECTIONS} connections, ${SECONDS} s each (beside @fastify/static, same files):`);
  for (const path of Object.keys(files)) {
    const cdn = await drive(`${address}${contentUrl(assetStreaming.base, bucket.id, { badge: 'latest' }, path)}`);
    const stat = await drive(`${plainAddress}/${path}`);
    console.log(`  ${path.padEnd(10)} ${String(files[path as keyof typeof files].length).padStart(8)} B  cdn ${cdn.toFixed(0).padStart(6)} req/s | static ${stat.toFixed(0).padStart(6)} req/s | ratio ${(cdn / stat).toFixed(2)} (target ≥ 0.80)`);
  }
  await plain.close();

  const many = await call('POST', `${BUCKETS}/`, { name: 'many' });
  const started = performance.now();
  let next = 0;
  const uploader = async () => {
    for (let i = next++; i < UPLOADS; i = next++) await putEntry(many.id, `files/${Math.floor(i / 100)}/${i}.txt`, Buffer.from(`entry ${i} ${randomBytes(8).toString('hex')}`));
  };
  await Promise.all(Array.from({ length: UPLOADERS }, uploader));
  const seconds = (performance.now() - started) / 1000;
  console.log(`  uploading ${UPLOADS} small entries (token, upload, entry; ${UPLOADERS} at once): ${(UPLOADS / seconds).toFixed(0)} entries/s`);

  const [sample] = await call('GET', `${BUCKETS}/${many.id}/entries/?offset=0&limit=1`);
  const listed = await call('POST', `${BUCKETS}/`, { name: 'listed' });
  await runListingBench(ctx, address, authorization, listed.id, appId, sample);
  await app.close();
  await db.close();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runCdnBench();
