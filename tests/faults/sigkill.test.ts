/**
 * Durability: the real server under a steady write load is killed with SIGKILL, restarted on the same data, and
 * must still hold every write it acknowledged — several rounds, on the embedded database and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type PgCluster } from './pg-cluster';
import { demoAppCredential, startServer, type ServerProcess, type Storage } from './server-process';
import { missingWrites, startWriteLoad, type Acknowledged } from './write-load';

const ROUNDS = 3;

let cluster: PgCluster | undefined;
let dataDir: string | undefined;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  cluster = await startCluster();
  dataDir = mkdtempSync(join(tmpdir(), 'lodestar-faults-'));
});

afterAll(async () => {
  for (const s of running) await s.kill();
  cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function serve(storage: Storage) {
  const server = await startServer(storage);
  running.add(server);
  return server;
}

describe.each([
  ['the embedded database', () => ({ dataDir: dataDir! })],
  ['PostgreSQL', () => ({ databaseUrl: cluster!.url })],
] as const)('SIGKILL under write load, on %s', (_name, storage) => {
  it(`keeps every acknowledged write, over ${ROUNDS} kills and restarts`, async () => {
    let server = await serve(storage());
    const { authorization } = await demoAppCredential(server.url);
    const stored: Acknowledged[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const load = startWriteLoad(server.url, authorization, `kill${round}`);
      // A different point in the stream each round, with requests in flight when the signal lands.
      await load.reached(20 + Math.floor(Math.random() * 60));
      const pid = server.pid;
      await server.kill();
      running.delete(server);
      await load.stop();
      expect(load.refused, 'answers other than 2xx before the kill').toEqual([]);
      expect(load.acknowledged.length).toBeGreaterThanOrEqual(20);
      stored.push(...load.acknowledged);

      server = await serve(storage());
      expect(server.pid).not.toBe(pid);
      const missing = await missingWrites(server.url, authorization, stored);
      expect(missing, `round ${round}: acknowledged writes lost after SIGKILL`).toEqual([]);
    }
    console.log(`SIGKILL on ${_name}: ${ROUNDS} rounds, ${stored.length} acknowledged writes, all stored`);
    await server.stop();
    running.delete(server);
  });
});
