/**
 * Cloud saves' part of `npm run bench` (alone: `npx tsx bench/save.ts`): JSON saves written per second through the
 * API (`POST <base>/saves`: credential, validation, the versioned write, the answer) beside the same write's SQL
 * issued directly (`writeSave`: the player's lock, the settings, the slot, the quota's sums, the insert or versioned
 * update and the history row, in one transaction), in the same run on the embedded database, and the ratio.
 */
import { pathToFileURL } from 'node:url';
import { save } from '../resources/save';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { createAccount, createApp, createOrganization } from '../server/platform/accounts';
import { writeSave } from '../server/services/save/writes';

const SECONDS = Number(process.env.BENCH_SAVE_SECONDS ?? 5);
const CALLERS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** Writes for `SECONDS` from `CALLERS` concurrent callers, each on its own player and slot, each write the next version. */
async function rate(write: (player: string, version: number) => Promise<void>): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, c) => {
      const player = `bench-${c}-${Math.random().toString(36).slice(2, 8)}`;
      for (let version = 0; performance.now() < until; version++) {
        await write(player, version);
        done++;
      }
    }),
  );
  return done / SECONDS;
}

export async function runSaveBench(): Promise<void> {
  const db = await openDatabase({});
  const { app, ctx } = await buildApp(db, loadConfig({}));
  const owner = await createAccount(db, { email: 'save-bench@example.com', password: 'bench-password', name: 'Bench' });
  const appId = await createApp(db, await createOrganization(db, 'Save Bench', owner), 'Save Bench', [save.name]);
  const secret = (await db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [appId])).rows[0].s;
  const authorization = `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;
  const data = { level: 12, coins: 3400, inventory: ['sword', 'shield', 'potion'], position: { x: 10.5, y: -3, z: 2 } };

  const throughApi = async (playerId: string, version: number) => {
    const res = await app.inject({ method: 'POST', url: `${save.base}/saves`, headers: { authorization, 'content-type': 'application/json' }, payload: JSON.stringify({ playerId, data, version }) });
    if (res.statusCode !== 200) throw new Error(`write refused: ${res.statusCode} ${res.body}`);
  };
  const size = Buffer.byteLength(JSON.stringify(data));
  const directly = async (playerId: string, version: number) => {
    await writeSave(ctx, appId, 'bench', { playerId, version }, { kind: 'json', data, size });
  };
  // Warm-up: the first calls build the caches and the saves' table.
  for (let v = 0; v < 20; v++) await throughApi('warm-up', v);
  for (let v = 0; v < 20; v++) await directly('warm-up-direct', v);
  const api = await rate(throughApi);
  const direct = await rate(directly);
  await app.close();
  await db.close();
  console.log(`\nsave: JSON saves written, ${CALLERS} concurrent writers, ${SECONDS} s each, embedded database`);
  console.log(`  through the API (POST ${save.base}/saves): ${api.toFixed(0)} writes/s`);
  console.log(`  the same write's SQL issued directly: ${direct.toFixed(0)} writes/s`);
  console.log(`  ratio ${(api / direct).toFixed(2)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runSaveBench();
