/**
 * The `agones` driver against the Kubernetes API's own shapes: Kubernetes and Agones cannot run here, so an HTTP
 * server in the test answers the requests the driver makes as the API server does (GameServer objects as the Agones
 * CRD defines them, a GameServerList, a Status on 404, a GameServerAllocation's answer, the pod log as text, a
 * PodMetricsList) and records every request. The test moves the GameServers' states as Agones' controller would.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgonesDriver, type GameServerObject } from '../../server/services/multiverse/runtime/agones-driver';
import type { SdkEvent, ServerSpec } from '../../server/services/multiverse/runtime/driver';

const NS = 'games';
const GS = `/apis/agones.dev/v1/namespaces/${NS}/gameservers`;
interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body?: Record<string, unknown>;
  authorization?: string;
}
const requests: Recorded[] = [];
const objects = new Map<string, GameServerObject & { spec?: unknown }>();
let server: Server;
let kc: KubeConfig;

const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const notFound = (name: string) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `gameservers.agones.dev "${name}" not found`, reason: 'NotFound', details: { name, group: 'agones.dev', kind: 'gameservers' }, code: 404 });

async function bodyOf(req: IncomingMessage) {
  let text = '';
  for await (const c of req) text += c;
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://k8s');
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body, authorization: req.headers.authorization });
      const name = url.pathname.startsWith(`${GS}/`) ? url.pathname.slice(GS.length + 1) : '';
      if (req.method === 'POST' && url.pathname === GS) {
        const gs = { ...(body as object), metadata: { ...(body as { metadata: object }).metadata, uid: 'u-1', resourceVersion: '1', creationTimestamp: new Date().toISOString() }, status: { state: 'Creating' } } as unknown as GameServerObject;
        objects.set(gs.metadata.name, gs);
        return json(res, 201, gs);
      }
      if (req.method === 'GET' && url.pathname === GS) {
        const [k, v] = (url.searchParams.get('labelSelector') ?? '').split('=');
        return json(res, 200, { apiVersion: 'agones.dev/v1', kind: 'GameServerList', metadata: { resourceVersion: '9' }, items: [...objects.values()].filter((o) => o.metadata.labels?.[k] === v) });
      }
      if (name && req.method === 'GET') return objects.has(name) ? json(res, 200, objects.get(name)) : json(res, 404, notFound(name));
      if (name && req.method === 'DELETE') {
        if (!objects.delete(name)) return json(res, 404, notFound(name));
        return json(res, 200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name, group: 'agones.dev', kind: 'gameservers' } });
      }
      if (req.method === 'POST' && url.pathname === `/apis/allocation.agones.dev/v1/namespaces/${NS}/gameserverallocations`) {
        const wanted = ((body as { spec: { selectors: { matchLabels: Record<string, string> }[] } }).spec.selectors[0].matchLabels['lodestar.dev/server-id']);
        const gs = [...objects.values()].find((o) => o.metadata.labels?.['lodestar.dev/server-id'] === wanted && o.status?.state === 'Ready');
        if (gs) gs.status!.state = 'Allocated';
        return json(res, 201, { apiVersion: 'allocation.agones.dev/v1', kind: 'GameServerAllocation', spec: (body as { spec: unknown }).spec, status: gs ? { state: 'Allocated', gameServerName: gs.metadata.name, address: gs.status!.address, ports: gs.status!.ports, nodeName: 'node-a' } : { state: 'UnAllocated' } });
      }
      const log = /^\/api\/v1\/namespaces\/games\/pods\/([^/]+)\/log$/.exec(url.pathname);
      if (log) return res.writeHead(200, { 'content-type': 'text/plain' }).end('2026-01-02T03:04:05.000000001Z listening on 7654\n2026-01-02T03:04:06.500000000Z player joined\n');
      if (url.pathname === `/apis/metrics.k8s.io/v1beta1/namespaces/${NS}/pods`) {
        return json(res, 200, { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', metadata: {}, items: [...objects.keys()].map((n) => ({ metadata: { name: n, namespace: NS }, timestamp: new Date().toISOString(), window: '15s', containers: [{ name: 'agones-gameserver-sidecar', usage: { cpu: '1m', memory: '10Mi' } }, { name: 'gameserver', usage: { cpu: '250000000n', memory: '65536Ki' } }] })) });
      }
      json(res, 404, { kind: 'Status', status: 'Failure', code: 404, reason: 'NotFound' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'test', server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, skipTLSVerify: true }],
    users: [{ name: 'lodestar', token: 'cluster-token' }],
    contexts: [{ name: 'test', cluster: 'test', user: 'lodestar', namespace: NS }],
    currentContext: 'test',
  });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const spec: ServerSpec = {
  id: 'A1b2-c3',
  build: { dir: '/nowhere', command: { program: { interpreter: 'node' }, args: ['server.mjs'] } },
  env: { MAP_NAME: 'dust' },
  ports: [{ name: 'game', protocol: 'UDP', containerPort: 9998 }],
  millicores: 300,
  memoryMiB: 461,
  labels: { mode: 'duel', note: 'a value with spaces is no label value' },
  playerCapacity: 8,
  image: { id: 'img-1' },
};

/** Agones' controller placing the server once its object exists: a node's address and a host port for each port. */
const place = (name: string, state = 'Scheduled') => whenCreated(name, (gs) => (gs.status = { state, address: '10.0.0.7', ports: [{ name: 'game', port: 7654 }], players: { ids: [] } }));
/** Runs `then` on the object once the driver has written it. */
const whenCreated = (name: string, then: (gs: GameServerObject) => void) => {
  const timer = setInterval(() => {
    const gs = objects.get(name);
    if (!gs) return;
    clearInterval(timer);
    then(gs);
  }, 10);
};

describe('the agones driver', () => {
  const events: { id: string; e: SdkEvent }[] = [];
  let driver: AgonesDriver;
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(done()).toBe(true);
  };

  it('writes a GameServer with its ports, resources in millicores and Mi, env and labels, and answers its address once placed', async () => {
    driver = new AgonesDriver({ kubeConfig: kc, namespace: NS, imageOf: (s) => `registry.example.com/games/lodestar:${s.image!.id}`, pollMs: 20 }, (id, e) => events.push({ id, e }));
    place('lodestar-a1b2-c3');
    const run = await driver.start(spec);
    expect([run.address, run.ports, run.sdkPort]).toEqual(['10.0.0.7', [{ name: 'game', protocol: 'UDP', containerPort: 9998, port: 7654 }], 9358]);
    const created = requests.find((r) => r.method === 'POST' && r.path === GS)!;
    expect(created.authorization).toBe('Bearer cluster-token');
    const body = created.body as { apiVersion: string; kind: string; metadata: { name: string; namespace: string; labels: Record<string, string>; annotations: Record<string, string> }; spec: { container: string; ports: unknown[]; players: unknown; template: { spec: { containers: { name: string; image: string; env: { name: string; value: string }[]; resources: unknown }[] } } } };
    expect([body.apiVersion, body.kind, body.metadata.name, body.metadata.namespace]).toEqual(['agones.dev/v1', 'GameServer', 'lodestar-a1b2-c3', NS]);
    expect(body.metadata.labels).toEqual({ 'app.kubernetes.io/managed-by': 'lodestar', 'lodestar.dev/server-id': 'A1b2-c3', mode: 'duel' });
    expect(body.metadata.annotations).toEqual({ note: 'a value with spaces is no label value' });
    expect(body.spec.ports).toEqual([{ name: 'game', portPolicy: 'Dynamic', containerPort: 9998, protocol: 'UDP' }]);
    expect(body.spec.players).toEqual({ initialCapacity: 8 });
    const [container] = body.spec.template.spec.containers;
    expect([body.spec.container, container.name, container.image]).toEqual(['gameserver', 'gameserver', 'registry.example.com/games/lodestar:img-1']);
    expect(container.resources).toEqual({ requests: { cpu: '300m', memory: '461Mi' }, limits: { cpu: '300m', memory: '461Mi' } });
    expect(container.env).toEqual(expect.arrayContaining([{ name: 'MAP_NAME', value: 'dust' }, { name: 'LODESTAR_SERVER_ID', value: 'A1b2-c3' }, { name: 'PORT', value: '9998' }, { name: 'PORT_GAME', value: '9998' }]));
  });

  it("turns the states it reads into the driver's events: Ready, SDK labels, players, the server's own Allocate", async () => {
    const gs = objects.get('lodestar-a1b2-c3')!;
    gs.status!.state = 'Ready';
    await until(() => events.some((x) => x.e.type === 'ready'));
    gs.metadata.labels!['agones.dev/sdk-map'] = 'dust2';
    gs.status!.players = { ids: ['p1', 'p2'] };
    await until(() => events.filter((x) => x.e.type === 'playerConnect').length === 2);
    gs.status!.players = { ids: ['p2'] };
    gs.status!.state = 'Allocated';
    await until(() => events.some((x) => x.e.type === 'allocate') && events.some((x) => x.e.type === 'playerDisconnect'));
    const kinds = events.filter((x) => x.e.type !== 'health').map((x) => x.e);
    expect(kinds).toEqual([{ type: 'ready' }, { type: 'label', key: 'map', value: 'dust2' }, { type: 'playerConnect', playerId: 'p1' }, { type: 'playerConnect', playerId: 'p2' }, { type: 'allocate' }, { type: 'playerDisconnect', playerId: 'p1' }]);
    expect(events.every((x) => x.id === 'A1b2-c3')).toBe(true);
    expect(events.some((x) => x.e.type === 'health')).toBe(true);
  });

  it('reads the pod log with its timestamps and the metrics API in cores and bytes', async () => {
    await until(() => driver.logs('A1b2-c3').some((l) => l.line === 'player joined'));
    const pod = driver.logs('A1b2-c3').filter((l) => l.stream === 'stdout');
    expect(pod).toEqual([{ at: '2026-01-02T03:04:05.000Z', stream: 'stdout', line: 'listening on 7654' }, { at: '2026-01-02T03:04:06.500Z', stream: 'stdout', line: 'player joined' }]);
    const log = requests.find((r) => r.path === '/api/v1/namespaces/games/pods/lodestar-a1b2-c3/log')!;
    expect([log.query.get('container'), log.query.get('timestamps')]).toEqual(['gameserver', 'true']);
    const m = await driver.metrics('A1b2-c3');
    expect([m?.cpuPercent, m?.memoryBytes]).toEqual([25, 65536 * 1024]);
  });

  it('an Unhealthy GameServer is an exit, and the object is deleted', async () => {
    objects.get('lodestar-a1b2-c3')!.status!.state = 'Unhealthy';
    await until(() => events.some((x) => x.e.type === 'exit'));
    expect(driver.status('A1b2-c3')?.running).toBe(false);
    await until(() => requests.some((r) => r.method === 'DELETE' && r.path === `${GS}/lodestar-a1b2-c3`));
    expect(objects.has('lodestar-a1b2-c3')).toBe(false);
  });

  it("allocates a Ready server with a GameServerAllocation selecting it, and that Allocated is no server's own Allocate", async () => {
    const second = { ...spec, id: 'srv-2', labels: {} };
    place('lodestar-srv-2', 'Ready');
    await driver.start(second);
    await until(() => events.some((x) => x.id === 'srv-2' && x.e.type === 'ready'));
    driver.setState('srv-2', 'Allocated');
    await until(() => objects.get('lodestar-srv-2')?.status?.state === 'Allocated');
    const alloc = requests.find((r) => r.path.endsWith('/gameserverallocations'))!;
    expect(alloc.body).toEqual({ apiVersion: 'allocation.agones.dev/v1', kind: 'GameServerAllocation', spec: { selectors: [{ matchLabels: { 'lodestar.dev/server-id': 'srv-2' } }] } });
    await until(() => driver.logs('srv-2').some((l) => l.line === 'allocation: Allocated'));
    expect(events.some((x) => x.id === 'srv-2' && x.e.type === 'allocate')).toBe(false);
  });

  it('stop deletes the GameServer with the grace in seconds and ends when it is gone', async () => {
    await driver.stop('srv-2', 3000);
    const del = requests.find((r) => r.method === 'DELETE' && r.path === `${GS}/lodestar-srv-2`)!;
    expect(del.query.get('gracePeriodSeconds')).toBe('3');
    expect([driver.status('srv-2')?.running, driver.running()]).toEqual([false, []]);
    expect(events.filter((x) => x.id === 'srv-2' && x.e.type === 'exit')).toHaveLength(1);
    await driver.close();
  });

  it('a GameServer that goes Error before it is placed fails the start and is deleted', async () => {
    const d = new AgonesDriver({ kubeConfig: kc, namespace: NS, imageOf: () => 'img', pollMs: 20 }, () => undefined);
    whenCreated('lodestar-srv-3', (gs) => (gs.status = { state: 'Error' }));
    await expect(d.start({ ...spec, id: 'srv-3' })).rejects.toThrow(/went Error/);
    expect(objects.has('lodestar-srv-3')).toBe(false);
    await d.close();
  });

  it("reclaims the GameServer an earlier run left, by its server's name; one already gone is no error", async () => {
    objects.set('lodestar-left-1', { metadata: { name: 'lodestar-left-1', labels: {} }, status: { state: 'Ready' } });
    const d = new AgonesDriver({ kubeConfig: kc, namespace: NS, imageOf: () => 'img', pollMs: 20 }, () => undefined);
    await d.reclaim('left-1');
    await d.reclaim('left-2');
    expect(objects.has('lodestar-left-1')).toBe(false);
    expect(requests.filter((r) => r.method === 'DELETE' && r.path.includes('/lodestar-left-')).map((r) => r.path)).toEqual([`${GS}/lodestar-left-1`, `${GS}/lodestar-left-2`]);
  });
});
