/**
 * Real Redis and MariaDB servers for the tests that need them, each started from the Debian package's binary
 * (`redis-server`, `mariadbd` with `mariadb-install-db`; .ci/run installs both) on a free port with its own scratch
 * directory, and stopped with its directory removed. Without the binary a test fails, saying which package to install.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface LocalServer {
  /** The URL an administrator connects with: `redis://127.0.0.1:P` or `mysql://root@127.0.0.1:P`. */
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function binary(names: string[], pkg: string): string {
  for (const name of names) {
    for (const dir of ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin']) {
      if (existsSync(join(dir, name))) return join(dir, name);
    }
  }
  throw new Error(`${names[0]} is not installed: install Debian's ${pkg} package (.ci/run does) to run this test`);
}

/** Resolves once something accepts connections on the port, or rejects after `ms` (with the server's output). */
async function listening(port: number, proc: ChildProcess, output: () => string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const c = createConnection({ host: '127.0.0.1', port }, () => (c.end(), resolve(true)));
      c.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not listen on ${port} within ${ms} ms: ${output()}`);
}

async function started(cmd: string, args: string[], port: number, dir: string, url: string): Promise<LocalServer> {
  const proc = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout?.on('data', (d) => (out = (out + d).slice(-4000)));
  proc.stderr?.on('data', (d) => (out = (out + d).slice(-4000)));
  try {
    await listening(port, proc, () => out);
  } catch (e) {
    proc.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    url,
    port,
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis server with no persistence. */
export async function startRedis(): Promise<LocalServer> {
  const cmd = binary(['redis-server'], 'redis-server');
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'lodestar-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  return started(cmd, args, port, dir, `redis://127.0.0.1:${port}`);
}

/** A MariaDB server whose root (on 127.0.0.1, no password) may create databases and users. */
export async function startMariadb(): Promise<LocalServer> {
  const server = binary(['mariadbd', 'mysqld'], 'mariadb-server');
  const install = binary(['mariadb-install-db', 'mysql_install_db'], 'mariadb-server');
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'lodestar-mariadb-'));
  const data = join(dir, 'data');
  const user = userInfo().username;
  const made = spawnSync(install, [`--datadir=${data}`, `--user=${user}`, '--auth-root-authentication-method=normal', '--skip-test-db'], { encoding: 'utf8' });
  if (made.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`mariadb-install-db failed: ${made.stderr || made.stdout}`);
  }
  const args = [
    '--no-defaults',
    `--datadir=${data}`,
    `--user=${user}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${join(dir, 'mysqld.sock')}`,
    `--pid-file=${join(dir, 'mysqld.pid')}`,
    '--skip-log-bin',
    '--innodb-buffer-pool-size=32M',
    // The slow-query log is what Storage reads a MariaDB database's slow queries from.
    '--slow-query-log=1',
    '--log-output=TABLE',
    '--long-query-time=0.1',
  ];
  return started(server, args, port, dir, `mysql://root@127.0.0.1:${port}`);
}
