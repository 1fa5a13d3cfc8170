/**
 * The `agones` driver against the Kubernetes API's own shapes (tests/stand-ins/kubernetes.ts: an HTTP server answering
 * as the API server does, recording every request). The test moves the GameServers' states as Agones' controller
 * would.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgonesDriver } from '../../server/services/multiverse/runtime/agones-driver';
import type { SdkEvent, ServerSpec } from '../../server/services/multiverse/runtime/driver';
import { startKubernetes, type Kubernetes } from '../stand-ins/kubernetes';

const NS = 'games';
let k8s: Kubernetes;
let kc: KubeConfig;
let GS: string;
let requests: Kubernetes['requests'];
let objects: Kubernetes['objects'];
let place: Kubernetes['place'];
let whenCreated: Kubernetes['whenCreated'];

beforeAll(async () => {
  k8s = await startKubernetes(NS);
  ({ kc, gs: GS, requests, objects, place, whenCreated } = k8s);
});
afterAll(() => k8s.close());

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
    expect(body.metadata.labels).toEqual({ 'app.kubernetes.io/managed-by': 'lodestar', 'lodestar.dev/server-id': 'A1b2-c3', 'lodestar.dev/owner': 'multiverse', mode: 'duel' });
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

describe('a GameServer an earlier run left', () => {
  const events: { id: string; e: SdkEvent }[] = [];
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(done()).toBe(true);
  };
  const labels = (id: string) => ({ 'app.kubernetes.io/managed-by': 'lodestar', 'lodestar.dev/server-id': id, 'lodestar.dev/owner': 'func' });
  const driver = () => new AgonesDriver({ kubeConfig: kc, namespace: NS, imageOf: () => 'img', pollMs: 20, owner: 'func' }, (id, e) => events.push({ id, e }));
  const kept = { id: 'kept-1', ports: [{ name: 'default', protocol: 'TCP' as const, containerPort: 8899, port: 0 }], players: ['p1'], sdkState: 'Ready' as const };

  it('is followed again from the state its record had: a Ready already recorded is not reported again, what changed is', async () => {
    objects.set('lodestar-kept-1', { metadata: { name: 'lodestar-kept-1', labels: labels('kept-1'), creationTimestamp: new Date(Date.now() - 60_000).toISOString() }, status: { state: 'Ready', address: '10.0.0.9', ports: [{ name: 'default', port: 7001 }], players: { ids: ['p1', 'p2'] } } });
    const d = driver();
    expect(await d.adopt(kept)).toEqual({ id: 'kept-1', address: '10.0.0.9', ports: [{ name: 'default', protocol: 'TCP', containerPort: 8899, port: 7001 }], sdkPort: 9358 });
    await until(() => events.some((x) => x.e.type === 'playerConnect'));
    expect(events.filter((x) => x.e.type !== 'health')).toEqual([{ id: 'kept-1', e: { type: 'playerConnect', playerId: 'p2' } }]);
    await until(() => d.logs('kept-1').some((l) => l.line === 'player joined'));
    expect((await d.metrics('kept-1'))?.cpuPercent).toBe(25);
    // The platform stopping lets go of it: the poll stops, the GameServer stays.
    await d.release();
    const asked = requests.length;
    await new Promise((r) => setTimeout(r, 100));
    expect([d.running(), objects.has('lodestar-kept-1'), requests.length]).toEqual([[], true, asked]);
  });

  it('one shut down, failing or gone is not followed', async () => {
    objects.set('lodestar-kept-2', { metadata: { name: 'lodestar-kept-2', labels: labels('kept-2') }, status: { state: 'Shutdown', address: '10.0.0.9', ports: [] } });
    const d = driver();
    expect(await d.adopt({ ...kept, id: 'kept-2' })).toBeUndefined();
    expect(await d.adopt({ ...kept, id: 'never-made' })).toBeUndefined();
    expect(d.running()).toEqual([]);
  });

  it("lists its owner's GameServers, whatever their state, by server id", async () => {
    objects.set('lodestar-theirs', { metadata: { name: 'lodestar-theirs', labels: { ...labels('theirs'), 'lodestar.dev/owner': 'multiverse' } }, status: { state: 'Ready' } });
    expect((await driver().found()).sort()).toEqual(['kept-1', 'kept-2']);
    const list = requests.filter((r) => r.method === 'GET' && r.path === GS).at(-1)!;
    expect(list.query.get('labelSelector')).toBe('app.kubernetes.io/managed-by=lodestar,lodestar.dev/owner=func');
  });
});
