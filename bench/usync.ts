/**
 * Sync's part of `npm run bench` (alone: `npx tsx bench/usync.ts`): relay fan-out in a room of 16 clients, each
 * sending messages the relay gives to the 15 others, beside a bare `ws` server relaying the same frames to the same
 * clients in the same run; messages delivered per second and the ratio (target >= 0.7x).
 */
import { pathToFileURL } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { usync } from '../resources/usync';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { createAccount, createApp, createOrganization } from '../server/platform/accounts';

const CLIENTS = Number(process.env.BENCH_SYNC_CLIENTS ?? 16);
// Within the tier's burst (twice its 500 messages a second), so no client is throttled.
const EACH = Number(process.env.BENCH_SYNC_MESSAGES ?? 500);
const EXPECTED = CLIENTS * EACH * (CLIENTS - 1);

/** Opens the clients (each welcomed first, when `welcome`), then has each send its messages; answers the time until every delivery arrived (ms). */
async function run(urls: string[], welcome: boolean): Promise<number> {
  let got = 0;
  let onDone: () => void = () => undefined;
  const done = new Promise<void>((r) => (onDone = r));
  const sockets = await Promise.all(
    urls.map(async (url) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      // Listening from the start: the relay's welcome may come in the same packet as the upgrade's answer.
      await new Promise<void>((ready, fail) => {
        ws.once('error', fail);
        if (!welcome) ws.once('open', () => ready());
        ws.on('message', (d: Buffer) => {
          if (d.includes('"welcome"')) ready();
          else if (d.includes('"message"') && ++got === EXPECTED) onDone();
        });
      });
      return ws;
    }),
  );
  const started = performance.now();
  for (let i = 0; i < EACH; i++) for (const ws of sockets) ws.send(JSON.stringify({ type: 'send', data: { i } }));
  await done;
  const ms = performance.now() - started;
  for (const ws of sockets) ws.close();
  return ms;
}

async function bare(): Promise<number> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  wss.on('connection', (ws) =>
    ws.on('message', (d: Buffer) => {
      const { data } = JSON.parse(d.toString()) as { data: unknown };
      const out = JSON.stringify({ type: 'message', from: 'p', data });
      for (const c of wss.clients) if (c !== ws) c.send(out);
    }),
  );
  const { port } = wss.address() as { port: number };
  const ms = await run(Array.from({ length: CLIENTS }, () => `ws://127.0.0.1:${port}`), false);
  await new Promise((r) => wss.close(r));
  return EXPECTED / (ms / 1000);
}

async function throughRelay(): Promise<number> {
  const db = await openDatabase({});
  const { app } = await buildApp(db, loadConfig({}));
  const owner = await createAccount(db, { email: 'sync-bench@example.com', password: 'bench-password', name: 'Bench' });
  const appId = await createApp(db, await createOrganization(db, 'Bench Studio', owner), 'Bench Lobby', ['usync']);
  const secret = (await db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [appId])).rows[0].s;
  const headers = { authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}` };
  const post = async (url: string, payload: unknown) => (await app.inject({ method: 'POST', url: `${usync.base}${url}`, headers, payload: payload as object })).json();
  const tier = await post('/api/room-profile-tiers', { name: 'bench', maxPlayers: CLIENTS, messagesPerSecond: 500, netAllowance: 100_000_000 });
  const profile = await post('/api/room-profiles', { name: 'bench', tierId: tier.id, ratio: CLIENTS });
  const room = await post('/service/rooms', { profileId: profile.id });
  if (room.status !== 'READY') throw new Error(`room ${JSON.stringify(room)}`);
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) tokens.push((await post(`/service/rooms/${room.id}/join`, { playerId: `p${i}` })).token);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const urls = tokens.map((t) => `ws://127.0.0.1:${port}${usync.base}/relay?roomId=${room.id}&token=${t}`);
  const ms = await run(urls, true);
  await app.close();
  await db.close();
  return EXPECTED / (ms / 1000);
}

export async function runSyncBench(): Promise<void> {
  const base = await bare();
  const relayed = await throughRelay();
  console.log(`\nsync relay fan-out, ${CLIENTS} clients in one room, ${EACH} messages each to the ${CLIENTS - 1} others (embedded database)`);
  console.log(`  bare ws relay       ${Math.round(base).toLocaleString('en')} messages/s`);
  console.log(`  sync relay          ${Math.round(relayed).toLocaleString('en')} messages/s`);
  console.log(`  ratio               ${(relayed / base).toFixed(2)}x (target >= 0.7x)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runSyncBench();
