import { execFileSync } from 'node:child_process';
import { chownSync, chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

const PG_ROOT = '/usr/lib/postgresql';
const OWNER = 'postgres';

/** A throw-away PostgreSQL server of the tests' own, listening on 127.0.0.1 at a free port. */
export interface PgCluster {
  url: string;
  port: number;
  /** Stops the server (fast shutdown: open connections are cut); the data stays. */
  stop: () => void;
  /** Starts it again on the same data and port. */
  start: () => void;
  /** Stops it and removes its data. */
  destroy: () => void;
}

/** The newest installed PostgreSQL's bin directory, or an error that says how to install one. */
function binDir(): string {
  const versions = existsSync(PG_ROOT) ? readdirSync(PG_ROOT).filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'postgres'))) : [];
  if (!versions.length) {
    throw new Error(
      `PostgreSQL is not installed: no ${PG_ROOT}/<version>/bin/postgres. Install it (Debian: apt-get install postgresql) — .ci/run does — and run the tests again.`,
    );
  }
  versions.sort((a, b) => Number(b) - Number(a));
  return join(PG_ROOT, versions[0], 'bin');
}

const runningAsRoot = () => userInfo().uid === 0;

/** initdb and the server refuse to run as root: as root, they run as the postgres user (created if missing). */
function ensureOwner(): { uid: number; gid: number } | undefined {
  if (!runningAsRoot()) return undefined;
  const ids = () => {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${OWNER}:`));
    return line ? { uid: Number(line.split(':')[2]), gid: Number(line.split(':')[3]) } : undefined;
  };
  if (!ids()) execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/bin/sh', OWNER], { stdio: 'pipe' });
  return ids();
}

function run(bin: string, args: string[]): string {
  const [cmd, argv] = runningAsRoot() ? ['runuser', ['-u', OWNER, '--', bin, ...args]] : [bin, args];
  try {
    return execFileSync(cmd, argv, { stdio: 'pipe', encoding: 'utf8' });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${bin} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/** Creates, configures and starts a cluster in a fresh directory under /tmp. */
export async function startCluster(): Promise<PgCluster> {
  const bin = binDir();
  const owner = ensureOwner();
  const dir = mkdtempSync('/tmp/lodestar-faults-pg-');
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  const port = await freePort();
  const pgCtl = join(bin, 'pg_ctl');
  // The server's socket goes to /tmp (named by the port), its TCP listener to 127.0.0.1 only. The server process
  // itself is never killed by these tests, so syncing to disk is not what they check.
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => {
    try {
      run(pgCtl, ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
    } catch (err) {
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
      throw new Error(`${(err as Error).message}\n${serverLog}`);
    }
  };
  const stop = () => {
    run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  const destroy = () => {
    try {
      if (existsSync(join(data, 'postmaster.pid'))) run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-locale', '-E', 'UTF8']);
    start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop, start, destroy };
}
