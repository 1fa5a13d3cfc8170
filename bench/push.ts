/**
 * Push's part of `npm run bench` (alone: `npx tsx bench/push.ts`): a send fanned out to 10,000 connected clients
 * through the push server (`POST <base>/apps/{id}/messages` to everyone: stored, then written to every
 * connection), beside a bare `ws` server broadcasting the same frame to as many clients, in the same run; messages
 * delivered per second and the ratio. The clients run in their own process.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WebSocketServer } from 'ws';
import { push } from '../resources/push';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { createAccount, createApp, createOrganization } from '../server/platform/accounts';
import { issuePlayerToken } from '../server/services/passport/players/principal';
import { records } from '../server/engine/query';
import { usersModel } from '../server/services/passport/players/models';

const CLIENTS = Number(process.env.BENCH_PUSH_CLIENTS ?? 10_000);
const SENDS = Number(process.env.BENCH_PUSH_SENDS ?? 20);
const BODY = { target: 'all', title: 'Raid', body: 'The raid starts in five minutes', data: { raid: 7 } };
const clientScript = fileURLToPath(new URL('./push-clients.mjs', import.meta.url));

/** The clients' process, once every client is connected; `done` resolves with the delivery time in ms. */
function clients(url: string, welcome: boolean): Promise<{ child: ChildProcessWithoutNullStreams; done: Promise<number> }> {
  const child = spawn(process.execPath, [clientScript, url, String(CLIENTS), String(CLIENTS * SENDS), welcome ? 'welcome' : '']);
  let out = '';
  let onDone: (ms: number) => void = () => undefined;
  const done = new Promise<number>((r) => (onDone = r));
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.on('exit', (code) => code && reject(new Error(`clients exited ${code}`)));
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('ready')) resolve({ child, done });
      const m = /done \d+ ([\d.]+)/.exec(out);
      if (m) onDone(Number(m[1]));
    });
  });
}

async function bare(frame: string): Promise<number> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const { port } = wss.address() as { port: number };
  const { child, done } = await clients(`ws://127.0.0.1:${port}`, false);
  for (let i = 0; i < SENDS; i++) {
    for (const ws of wss.clients) ws.send(frame);
    await new Promise((r) => setImmediate(r));
  }
  const ms = await done;
  child.stdin.write('quit\n');
  await new Promise((r) => wss.close(r));
  return (CLIENTS * SENDS) / (ms / 1000);
}

async function throughPush(): Promise<number> {
  const db = await openDatabase({});
  const { app } = await buildApp(db, loadConfig({}));
  const owner = await createAccount(db, { email: 'push-bench@example.com', password: 'bench-password', name: 'Bench' });
  const appId = await createApp(db, await createOrganization(db, 'Bench Studio', owner), 'Bench Game', ['push', 'passport']);
  const secret = (await db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [appId])).rows[0].s;
  const authorization = `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;
  const created = await app.inject({ method: 'POST', url: `${push.base}/apps`, headers: { authorization }, payload: { name: 'bench', servers: Math.ceil(CLIENTS / 3500) } });
  const { id, appKey } = (await app.inject({ method: 'GET', url: `${push.base}/apps/${created.json().id}`, headers: { authorization } })).json();
  // One player whose token every client connects with (the fan-out is to everyone).
  const user = await records(db, usersModel).insert(appId, { name: 'bench player', platform: 'ServerSide' });
  const { token } = await issuePlayerToken(db, appId, String(user.id));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const { child, done } = await clients(`ws://127.0.0.1:${port}${push.base}/connect?appKey=${appKey}&token=${token}`, true);
  for (let i = 0; i < SENDS; i++) {
    const res = await app.inject({ method: 'POST', url: `${push.base}/apps/${id}/messages`, headers: { authorization }, payload: BODY });
    if (res.statusCode !== 201 || res.json().online !== CLIENTS) throw new Error(`send: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  const ms = await done;
  child.stdin.write('quit\n');
  await app.close();
  await db.close();
  return (CLIENTS * SENDS) / (ms / 1000);
}

export async function runPushBench(): Promise<void> {
  const frame = JSON.stringify({ type: 'message', id: '00000000-0000-4000-8000-000000000000', ...BODY, sentAt: new Date().toISOString() });
  const base = await bare(frame);
  const pushed = await throughPush();
  console.log(`\npush fan-out to ${CLIENTS} clients, ${SENDS} sends (embedded database)`);
  console.log(`  bare ws broadcast   ${Math.round(base).toLocaleString('en')} messages/s`);
  console.log(`  push server         ${Math.round(pushed).toLocaleString('en')} messages/s`);
  console.log(`  ratio               ${(pushed / base).toFixed(2)}x (target >= 0.7x)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runPushBench();
