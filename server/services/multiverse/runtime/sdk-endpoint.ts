/**
 * The SDK endpoint a game server calls, the same paths and bodies as the Agones SDK's REST gateway, so a server
 * written for Agones runs here unchanged: POST /ready, /health, /allocate, /shutdown, /reserve; GET /gameserver;
 * PUT /metadata/label and /metadata/annotation ({ key, value }); alpha player tracking (POST /alpha/player/connect and
 * /disconnect with { playerID }, GET /alpha/player/count, /capacity, /connected, /connected/{playerID}, PUT
 * /alpha/player/capacity with { count }). One endpoint per server on 127.0.0.1, as Agones gives each pod its sidecar;
 * its state is the sidecar's (what the server said), each call reported to the driver's sink.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlacedPort, SdkEvent } from './driver';

export type GameServerState = 'Scheduled' | 'RequestReady' | 'Ready' | 'Allocated' | 'Reserved' | 'Shutdown' | 'Unhealthy';

export interface SdkState {
  name: string;
  state: GameServerState;
  address: string;
  ports: PlacedPort[];
  labels: Record<string, string>;
  annotations: Record<string, string>;
  players: Set<string>;
  capacity: number;
}

/** GET /gameserver's answer, Agones' GameServer message as its REST gateway writes it (int64 as strings). */
export function gameServerView(s: SdkState) {
  return {
    object_meta: { name: s.name, namespace: 'default', uid: s.name, labels: s.labels, annotations: s.annotations },
    status: {
      state: s.state,
      address: s.address,
      ports: s.ports.map((p) => ({ name: p.name, port: p.port })),
      players: { count: String(s.players.size), capacity: String(s.capacity), ids: [...s.players] },
    },
  };
}

const MAX_BODY = 64 * 1024;

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

const KEY = /^[A-Za-z0-9][-A-Za-z0-9_.]{0,62}$/;

/** What a call does to the state and which event it reports: the answer's body, or a status and message. */
function handle(s: SdkState, method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown; event?: SdkEvent } {
  const post = method === 'POST';
  if (post && path === '/health') return { status: 200, body: {}, event: { type: 'health' } };
  if (post && (path === '/ready' || path === '/allocate' || path === '/shutdown' || path === '/reserve')) {
    if (s.state === 'Shutdown' || s.state === 'Unhealthy') return { status: 200, body: {} };
    const type = path.slice(1) as 'ready' | 'allocate' | 'shutdown' | 'reserve';
    s.state = ({ ready: 'Ready', allocate: 'Allocated', shutdown: 'Shutdown', reserve: 'Reserved' } as const)[type];
    return { status: 200, body: {}, event: type === 'reserve' ? { type, seconds: Number(body.seconds ?? 0) } : { type } };
  }
  if (method === 'GET' && path === '/gameserver') return { status: 200, body: gameServerView(s) };
  if (method === 'PUT' && (path === '/metadata/label' || path === '/metadata/annotation')) {
    const key = String(body.key ?? '');
    const value = String(body.value ?? '');
    if (!KEY.test(key) || value.length > 256) return { status: 400, body: { code: 3, message: 'invalid key or value' } };
    const label = path === '/metadata/label';
    // Agones prefixes the keys the SDK sets, so a server cannot overwrite the platform's own.
    (label ? s.labels : s.annotations)[`agones.dev/sdk-${key}`] = value;
    return { status: 200, body: {}, event: { type: label ? 'label' : 'annotation', key, value } };
  }
  if (path === '/alpha/player/connect' || path === '/alpha/player/disconnect') {
    if (!post) return { status: 405, body: { code: 12, message: 'method not allowed' } };
    const playerId = String(body.playerID ?? '');
    if (!playerId) return { status: 400, body: { code: 3, message: 'playerID is required' } };
    if (path.endsWith('/connect')) {
      if (s.players.has(playerId)) return { status: 200, body: { bool: false } };
      if (s.players.size >= s.capacity) return { status: 400, body: { code: 9, message: 'players are already at capacity' } };
      s.players.add(playerId);
      return { status: 200, body: { bool: true }, event: { type: 'playerConnect', playerId } };
    }
    const had = s.players.delete(playerId);
    return { status: 200, body: { bool: had }, ...(had ? { event: { type: 'playerDisconnect', playerId } as const } : {}) };
  }
  if (method === 'GET' && path === '/alpha/player/count') return { status: 200, body: { count: String(s.players.size) } };
  if (method === 'GET' && path === '/alpha/player/capacity') return { status: 200, body: { count: String(s.capacity) } };
  if (method === 'PUT' && path === '/alpha/player/capacity') {
    const count = Number(body.count);
    if (!Number.isInteger(count) || count < 0) return { status: 400, body: { code: 3, message: 'count must be a whole number, 0 or more' } };
    s.capacity = count;
    return { status: 200, body: {}, event: { type: 'playerCapacity', count } };
  }
  if (method === 'GET' && path === '/alpha/player/connected') return { status: 200, body: { list: [...s.players] } };
  if (method === 'GET' && path.startsWith('/alpha/player/connected/')) return { status: 200, body: { bool: s.players.has(decodeURIComponent(path.slice(24))) } };
  return { status: 404, body: { code: 5, message: 'Not Found' } };
}

/**
 * Listens for one server's SDK calls on `host` (127.0.0.1; the `docker` driver's containers reach it on the bridge's
 * address), a port of the system's choosing — or `port`, the one a server followed again after a restart was given;
 * `close` stops listening.
 */
export async function startSdkEndpoint(state: SdkState, report: (e: SdkEvent) => void, host = '127.0.0.1', port = 0): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://sdk').pathname.replace(/\/+$/, '') || '/';
    bodyOf(req)
      .then((body) => {
        const out = handle(state, req.method ?? 'GET', path, body);
        if (out.event) report(out.event);
        res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
      })
      .catch(() => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 3, message: 'the body is not JSON' })));
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
