/**
 * The `docker` driver against the Docker Engine API's own shapes: no Docker daemon runs here, so an HTTP server on a
 * unix socket (dockerode speaks HTTP over it, as to the Engine) answers the requests the driver makes as the Engine
 * does — an image inspected (404 until built), a build context received as a gzipped tar and its progress streamed,
 * a container created, its wait held until it ends, its output as the Engine's multiplexed stream, its stats — and
 * records every request.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseTar } from 'nanotar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerDriver } from '../../server/services/multiverse/runtime/docker-driver';
import type { SdkEvent, ServerSpec } from '../../server/services/multiverse/runtime/driver';

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
}
const requests: Recorded[] = [];
const images = new Set<string>();
const waits: ServerResponse[] = [];
let dir: string;
let socketPath: string;
let engine: Server;

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
/** One frame of the Engine's multiplexed output: stream 1 stdout, 2 stderr, then the payload's length, big-endian. */
const frame = (stream: 1 | 2, text: string) => {
  const payload = Buffer.from(text);
  const head = Buffer.alloc(8);
  head[0] = stream;
  head.writeUInt32BE(payload.length, 4);
  return Buffer.concat([head, payload]);
};
const endWaits = (code: number) => {
  for (const w of waits.splice(0)) json(w, 200, { StatusCode: code, Error: null });
};

async function read(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lodestar-docker-'));
  await writeFile(join(dir, 'server.mjs'), 'console.log("hi")\n');
  socketPath = join(dir, 'docker.sock');
  engine = createServer((req, res) => {
    void read(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://docker');
      const path = url.pathname.replace(/^\/v1\.\d+/, '');
      requests.push({ method: req.method ?? '', path, query: url.searchParams, body });
      const image = /^\/images\/(.+)\/json$/.exec(path);
      if (req.method === 'GET' && image) return images.has(decodeURIComponent(image[1])) ? json(res, 200, { Id: 'sha256:abc', RepoTags: [image[1]] }) : json(res, 404, { message: `No such image: ${image[1]}` });
      if (req.method === 'POST' && path === '/build') {
        images.add(url.searchParams.get('t')!);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(['{"stream":"Step 1/4 : FROM node:20-slim\\n"}', '{"stream":"Step 4/4 : CMD [\\"node\\",\\"server.mjs\\"]\\n"}', '{"aux":{"ID":"sha256:abc"}}', '{"stream":"Successfully built abc\\n"}'].join('\r\n') + '\r\n');
      }
      if (req.method === 'POST' && path === '/containers/create') return json(res, 201, { Id: 'c0ffee0000000000000000000000000000000000000000000000000000000001', Warnings: [] });
      const c = /^\/containers\/(c0ffee[0-9]+)(\/[a-z]+)?$/.exec(path);
      if (c && c[2] === '/wait') return void waits.push(res);
      if (c && c[2] === '/start') return res.writeHead(204).end();
      if (c && c[2] === '/logs') {
        res.writeHead(200, { 'content-type': 'application/vnd.docker.multiplexed-stream' });
        res.write(frame(1, '2026-01-02T03:04:05.000000000Z listening on 9998\n'));
        res.write(frame(2, '2026-01-02T03:04:05.250000000Z a warning\n'));
        return;
      }
      if (c && c[2] === '/stats') {
        return json(res, 200, {
          read: '2026-01-02T03:04:06Z',
          cpu_stats: { cpu_usage: { total_usage: 4_000_000_000 }, system_cpu_usage: 200_000_000_000, online_cpus: 4 },
          precpu_stats: { cpu_usage: { total_usage: 3_000_000_000 }, system_cpu_usage: 190_000_000_000 },
          memory_stats: { usage: 50 * 1024 * 1024, limit: 461 * 1024 * 1024 },
        });
      }
      if (c && c[2] === '/stop') {
        res.writeHead(204).end();
        return endWaits(143);
      }
      if (c && !c[2] && req.method === 'DELETE') return res.writeHead(204).end();
      if (req.method === 'DELETE' && path === '/containers/lodestar-left-1') return res.writeHead(204).end();
      if (req.method === 'DELETE' && path.startsWith('/containers/')) return json(res, 404, { message: `No such container: ${path.slice(12)}` });
      json(res, 404, { message: 'page not found' });
    });
  });
  await new Promise<void>((r) => engine.listen(socketPath, r));
});
afterAll(async () => {
  engine.closeAllConnections();
  await new Promise<void>((r) => engine.close(() => r()));
  await rm(dir, { recursive: true, force: true });
});

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
    driver = new DockerDriver({ socketPath, ports: { from: 17600, to: 17609 }, publicHost: '203.0.113.5', sdkHost: 'host.docker.internal', sdkListen: '127.0.0.1', baseImage: 'node:20-slim', imageOf: (s) => `lodestar-game:${s.image!.id.toLowerCase()}` }, (_id, e) => events.push(e));
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
    expect(body.Labels).toEqual({ mode: 'duel', 'app.kubernetes.io/managed-by': 'lodestar', 'lodestar.dev/server-id': 'srv-1' });
    expect(body.Env).toEqual(expect.arrayContaining(['MAP_NAME=dust', 'AGONES_SDK_HTTP_HOST=host.docker.internal', `AGONES_SDK_HTTP_PORT=${sdkPort}`, 'PORT=9998', 'PORT_GAME=9998', 'LODESTAR_SERVER_ID=srv-1']));
    // The wait is asked before the start: an end however soon is seen.
    const order = requests.map((r) => r.path.split('/').pop());
    expect(order.indexOf('wait')).toBeLessThan(order.indexOf('start'));
    expect(requests.find((r) => r.path.endsWith('/wait'))!.query.get('condition')).toBe('next-exit');
  });

  it("serves the container's SDK calls, keeps its output by stream with the Engine's times, reads its stats", async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: sdkPort, method: 'POST', path: '/ready', headers: { 'content-type': 'application/json' } }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.end('{}');
    });
    expect(answer).toBe(200);
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
    endWaits(137);
    for (let i = 0; i < 50 && driver.running().length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(events.at(-1)).toEqual({ type: 'exit', code: 137, signal: 'SIGKILL' });
    await driver.close();
  });

  it("reclaims a container an earlier run left, by its server's name; one already gone is no error", async () => {
    await driver.reclaim('left-1');
    await driver.reclaim('left-2');
    const deletes = requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/containers/lodestar-left')).map((r) => [r.path, r.query.get('force')]);
    expect(deletes).toEqual([['/containers/lodestar-left-1', 'true'], ['/containers/lodestar-left-2', 'true']]);
  });
});
