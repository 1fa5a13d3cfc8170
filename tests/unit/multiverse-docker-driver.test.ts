/**
 * The `docker` driver against the Docker Engine API's own shapes (tests/stand-ins/docker-engine.ts: an HTTP server on
 * a unix socket answering as the Engine does, recording every request): the build, the container body, the wait
 * before the start, the multiplexed output, stats, stop — and a container an earlier run left, followed again.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseTar } from 'nanotar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerDriver, type DockerDriverOptions } from '../../server/services/multiverse/runtime/docker-driver';
import type { SdkEvent, ServerSpec } from '../../server/services/multiverse/runtime/driver';
import { startDockerEngine, type DockerEngine } from '../stand-ins/docker-engine';

let dir: string;
let engine: DockerEngine;
let requests: DockerEngine['requests'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lodestar-docker-'));
  await writeFile(join(dir, 'server.mjs'), 'console.log("hi")\n');
  engine = await startDockerEngine(dir);
  requests = engine.requests;
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

const options = (o: Partial<DockerDriverOptions> = {}): DockerDriverOptions => ({ socketPath: engine.socketPath, ports: { from: 17600, to: 17609 }, publicHost: '203.0.113.5', sdkHost: 'host.docker.internal', sdkListen: '127.0.0.1', baseImage: 'node:20-slim', imageOf: (s) => `lodestar-game:${s.image!.id.toLowerCase()}`, ...o });
/** A call to an SDK endpoint, as the server in the container makes it: the answer's status. */
const sdkCall = (port: number, path: string, body: unknown = {}) =>
  new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': 'application/json' } }, (res) => resolve(res.statusCode ?? 0));
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
const until = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(done()).toBe(true);
};

describe('the docker driver', () => {
  const events: SdkEvent[] = [];
  let driver: DockerDriver;
  let sdkPort = 0;
  const spec = (): ServerSpec => ({
    id: 'srv-1',
    build: { dir, command: { program: { interpreter: 'node' }, args: ['server.mjs', '--fast'] } },
    env: { MAP_NAME: 'dust' },
    ports: [{ name: 'game', protocol: 'UDP', containerPort: 9998 }],
    millicores: 300,
    memoryMiB: 461,
    labels: { mode: 'duel' },
    image: { id: 'IMG-1' },
  });

  it('builds the image once from the tree with a generated Dockerfile, the start command as CMD', async () => {
    driver = new DockerDriver(options(), (_id, e) => events.push(e));
    const run = await driver.start(spec());
    sdkPort = run.sdkPort;
    expect([run.address, run.ports]).toEqual(['203.0.113.5', [{ name: 'game', protocol: 'UDP', containerPort: 9998, port: 17600 }]]);
    const build = requests.find((r) => r.path === '/build')!;
    expect([build.query.get('t'), build.query.get('dockerfile'), build.query.get('labels')]).toEqual(['lodestar-game:img-1', '.lodestar.Dockerfile', '{"app.kubernetes.io/managed-by":"lodestar"}']);
    const files = Object.fromEntries(parseTar(gunzipSync(build.body)).map((f) => [f.name, new TextDecoder().decode(f.data)]));
    expect(files['server.mjs']).toBe('console.log("hi")\n');
    expect(files['.lodestar.Dockerfile']).toBe('FROM node:20-slim\nWORKDIR /srv\nCOPY . /srv\nCMD ["node","server.mjs","--fast"]\n');
  });

  it('creates the container with its port bindings, NanoCpus from millicores, memory, env, labels and the host gateway', () => {
    const created = requests.find((r) => r.path === '/containers/create')!;
    const body = JSON.parse(created.body.toString()) as { Image: string; Env: string[]; Labels: Record<string, string>; ExposedPorts: object; HostConfig: Record<string, unknown> };
    expect([created.query.get('name'), body.Image]).toEqual(['lodestar-srv-1', 'lodestar-game:img-1']);
    expect(body.ExposedPorts).toEqual({ '9998/udp': {} });
    expect(body.HostConfig).toEqual({ PortBindings: { '9998/udp': [{ HostPort: '17600' }] }, NanoCpus: 300_000_000, Memory: 461 * 1048576, ExtraHosts: ['host.docker.internal:host-gateway'] });
    expect(body.Labels).toEqual({ mode: 'duel', 'app.kubernetes.io/managed-by': 'lodestar', 'lodestar.dev/server-id': 'srv-1', 'lodestar.dev/owner': 'multiverse' });
    expect(body.Env).toEqual(expect.arrayContaining(['MAP_NAME=dust', 'AGONES_SDK_HTTP_HOST=host.docker.internal', `AGONES_SDK_HTTP_PORT=${sdkPort}`, 'PORT=9998', 'PORT_GAME=9998', 'LODESTAR_SERVER_ID=srv-1']));
    // The wait is asked before the start: an end however soon is seen.
    const order = requests.map((r) => r.path.split('/').pop());
    expect(order.indexOf('wait')).toBeLessThan(order.indexOf('start'));
    expect(requests.find((r) => r.path.endsWith('/wait'))!.query.get('condition')).toBe('next-exit');
  });

  it("serves the container's SDK calls, keeps its output by stream with the Engine's times, reads its stats", async () => {
    expect(await sdkCall(sdkPort, '/ready')).toBe(200);
    expect(events).toEqual([{ type: 'ready' }]);
    for (let i = 0; i < 100 && driver.logs('srv-1').length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(driver.logs('srv-1').filter((l) => l.stream !== 'system')).toEqual([
      { at: '2026-01-02T03:04:05.000Z', stream: 'stdout', line: 'listening on 9998' },
      { at: '2026-01-02T03:04:05.250Z', stream: 'stderr', line: 'a warning' },
    ]);
    const m = await driver.metrics('srv-1');
    // 1e9 ns of the container's CPU over 1e10 ns of the host's, on 4 CPUs: 40 % of one core.
    expect([m?.cpuPercent, m?.memoryBytes, m?.cpuMs]).toEqual([40, 50 * 1048576, 4000]);
  });

  it('stop asks the Engine to stop it with the grace in seconds; its end is the exit; the image is not built again', async () => {
    await driver.stop('srv-1', 3000);
    expect(requests.find((r) => r.path.endsWith('/stop'))!.query.get('t')).toBe('3');
    expect(events.at(-1)).toEqual({ type: 'exit', code: 143, signal: 'SIGTERM' });
    expect([driver.status('srv-1'), driver.running()]).toEqual([{ running: false, exitCode: 143, signal: 'SIGTERM' }, []]);
    driver.forget('srv-1');
    for (let i = 0; i < 50 && !requests.some((r) => r.method === 'DELETE'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(requests.find((r) => r.method === 'DELETE')!.query.get('force')).toBe('true');
    // The same image is not built twice.
    const again = await driver.start({ ...spec(), id: 'srv-2' });
    expect(again.ports[0].port).toBeGreaterThanOrEqual(17600);
    expect(again.ports[0].port).toBeLessThanOrEqual(17609);
    expect(requests.filter((r) => r.path === '/build')).toHaveLength(1);
    engine.exit('lodestar-srv-2', 137);
    for (let i = 0; i < 50 && driver.running().length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(events.at(-1)).toEqual({ type: 'exit', code: 137, signal: 'SIGKILL' });
    await driver.close();
  });

  it("reclaims a container an earlier run left, by its server's name; one already gone is no error", async () => {
    engine.leave('lodestar-left-1');
    await driver.reclaim('left-1');
    await driver.reclaim('left-2');
    const deletes = requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/containers/lodestar-left')).map((r) => [r.path, r.query.get('force')]);
    expect(deletes).toEqual([['/containers/lodestar-left-1', 'true'], ['/containers/lodestar-left-2', 'true']]);
  });
});

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('a container an earlier run left', () => {
  const events: { id: string; e: SdkEvent }[] = [];
  const kept = { id: 'kept-1', ports: [{ name: 'default', protocol: 'TCP' as const, containerPort: 8899, port: 17605 }], labels: { map: 'dust' }, players: ['p1'], sdkState: 'Ready' as const };

  it('is followed again: its SDK endpoint on the port its environment names, its output and its end', async () => {
    const sdkPort = await freePort();
    engine.leave('lodestar-kept-1', { AGONES_SDK_HTTP_PORT: String(sdkPort) }, { 'lodestar.dev/owner': 'func', 'lodestar.dev/server-id': 'kept-1' });
    const first = new DockerDriver(options({ owner: 'func' }), (id, e) => events.push({ id, e }));
    expect(await first.adopt(kept)).toEqual({ id: 'kept-1', address: '203.0.113.5', ports: kept.ports, sdkPort });
    // The SDK state is the record's: p1 is connected, the server said Ready.
    expect(await sdkCall(sdkPort, '/alpha/player/disconnect', { playerID: 'p1' })).toBe(200);
    expect(events).toEqual([{ id: 'kept-1', e: { type: 'playerDisconnect', playerId: 'p1' } }]);
    await until(() => first.logs('kept-1').some((l) => l.line === 'a warning'));
    expect(requests.some((r) => r.path === '/containers/lodestar-kept-1/wait')).toBe(true);

    // The platform stopping lets go of it: it runs on, nothing listens for its SDK, no exit is reported.
    await first.release();
    expect([first.running(), engine.containers.get('lodestar-kept-1')?.running]).toEqual([[], true]);
    await expect(sdkCall(sdkPort, '/health')).rejects.toThrow(/ECONNREFUSED/);

    // The next run follows it again on the same port; its end is reported there, once.
    const second = new DockerDriver(options({ owner: 'func' }), (id, e) => events.push({ id, e }));
    expect((await second.adopt(kept))?.sdkPort).toBe(sdkPort);
    expect(await sdkCall(sdkPort, '/health')).toBe(200);
    engine.exit('lodestar-kept-1', 1);
    await until(() => events.some((x) => x.e.type === 'exit'));
    expect(events.slice(1)).toEqual([{ id: 'kept-1', e: { type: 'health' } }, { id: 'kept-1', e: { type: 'exit', code: 1, signal: null } }]);
    expect(second.status('kept-1')).toEqual({ running: false, exitCode: 1, signal: null });
  });

  it('one that no longer runs, or is not there, is not followed', async () => {
    engine.leave('lodestar-kept-2').running = false;
    const d = new DockerDriver(options({ owner: 'func' }), () => undefined);
    expect(await d.adopt({ ...kept, id: 'kept-2' })).toBeUndefined();
    expect(await d.adopt({ ...kept, id: 'never-made' })).toBeUndefined();
    expect(d.running()).toEqual([]);
  });

  it("lists its owner's containers, running or not, by server id", async () => {
    engine.leave('lodestar-theirs', {}, { 'lodestar.dev/owner': 'multiverse', 'lodestar.dev/server-id': 'theirs' });
    engine.leave('lodestar-mine', {}, { 'lodestar.dev/owner': 'func', 'lodestar.dev/server-id': 'mine' }).running = false;
    const found = await new DockerDriver(options({ owner: 'func' }), () => undefined).found();
    expect(found.sort()).toEqual(['kept-1', 'mine']);
  });
});
