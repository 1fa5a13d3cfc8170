/**
 * The database servers' own dump and load programs a backup runs: PostgreSQL's `pg_dump` and `psql` (Debian's
 * `postgresql-client`, each major version under /usr/lib/postgresql/<major>/bin; the newest is taken, since pg_dump
 * refuses a server newer than itself), MariaDB's `mariadb-dump` and `mariadb` (`mariadb-client`, or the `mysqldump` and
 * `mysql` names). Passwords reach them through the environment, never their arguments.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(name: string): string | undefined {
  return (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name)).find(executable);
}

/** A PostgreSQL client program: the newest major version's under /usr/lib/postgresql, else the one on PATH. */
export function postgresProgram(name: 'pg_dump' | 'psql'): string {
  const root = '/usr/lib/postgresql';
  let majors: string[] = [];
  try {
    majors = readdirSync(root).filter((d) => /^\d+$/.test(d)).sort((a, b) => Number(b) - Number(a));
  } catch {
    // Not a Debian layout: PATH's.
  }
  const found = majors.map((m) => join(root, m, 'bin', name)).find(executable) ?? onPath(name);
  if (!found) throw new Error(`${name} is not installed on this server (Debian: apt-get install postgresql-client)`);
  return found;
}

/** A MariaDB client program, by its new name or its MySQL one. */
export function mariadbProgram(kind: 'dump' | 'client'): string {
  const names = kind === 'dump' ? ['mariadb-dump', 'mysqldump'] : ['mariadb', 'mysql'];
  const found = names.map(onPath).find(Boolean);
  if (!found) throw new Error(`${names[0]} is not installed on this server (Debian: apt-get install mariadb-client)`);
  return found;
}

/**
 * Runs a program, its output written to `output` and `input` fed to it; rejects with the end of what it said on
 * stderr when it exits with an error.
 */
export async function runProgram(program: string, args: string[], env: Record<string, string>, io: { input?: Readable; output?: Writable }): Promise<void> {
  const child = spawn(program, args, { env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', ...env }, stdio: [io.input ? 'pipe' : 'ignore', io.output ? 'pipe' : 'ignore', 'pipe'] });
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const flows: Promise<void>[] = [];
  if (io.input) flows.push(pipeline(io.input, child.stdin!).catch((e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? undefined : Promise.reject(e))));
  if (io.output) flows.push(pipeline(child.stdout!, io.output));
  const [ended, ...flowed] = await Promise.allSettled([exited, ...flows]);
  if (ended.status === 'rejected') throw ended.reason;
  if (ended.value !== 0) {
    const last = said.trim().split('\n').slice(-3).join(' ').trim();
    throw new Error(`${program.split('/').pop()} failed${last ? `: ${last}` : ` (exit code ${ended.value})`}`);
  }
  const broken = flowed.find((f) => f.status === 'rejected');
  if (broken) throw broken.reason;
}
