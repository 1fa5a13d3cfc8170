/**
 * Stateful functions on the `docker` and `agones` drivers (MULTIVERSE_DRIVER), against the Docker Engine and the
 * Kubernetes API as they answer (tests/stand-ins/): a function's server is a container of an image built from its code
 * (or a GameServer of its code's image), Ready through the SDK, its output and CPU read through the driver, stopped by
 * a delete; and after a restart, the next run of the platform follows a running one again while one whose record
 * ended is removed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseTar } from 'nanotar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../server/engine/query';
import { funcModels } from '../../server/services/func/models';
import { funcSettings } from '../../server/services/func/settings';
import { FuncSupervisor } from '../../server/services/func/supervisor';
import { recoverFuncServers } from '../../server/services/func/supervisor-recover';
import { funcSupervisorOf } from '../../server/services/func/supervisors';
import { startDockerEngine, type DockerEngine } from '../stand-ins/docker-engine';
import { startKubernetes, type Kubernetes } from '../stand-ins/kubernetes';
import { funcArchive, startFunc, type FuncHarness } from './func-fixtures';
import { until } from './multiverse-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lodestar-func-drivers-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A call to a server's SDK endpoint, as the server in the container makes it: the answer's status. */
const sdk = (port: number, method: string, path: string, body: unknown = {}) =>
  new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json' } }, (res) => resolve(res.statusCode ?? 0));
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });

/** A function with code (the players server) in the harness's app; long health periods, so no test waits on pings. */
async function functionWithCode(h: FuncHarness): Promise<{ id: string; sha: string; path: string }> {
  const made = await h.fn('POST', `${h.base}/func/functions`, { name: 'room', level: '1000m', healthPeriodSeconds: 60 });
  expect(made.statusCode, made.body).toBe(201);
  const up = await h.upload(made.json().id, await funcArchive(), { startCommand: 'node players.mjs' });
  expect(up.statusCode, up.body).toBe(200);
  return { id: made.json().id, sha: up.json().codeSha256, path: `${h.base}/func/functions/${made.json().id}` };
}

const serverOf = (h: FuncHarness, fn: { path: string }, id: string) => h.fn('GET', `${fn.path}/servers/${id}`).then((r) => r.json());
const startServer = async (h: FuncHarness, fn: { path: string }) => {
  const made = await h.fn('POST', `${fn.path}/servers`);
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { id: string; port: number; status: string; driver: string };
};

/** The platform restarting elsewhere: this run lets go of its servers, a run on another host follows them again. */
async function restart(h: FuncHarness): Promise<FuncSupervisor> {
  await funcSupervisorOf(h.ctx).close();
  const next = new FuncSupervisor(h.ctx, funcSettings(h.ctx.config), 'elsewhere:2');
  await recoverFuncServers(h.ctx, next);
  return next;
}

describe('stateful functions on the docker driver', () => {
  let engine: DockerEngine;
  let h: FuncHarness;
  let fn: { id: string; sha: string; path: string };
  const sdkPortOf = (id: string) => Number(engine.envOf(`lodestar-${id}`, 'AGONES_SDK_HTTP_PORT'));

  beforeAll(async () => {
    engine = await startDockerEngine(dir);
    h = await startFunc('fdocker', { MULTIVERSE_DRIVER: 'docker', MULTIVERSE_DOCKER_SOCKET: engine.socketPath, MULTIVERSE_DOCKER_SDK_LISTEN: '127.0.0.1', FUNC_DOCKER_IMAGE: 'games/func:{id}' });
    fn = await functionWithCode(h);
  });
  afterAll(async () => {
    await h.close();
    await engine.close();
  });

  it("runs a server as a container of the code's image: built once with its start command, its level's CPU and memory, its port", async () => {
    const s = await startServer(h, fn);
    expect([s.status, s.driver, s.port >= 17500 && s.port <= 17549]).toEqual(['created', 'docker', true]);
    const build = engine.requests.find((r) => r.path === '/build')!;
    expect(build.query.get('t')).toBe(`games/func:${fn.sha}`);
    const files = Object.fromEntries(parseTar(gunzipSync(build.body)).map((f) => [f.name, new TextDecoder().decode(f.data)]));
    expect(files['.lodestar.Dockerfile']).toBe('FROM node:20-slim\nWORKDIR /srv\nCOPY . /srv\nCMD ["node","players.mjs"]\n');
    const body = JSON.parse(engine.requests.find((r) => r.path === '/containers/create')!.body.toString()) as { Image: string; Labels: Record<string, string>; Env: string[]; HostConfig: { PortBindings: unknown; NanoCpus: number; Memory: number } };
    expect([body.Image, body.HostConfig.NanoCpus, body.HostConfig.Memory, body.HostConfig.PortBindings]).toEqual([`games/func:${fn.sha}`, 1_000_000_000, 1536 * 1048576, { '8899/tcp': [{ HostPort: String(s.port) }] }]);
    expect(body.Labels).toMatchObject({ 'lodestar.dev/owner': 'func', 'lodestar.dev/server-id': s.id });
    expect(body.Env).toEqual(expect.arrayContaining([`LODESTAR_FUNCTION_ID=${fn.id}`, 'PORT=8899', 'AGONES_SDK_HTTP_HOST=host.docker.internal']));

    // Ready through the SDK; the output and CPU come from the Engine.
    expect(await sdk(sdkPortOf(s.id), 'POST', '/ready')).toBe(200);
    await until(() => serverOf(h, fn, s.id), (v) => v.status === 'running');
    const logs = (await h.fn('POST', `${h.base}/functions/${fn.id}/cls-log`, { serverId: s.id })).json().items.map((l: { stream: string; line: string }) => [l.stream, l.line]);
    expect(logs).toEqual(expect.arrayContaining([['stdout', 'listening on 9998'], ['stderr', 'a warning']]));
    const use = (await h.fn('GET', `${h.base}/functions/metrics/cpu-usage?functionId=${fn.id}`)).json().items[0];
    // The Engine's stats: 40 % of one core, of the level's one core.
    expect([use.servers, use.cpuPercent]).toEqual([1, 40]);

    const container = engine.containers.get(`lodestar-${s.id}`)!.id;
    const gone = await h.fn('DELETE', `${fn.path}/servers/${s.id}?graceSeconds=2`);
    expect([gone.statusCode, gone.json().status]).toEqual([200, 'deleted']);
    expect(engine.requests.find((r) => r.path === `/containers/${container}/stop`)?.query.get('t')).toBe('2');
    expect(gone.json().logTail.map((l: { line: string }) => l.line)).toContain('a warning');
  });

  it('after a restart, a running container is followed again by the next run; one whose record ended is removed', async () => {
    const kept = await startServer(h, fn);
    const ended = await startServer(h, fn);
    await sdk(sdkPortOf(kept.id), 'POST', '/ready');
    // The server sets its capacity once, at start: the next run's SDK endpoint is given it back from the record.
    expect(await sdk(sdkPortOf(kept.id), 'PUT', '/alpha/player/capacity', { count: 10 })).toBe(200);
    await until(() => serverOf(h, fn, kept.id), (v) => v.status === 'running' && v.playerCapacity === 10);
    // A record ended while its container stayed (a stop the Engine never carried out).
    await records(h.db, funcModels(h.ctx).servers).update(h.appId, { id: ended.id }, { status: 'failed', set: { reason: 'the server missed its health checks' } });
    const builds = engine.requests.filter((r) => r.path === '/build').length;

    const next = await restart(h);
    const s = await serverOf(h, fn, kept.id);
    expect([s.status, s.instance, engine.containers.get(`lodestar-${kept.id}`)?.running]).toEqual(['running', 'elsewhere:2', true]);
    expect([engine.containers.has(`lodestar-${ended.id}`), engine.requests.filter((r) => r.path === '/build').length]).toEqual([false, builds]);
    // Its SDK answers the next run: a player joins.
    const port = sdkPortOf(kept.id);
    expect(await sdk(port, 'POST', '/alpha/player/connect', { playerID: 'p9' })).toBe(200);
    await until(() => serverOf(h, fn, kept.id), (v) => v.playerCount === 1);
    const { exited } = await next.remove(h.appId, kept.id, 1000);
    await exited;
    expect((await serverOf(h, fn, kept.id)).status).toBe('deleted');
    await next.close();
  });
});

describe('stateful functions on the agones driver', () => {
  let k8s: Kubernetes;
  let h: FuncHarness;
  let fn: { id: string; sha: string; path: string };
  const gsOf = (id: string) => k8s.objects.get(`lodestar-${id.toLowerCase()}`)!;

  beforeAll(async () => {
    k8s = await startKubernetes('games', { autoPlace: true, port: 7777 });
    const kubeconfig = join(dir, 'kubeconfig.json');
    await writeFile(kubeconfig, k8s.kc.exportConfig());
    h = await startFunc('fagones', { MULTIVERSE_DRIVER: 'agones', MULTIVERSE_KUBECONFIG: kubeconfig, MULTIVERSE_AGONES_NAMESPACE: 'games', MULTIVERSE_AGONES_IMAGE: 'registry.example.com/games/build:{id}', FUNC_AGONES_IMAGE: 'registry.example.com/functions/code:{id}' });
    fn = await functionWithCode(h);
  });
  afterAll(async () => {
    await h.close();
    await k8s.close();
  });

  it("runs a server as a GameServer of the code's image, Ready when Agones says so, its pod log and metrics read, deleted by a delete", async () => {
    const s = await startServer(h, fn);
    expect([s.status, s.driver, s.port]).toEqual(['created', 'agones', 7777]);
    const body = k8s.requests.find((r) => r.method === 'POST' && r.path === k8s.gs)!.body as { metadata: { labels: Record<string, string> }; spec: { ports: unknown[]; template: { spec: { containers: { image: string; resources: unknown }[] } } } };
    expect(body.metadata.labels).toMatchObject({ 'lodestar.dev/owner': 'func', 'lodestar.dev/server-id': s.id });
    expect(body.spec.ports).toEqual([{ name: 'default', portPolicy: 'Dynamic', containerPort: 8899, protocol: 'TCP' }]);
    const [container] = body.spec.template.spec.containers;
    expect([container.image, container.resources]).toEqual([`registry.example.com/functions/code:${fn.sha}`, { requests: { cpu: '1000m', memory: '1536Mi' }, limits: { cpu: '1000m', memory: '1536Mi' } }]);

    gsOf(s.id).status!.state = 'Ready';
    await until(() => serverOf(h, fn, s.id), (v) => v.status === 'running');
    const logs = await until(
      async () => (await h.fn('POST', `${h.base}/functions/${fn.id}/cls-log`, { serverId: s.id })).json().items.map((l: { line: string }) => l.line),
      (lines: string[]) => lines.includes('player joined'),
    );
    expect(logs).toContain('listening on 7654');
    const use = (await h.fn('GET', `${h.base}/functions/metrics/cpu-usage?functionId=${fn.id}`)).json().items[0];
    // metrics.k8s.io: 250000000n is a quarter core, of the level's one core.
    expect([use.servers, use.cpuPercent]).toEqual([1, 25]);

    const gone = await h.fn('DELETE', `${fn.path}/servers/${s.id}?graceSeconds=2`);
    expect([gone.statusCode, gone.json().status]).toEqual([200, 'deleted']);
    const del = k8s.requests.find((r) => r.method === 'DELETE' && r.path === `${k8s.gs}/lodestar-${s.id.toLowerCase()}`);
    expect(del?.query.get('gracePeriodSeconds')).toBe('2');
  });

  it('after a restart, a running GameServer is followed again by the next run; one whose record ended is removed', async () => {
    const kept = await startServer(h, fn);
    const ended = await startServer(h, fn);
    gsOf(kept.id).status!.state = 'Ready';
    await until(() => serverOf(h, fn, kept.id), (v) => v.status === 'running');
    await records(h.db, funcModels(h.ctx).servers).update(h.appId, { id: ended.id }, { status: 'failed', set: { reason: 'the server missed its health checks' } });

    const next = await restart(h);
    const s = await serverOf(h, fn, kept.id);
    expect([s.status, s.instance, s.port, gsOf(kept.id).status?.state]).toEqual(['running', 'elsewhere:2', 7777, 'Ready']);
    expect(k8s.objects.has(`lodestar-${ended.id.toLowerCase()}`)).toBe(false);
    // What the GameServer says now reaches the next run: a player joined.
    gsOf(kept.id).status!.players = { ids: ['p9'] };
    await until(() => serverOf(h, fn, kept.id), (v) => v.playerCount === 1);
    const { exited } = await next.remove(h.appId, kept.id, 1000);
    await exited;
    expect([(await serverOf(h, fn, kept.id)).status, k8s.objects.has(`lodestar-${kept.id.toLowerCase()}`)]).toEqual(['deleted', false]);
    await next.close();
  });
});
