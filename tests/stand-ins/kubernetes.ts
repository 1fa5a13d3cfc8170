/**
 * The Kubernetes API as the `agones` driver uses it: Kubernetes and Agones cannot run where the tests run, so an HTTP
 * server answers as the API server does — GameServer objects as the Agones CRD defines them (made, read, listed by
 * label selector, deleted), a Status on 404, a GameServerAllocation's answer, the pod log as text, a PodMetricsList —
 * and records every request. The test moves the GameServers' states as Agones' controller would (`place`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import type { GameServerObject } from '../../server/services/multiverse/runtime/agones-driver';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body?: Record<string, unknown>;
  authorization?: string;
}

export interface Kubernetes {
  /** A configuration reaching it, with a bearer token, `namespace` the current one. */
  kc: KubeConfig;
  /** The GameServers' path in the namespace. */
  gs: string;
  requests: Recorded[];
  objects: Map<string, GameServerObject & { spec?: unknown }>;
  /** Agones placing a GameServer once the driver has written it: a node's address and a host port for each port. */
  place: (name: string, state?: string) => void;
  /** Runs `then` on the object once the driver has written it. */
  whenCreated: (name: string, then: (gs: GameServerObject) => void) => void;
  close: () => Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const notFound = (name: string) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `gameservers.agones.dev "${name}" not found`, reason: 'NotFound', details: { name, group: 'agones.dev', kind: 'gameservers' }, code: 404 });
/** Whether labels match a selector of `k=v` terms, comma-separated. */
const matches = (labels: Record<string, string> | undefined, selector: string) => selector.split(',').filter(Boolean).every((term) => labels?.[term.split('=')[0]] === term.split('=')[1]);

async function bodyOf(req: IncomingMessage) {
  let text = '';
  for await (const c of req) text += c;
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}

/** The API server; a GameServer written is placed at once (Scheduled) when `autoPlace` says so. */
export async function startKubernetes(ns: string, opts: { autoPlace?: boolean; port?: number } = {}): Promise<Kubernetes> {
  const GS = `/apis/agones.dev/v1/namespaces/${ns}/gameservers`;
  const requests: Recorded[] = [];
  const objects: Kubernetes['objects'] = new Map();
  const placed = (gs: GameServerObject, state = 'Scheduled') => (gs.status = { state, address: '10.0.0.7', ports: [{ name: ((gs as { spec?: { ports?: { name: string }[] } }).spec?.ports?.[0]?.name ?? 'game'), port: opts.port ?? 7654 }], players: { ids: [] } });
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://k8s');
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body, authorization: req.headers.authorization });
      const name = url.pathname.startsWith(`${GS}/`) ? url.pathname.slice(GS.length + 1) : '';
      if (req.method === 'POST' && url.pathname === GS) {
        const gs = { ...(body as object), metadata: { ...(body as { metadata: object }).metadata, uid: 'u-1', resourceVersion: '1', creationTimestamp: new Date().toISOString() }, status: { state: 'Creating' } } as unknown as GameServerObject;
        if (opts.autoPlace) placed(gs);
        objects.set(gs.metadata.name, gs);
        return json(res, 201, gs);
      }
      if (req.method === 'GET' && url.pathname === GS) {
        const selector = url.searchParams.get('labelSelector') ?? '';
        return json(res, 200, { apiVersion: 'agones.dev/v1', kind: 'GameServerList', metadata: { resourceVersion: '9' }, items: [...objects.values()].filter((o) => matches(o.metadata.labels, selector)) });
      }
      if (name && req.method === 'GET') return objects.has(name) ? json(res, 200, objects.get(name)) : json(res, 404, notFound(name));
      if (name && req.method === 'DELETE') {
        if (!objects.delete(name)) return json(res, 404, notFound(name));
        return json(res, 200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name, group: 'agones.dev', kind: 'gameservers' } });
      }
      if (req.method === 'POST' && url.pathname === `/apis/allocation.agones.dev/v1/namespaces/${ns}/gameserverallocations`) {
        const wanted = (body as { spec: { selectors: { matchLabels: Record<string, string> }[] } }).spec.selectors[0].matchLabels['lodestar.dev/server-id'];
        const gs = [...objects.values()].find((o) => o.metadata.labels?.['lodestar.dev/server-id'] === wanted && o.status?.state === 'Ready');
        if (gs) gs.status!.state = 'Allocated';
        return json(res, 201, { apiVersion: 'allocation.agones.dev/v1', kind: 'GameServerAllocation', spec: (body as { spec: unknown }).spec, status: gs ? { state: 'Allocated', gameServerName: gs.metadata.name, address: gs.status!.address, ports: gs.status!.ports, nodeName: 'node-a' } : { state: 'UnAllocated' } });
      }
      if (new RegExp(`^/api/v1/namespaces/${ns}/pods/([^/]+)/log$`).test(url.pathname)) {
        return res.writeHead(200, { 'content-type': 'text/plain' }).end('2026-01-02T03:04:05.000000001Z listening on 7654\n2026-01-02T03:04:06.500000000Z player joined\n');
      }
      if (url.pathname === `/apis/metrics.k8s.io/v1beta1/namespaces/${ns}/pods`) {
        return json(res, 200, { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', metadata: {}, items: [...objects.keys()].map((n) => ({ metadata: { name: n, namespace: ns }, timestamp: new Date().toISOString(), window: '15s', containers: [{ name: 'agones-gameserver-sidecar', usage: { cpu: '1m', memory: '10Mi' } }, { name: 'gameserver', usage: { cpu: '250000000n', memory: '65536Ki' } }] })) });
      }
      json(res, 404, { kind: 'Status', status: 'Failure', code: 404, reason: 'NotFound' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'test', server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, skipTLSVerify: true }],
    users: [{ name: 'lodestar', token: 'cluster-token' }],
    contexts: [{ name: 'test', cluster: 'test', user: 'lodestar', namespace: ns }],
    currentContext: 'test',
  });
  const whenCreated = (name: string, then: (gs: GameServerObject) => void) => {
    const timer = setInterval(() => {
      const gs = objects.get(name);
      if (!gs) return;
      clearInterval(timer);
      then(gs);
    }, 10);
  };
  return {
    kc,
    gs: GS,
    requests,
    objects,
    place: (name, state = 'Scheduled') => whenCreated(name, (gs) => placed(gs, state)),
    whenCreated,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
