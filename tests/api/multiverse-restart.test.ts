/**
 * Multiverse's game servers after the platform restarted, on the `docker` driver (the Docker Engine as it answers:
 * tests/stand-ins/docker-engine.ts): the start-up recovery follows a running container of a live record again — its
 * SDK answered by this run, its record naming this run — while a live record whose container no longer runs is marked
 * failed and the container removed, and a container whose record ended is removed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../server/engine/query';
import { multiverseModule, supervisorOf } from '../../server/services/multiverse/index';
import { multiverseModels } from '../../server/services/multiverse/models';
import { startDockerEngine, type DockerEngine } from '../stand-ins/docker-engine';
import { startMultiverse, until, type MultiverseHarness } from './multiverse-fixtures';

let dir: string;
let engine: DockerEngine;
let h: MultiverseHarness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lodestar-mv-restart-'));
  engine = await startDockerEngine(dir);
  h = await startMultiverse('restart', { MULTIVERSE_DRIVER: 'docker', MULTIVERSE_DOCKER_SOCKET: engine.socketPath, MULTIVERSE_DOCKER_SDK_LISTEN: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

const sdk = (port: number, method: string, path: string, body: unknown) =>
  new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json' } }, (res) => resolve(res.statusCode ?? 0));
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });

describe('a restarted platform on the docker driver', () => {
  it('follows a running container of a live record again, fails one that no longer runs, removes one whose record ended', async () => {
    const q = records(h.db, multiverseModels(h.ctx).servers);
    // As a run on another host left them: an allocated server whose container runs, one whose container stopped, one ended.
    const left = (status: string) => q.insert(h.mvAppId, { kind: 'allocation', sdkState: 'Allocated', driver: 'docker', instance: 'gone-host:7', millicores: 500, ports: [{ name: 'game', protocol: 'UDP', containerPort: 9998, port: 17321 }], port: 17321, labels: {}, players: ['p1'], playerCount: 1 }, { status });
    const running = await left('allocated');
    const stopped = await left('allocated');
    const ended = await left('deallocated');
    const owned = (id: string) => ({ 'lodestar.dev/owner': 'multiverse', 'lodestar.dev/server-id': id });
    engine.leave(`lodestar-${running.id}`, { AGONES_SDK_HTTP_PORT: '17390' }, owned(String(running.id)));
    engine.leave(`lodestar-${stopped.id}`, {}, owned(String(stopped.id))).running = false;
    engine.leave(`lodestar-${ended.id}`, {}, owned(String(ended.id)));

    await multiverseModule.prepare!(h.ctx);
    const now = async (id: unknown) => (await q.maybe(h.mvAppId, String(id)))!;
    expect([(await now(running.id)).status, (await now(running.id)).instance]).toEqual(['allocated', supervisorOf(h.ctx).instance]);
    expect([(await now(stopped.id)).status, (await now(stopped.id)).reason]).toEqual(['failed', 'the platform restarted']);
    expect([...engine.containers.keys()]).toEqual([`lodestar-${running.id}`]);

    // The container's SDK reaches this run: the player the record had leaves.
    expect(await sdk(17390, 'POST', '/alpha/player/disconnect', { playerID: 'p1' })).toBe(200);
    await until(() => now(running.id), (v) => v.playerCount === 0);
    // Its end is this run's to see.
    engine.exit(`lodestar-${running.id}`, 1);
    const failed = await until(() => now(running.id), (v) => v.status === 'failed');
    expect(failed.reason).toBe('the server process exited');
  });
});
