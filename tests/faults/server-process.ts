import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, ROOT } from '../e2e/server';

export { freePort, ROOT };

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the server keeps its data: a directory for the embedded database, or a PostgreSQL URL. */
export type Storage = { dataDir: string } | { databaseUrl: string };

export interface ServerProcess {
  url: string;
  pid: number;
  /** What the server printed so far (for failure messages). */
  output: () => string;
  /** Whether the process is still running. */
  alive: () => boolean;
  /** Kills the process at once (no shutdown code runs) and waits until it is gone. */
  kill: () => Promise<void>;
  /** Asks the process to stop, and kills it if it does not within a few seconds. */
  stop: () => Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Waits until GET /healthz answers 200, failing early if the process exits. */
export async function waitHealthy(server: Pick<ServerProcess, 'url' | 'alive' | 'output'>, timeoutMs = HEALTH_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`The server exited:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/healthz`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`The server did not answer GET /healthz with 200 within ${timeoutMs / 1000} s:\n${server.output()}`);
}

/**
 * Runs the real server (`server/main.ts`, as `npm run server` does) as one node process on a free port, on the
 * given storage, with demo data on first start, and waits until it is healthy.
 */
export async function startServer(storage: Storage, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...extraEnv };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  if ('dataDir' in storage) env.DATA_DIR = storage.dataDir;
  else env.DATABASE_URL = storage.databaseUrl;
  // One process (node with the tsx loader), so a signal reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (alive()) child.kill('SIGKILL');
    await exited(child);
  };
  const stop = async () => {
    if (!alive()) return;
    child.kill('SIGTERM');
    const done = await Promise.race([exited(child).then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
    if (!done) await kill();
  };
  const server: ServerProcess = { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, output: () => log, alive, kill, stop };
  try {
    await waitHealthy(server);
  } catch (error) {
    await kill();
    throw error;
  }
  return server;
}

/** The demo app's service credential, read through the console API as its owner would. */
export async function demoAppCredential(url: string): Promise<{ appId: string; authorization: string }> {
  const login = await fetch(`${url}/auth/auth-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'lodestar-demo' }),
  });
  if (login.status !== 200) throw new Error(`demo sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const apps = (await (await fetch(`${url}/api/apps`, { headers: { cookie } })).json()) as { Items: { AppId: string; ProjectName: string }[] };
  const demo = apps.Items.find((a) => a.ProjectName === 'Demo Game');
  if (!demo) throw new Error(`the demo app is missing: ${JSON.stringify(apps)}`);
  const app = (await (await fetch(`${url}/api/app/${demo.AppId}`, { headers: { cookie } })).json()) as { AppServiceSecret: string };
  return { appId: demo.AppId, authorization: `Basic ${Buffer.from(`${demo.AppId}:${app.AppServiceSecret}`).toString('base64')}` };
}
