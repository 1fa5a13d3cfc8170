import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, severalInstancesProblems } from '../../server/config';

const POSTGRES = { DATABASE_URL: 'postgres://lodestar:pw@db:5432/lodestar', REDIS_URL: 'redis://redis:6379' };
const S3 = { S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };

const problemsOf = (env: Record<string, string>) => severalInstancesProblems(loadConfig(env));

describe('a server told it is one of several (SEVERAL_INSTANCES=on)', () => {
  it('runs on PostgreSQL with S3-compatible storage', () => {
    expect(problemsOf({ SEVERAL_INSTANCES: 'on', ...POSTGRES, ...S3 })).toEqual([]);
  });

  it('refuses a local blob directory, naming it and the two ways out', () => {
    const problems = problemsOf({ SEVERAL_INSTANCES: 'on', ...POSTGRES, BLOB_DIR: '/srv/lodestar-blobs' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('/srv/lodestar-blobs');
    expect(problems[0]).toContain('S3_BUCKET');
    expect(problems[0]).toContain('BLOB_DIR_SHARED=on');
  });

  it('takes a local blob directory the operator declares a shared volume', () => {
    expect(problemsOf({ SEVERAL_INSTANCES: 'on', ...POSTGRES, BLOB_DIR_SHARED: 'on' })).toEqual([]);
  });

  it('refuses to run without Redis, where Sync instances find each other\'s rooms', () => {
    const problems = problemsOf({ SEVERAL_INSTANCES: 'on', DATABASE_URL: POSTGRES.DATABASE_URL, ...S3 });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('REDIS_URL');
  });

  it('refuses the embedded database', () => {
    const problems = problemsOf({ SEVERAL_INSTANCES: 'on', REDIS_URL: POSTGRES.REDIS_URL, ...S3 });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('DATABASE_URL');
  });

  it('asks nothing of a server that is not told so, nor of one told anything but "on"', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ SEVERAL_INSTANCES: 'off', BLOB_DIR_SHARED: 'on' })).toEqual([]);
  });
});

describe('starting the server as one of several with a local blob directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-several-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits with status 1 before opening a database, and says why', async () => {
    const env = { PATH: process.env.PATH ?? '', SEVERAL_INSTANCES: 'on', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that does not refuse keeps running: it is stopped, and the status below is not 1.
    const stop = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearTimeout(stop);
    expect(code).toBe(1);
    expect(stderr).toContain('Lodestar cannot start');
    expect(stderr).toContain('DATABASE_URL');
    expect(stderr).toContain('BLOB_DIR_SHARED=on');
  }, 40_000);
});
