import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echoArchive, startMultiverse, until, udpExchange, type MultiverseHarness } from './multiverse-fixtures';

let h: MultiverseHarness;
let gameId: string;
let revisionId: string;

const servers = async (where: Record<string, string>) => (await h.mv('GET', `${h.base}/servers?${new URLSearchParams({ ...where, pageSize: '100' })}`)).json().items as Record<string, unknown>[];
const server = (id: string) => h.mv('GET', `${h.base}/servers/${id}`).then((r) => r.json());
const built = (id: string) => until(() => h.mv('GET', `${h.base}/images/${id}`).then((r) => r.json()), (i) => ['success', 'failure'].includes(i.status));
const allocations = () => `${h.base}/allocation/games/${gameId}/allocations`;

beforeAll(async () => {
  // Four host ports, and builds that may unpack to 1 MB at most.
  h = await startMultiverse('fleet', { MULTIVERSE_PORT_RANGE: '17350-17353', MULTIVERSE_IMAGE_LIMIT_MB: '1' });
});
afterAll(() => h.close());

describe('bad builds', () => {
  it('an upload that is not an archive is refused at once, nothing kept', async () => {
    const bad = await h.upload(new TextEncoder().encode('#!/bin/sh\necho not an archive\n'), { name: 'plain', startCommand: 'run.sh' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'the upload is not a zip or tar.gz archive']);
    expect((await h.mv('GET', `${h.base}/images`)).json().items).toEqual([]);
  });

  it('a zip bomb fails its build at decompress, past the limit, however small its headers say it is', async () => {
    const bomb = zipSync({ 'a.bin': new Uint8Array(8_000_000), 'server.mjs': new TextEncoder().encode('') }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const up = await h.upload(bomb, { name: 'bomb', startCommand: 'node server.mjs' });
    expect(up.statusCode).toBe(201);
    await h.build();
    const image = await built(up.json().id);
    expect([image.status, image.stepCode, image.error]).toEqual(['failure', 40, 'the archive unpacks to more than the limit']);
  });

  it('a start command outside the archive fails its build at check', async () => {
    for (const startCommand of ['/bin/sh -c true', 'node ../server.mjs', 'python3 server.mjs']) {
      const up = await h.upload(await echoArchive(), { name: 'outside', startCommand });
      await h.build();
      const image = await built(up.json().id);
      expect([startCommand, image.status, image.error]).toEqual([startCommand, 'failure', 'the start command is outside the archive']);
    }
    const missing = await h.upload(await echoArchive(), { name: 'missing', startCommand: 'node game.mjs' });
    await h.build();
    expect((await built(missing.json().id)).error).toBe('the start command names a file the archive does not have');
  });
});

describe('a build that says its own start command', () => {
  it('is named from its file and started by the multiverse.json at its root; without either, its build says so', async () => {
    const text = (t: string) => new TextEncoder().encode(t);
    const archive = zipSync({ 'multiverse.json': text(JSON.stringify({ startCommand: 'node server.mjs' })), 'server.mjs': text('') });
    const up = await h.upload(archive, { fileName: 'My Echo Server.zip' });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().name).toBe('my-echo-server');
    await h.build();
    const image = await built(up.json().id);
    expect([image.status, image.startCommand]).toEqual(['success', 'node server.mjs']);
    const bare = await h.upload(zipSync({ 'server.mjs': text('') }), { fileName: 'bare.zip' });
    await h.build();
    expect((await built(bare.json().id)).error).toBe('the image has no start command');
  });
});

describe('an OnFleetGame', () => {
  it('keeps a warm Ready server once its profile is released', async () => {
    const image = (await h.upload(await echoArchive(), { name: 'echo', startCommand: 'node server.mjs' })).json();
    await h.build();
    expect((await built(image.id)).status).toBe('success');
    gameId = (await h.mv('POST', `${h.base}/game/games`, { name: 'fleet-game', mode: 'OnFleetGame', regions: ['local'] })).json().id;
    const profileId = (await h.mv('POST', `${h.base}/profiles`, { gameId, name: 'fleet' })).json().id;
    revisionId = (await h.mv('POST', `${h.base}/profile-revisions`, { profileId, imageId: image.id, health: { periodSeconds: 1, failureThreshold: 5, initialDelaySeconds: 5 } })).json().id;
    expect((await h.mv('POST', `${h.base}/profile-revisions/${revisionId}/release`)).statusCode).toBe(200);
    await h.mv('PUT', `${h.base}/game/games/${gameId}`, { name: 'fleet-game', mode: 'OnFleetGame', regions: ['local'], profileId, version: 1 });
    await h.refill();
    const warm = await until(() => servers({ gameId, kind: 'fleet' }), (s) => s.length === 1 && s[0].sdkState === 'Ready');
    expect(warm[0].status).toBe('created');
  });

  it('two allocations racing for the last Ready server: exactly one wins, the other is told there is none', async () => {
    const [a, b] = await Promise.all([h.mv('POST', allocations(), { region: 'local' }), h.mv('POST', allocations(), { region: 'local' })]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    const won = (a.statusCode === 201 ? a : b).json();
    const lost = (a.statusCode === 201 ? b : a).json();
    expect([won.status, won.kind, lost.code]).toEqual(['allocated', 'allocation', 'NO_READY_SERVER']);
    expect(await udpExchange(won.address, won.port, 'fleet')).toBe('ECHO fleet');
  });

  it('refills its buffer after the allocation; a warm server killed with SIGKILL fails and is replaced', async () => {
    await until(async () => (await h.refill(), servers({ gameId, kind: 'fleet', status: 'created', sdkState: 'Ready' })), (s) => s.length === 1);
    const [warm] = await servers({ gameId, kind: 'fleet', status: 'created' });
    process.kill(Number(warm.pid), 'SIGKILL');
    const failed = await until(() => server(String(warm.id)), (s) => s.status === 'failed', 5000);
    expect(failed.reason).toBe('the server process exited');
    await h.refill();
    const again = await until(() => servers({ gameId, kind: 'fleet', status: 'created', sdkState: 'Ready' }), (s) => s.length === 1);
    expect(again[0].id).not.toBe(warm.id);
  });

  it('a server that stops sending Health is unhealthy, then failed', async () => {
    const quiet = (await h.mv('POST', `${h.base}/profile-revisions`, { profileId: (await server(String((await servers({ gameId, kind: 'fleet', status: 'created' }))[0].id))).profileId, imageId: (await h.mv('GET', `${h.base}/profile-revisions/${revisionId}`)).json().imageId, env: [{ name: 'HEALTH_INTERVAL_MS', value: '600000' }], health: { periodSeconds: 1, failureThreshold: 1, initialDelaySeconds: 1 } })).json();
    const test = await h.mv('POST', `${h.base}/test-servers`, { revisionId: quiet.id });
    expect(test.statusCode, test.body).toBe(201);
    const failed = await until(() => server(test.json().id), (s) => s.status === 'failed', 8000);
    expect(failed.reason).toBe('the server missed its health checks');
  });

  it('a test server past the port range is refused with 503; its siblings run until deleted', async () => {
    // The four ports less those of the servers running (the allocation and the warm one): test servers take the rest.
    const live = (await servers({ status: 'created' })).length + (await servers({ status: 'allocated' })).length;
    expect(live).toBe(2);
    const made = [];
    for (let i = 0; i < 4 - live; i++) {
      const t = await h.mv('POST', `${h.base}/test-servers`, { revisionId });
      expect(t.statusCode, t.body).toBe(201);
      made.push(t.json());
    }
    const full = await h.mv('POST', `${h.base}/test-servers`, { revisionId });
    expect([full.statusCode, full.json().code]).toEqual([503, 'NO_CAPACITY']);
    for (const t of made) {
      const status = await until(() => h.mv('GET', `${h.base}/test-servers/${t.id}/status`).then((r) => r.json()), (s) => s.sdkState === 'Ready');
      expect(status.port).toBeGreaterThanOrEqual(17350);
      expect((await h.mv('DELETE', `${h.base}/test-servers/${t.id}`)).json().status).toBe('deallocated');
    }
    expect((await h.mv('GET', `${h.base}/test-servers`)).json().items.length).toBeGreaterThanOrEqual(2);
  });
});
