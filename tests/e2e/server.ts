import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: the server is started from there, as `npm run server` would. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const HEALTH_TIMEOUT_MS = 120_000;

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** What the server printed so far (for failure messages). */
  output: () => string;
  /** Ends the server and removes its data directory, unless `keep`. */
  stop: (keep?: boolean) => Promise<void>;
}

/**
 * The data directory the run's global setup left seeded (global-setup.ts): a copy starts a server as the first
 * start would have left it, without seeding the demo again. None outside the end-to-end run (a bench).
 */
async function seededByTheRun(): Promise<string | undefined> {
  try {
    const { inject } = await import('vitest');
    return inject('e2eSeededDataDir') || undefined;
  } catch {
    return undefined;
  }
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error(`The server did not answer GET /healthz within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the real server (`tsx server/main.ts`) on a free port with a data directory of its own — a copy of the run's
 * seeded one, or (`fresh`, or outside the end-to-end run) an empty one it seeds the demo in — and waits until it is
 * healthy. `stop` ends it (and the processes it started) and removes the directory.
 */
export async function startServer(opts: { fresh?: boolean } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-e2e-'));
  const seeded = opts.fresh ? undefined : await seededByTheRun();
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  delete env.NODE_ENV;
  // Its own fresh data directory, whatever database the calling shell names (`npm run bench` with DATABASE_URL).
  delete env.DATABASE_URL;
  // Its own process group, so stopping it also stops the node process tsx starts.
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;

  const stop = async (keep = false) => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const done = await Promise.race([exited(child).then(() => true), sleep(5000).then(() => false)]);
      if (!done) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
        await exited(child);
      }
    }
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, output, stop };
}

/** A call to `url` with a credential (an app's Basic one), its answer parsed; a refused call throws with its answer. */
export async function callWith(url: string, credential: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { authorization: credential, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}
