/**
 * The Docker Engine API as the `docker` driver uses it, on a unix socket (dockerode speaks HTTP over it, as to the
 * Engine): no Docker daemon runs where the tests run. It answers in the Engine's own shapes — an image inspected (404
 * until built), a build context received as a gzipped tar and its progress streamed, containers created, started,
 * inspected, listed by label, stopped and removed, a wait held until the container ends, its output as the Engine's
 * multiplexed stream, its stats — keeps the containers it was asked for, and records every request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
}

export interface StandInContainer {
  id: string;
  name: string;
  env: string[];
  labels: Record<string, string>;
  running: boolean;
  startedAt: string;
  waits: ServerResponse[];
}

export interface DockerEngine {
  socketPath: string;
  requests: Recorded[];
  images: Set<string>;
  /** By name. */
  containers: Map<string, StandInContainer>;
  /** A container's process ending with `code`: its waits answered. */
  exit: (name: string, code: number) => void;
  /** A container left by an earlier run, running. */
  leave: (name: string, env?: Record<string, string>, labels?: Record<string, string>) => StandInContainer;
  /** The value its create asked for an environment variable. */
  envOf: (name: string, variable: string) => string | undefined;
  close: () => Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** One frame of the Engine's multiplexed output: stream 1 stdout, 2 stderr, then the payload's length, big-endian. */
const frame = (stream: 1 | 2, text: string) => {
  const payload = Buffer.from(text);
  const head = Buffer.alloc(8);
  head[0] = stream;
  head.writeUInt32BE(payload.length, 4);
  return Buffer.concat([head, payload]);
};

async function read(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The Engine on `dir`/docker.sock. */
export async function startDockerEngine(dir: string): Promise<DockerEngine> {
  const requests: Recorded[] = [];
  const images = new Set<string>();
  const containers = new Map<string, StandInContainer>();
  let made = 0;
  const make = (name: string, env: string[], labels: Record<string, string>): StandInContainer => {
    const c = { id: `c0ffee${String(++made).padStart(58, '0')}`, name, env, labels, running: false, startedAt: '0001-01-01T00:00:00Z', waits: [] };
    containers.set(name, c);
    return c;
  };
  const find = (ref: string) => containers.get(ref) ?? [...containers.values()].find((c) => c.id === ref);
  const exit = (name: string, code: number) => {
    const c = containers.get(name);
    if (!c) return;
    c.running = false;
    for (const w of c.waits.splice(0)) if (!w.destroyed) json(w, 200, { StatusCode: code, Error: null });
  };
  const socketPath = join(dir, 'docker.sock');
  const server = createServer((req, res) => {
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
      if (req.method === 'POST' && path === '/containers/create') {
        const asked = JSON.parse(body.toString()) as { Env?: string[]; Labels?: Record<string, string> };
        return json(res, 201, { Id: make(url.searchParams.get('name')!, asked.Env ?? [], asked.Labels ?? {}).id, Warnings: [] });
      }
      if (req.method === 'GET' && path === '/containers/json') {
        const wanted = ((JSON.parse(url.searchParams.get('filters') ?? '{}') as { label?: string[] }).label ?? []).map((l) => l.split('='));
        const all = url.searchParams.get('all') === 'true';
        const listed = [...containers.values()].filter((c) => (all || c.running) && wanted.every(([k, v]) => c.labels[k] === v));
        return json(res, 200, listed.map((c) => ({ Id: c.id, Names: [`/${c.name}`], Labels: c.labels, State: c.running ? 'running' : 'exited' })));
      }
      const m = /^\/containers\/([^/]+)(\/[a-z]+)?$/.exec(path);
      const c = m ? find(decodeURIComponent(m[1])) : undefined;
      if (m && !c) return json(res, 404, { message: `No such container: ${m[1]}` });
      if (c && m![2] === '/wait') return void c.waits.push(res);
      if (c && m![2] === '/start') {
        Object.assign(c, { running: true, startedAt: new Date().toISOString() });
        return res.writeHead(204).end();
      }
      if (c && m![2] === '/json') return json(res, 200, { Id: c.id, Name: `/${c.name}`, State: { Status: c.running ? 'running' : 'exited', Running: c.running, StartedAt: c.startedAt }, Config: { Env: c.env, Labels: c.labels } });
      if (c && m![2] === '/logs') {
        res.writeHead(200, { 'content-type': 'application/vnd.docker.multiplexed-stream' });
        res.write(frame(1, '2026-01-02T03:04:05.000000000Z listening on 9998\n'));
        res.write(frame(2, '2026-01-02T03:04:05.250000000Z a warning\n'));
        return;
      }
      if (c && m![2] === '/stats') {
        return json(res, 200, {
          read: '2026-01-02T03:04:06Z',
          cpu_stats: { cpu_usage: { total_usage: 4_000_000_000 }, system_cpu_usage: 200_000_000_000, online_cpus: 4 },
          precpu_stats: { cpu_usage: { total_usage: 3_000_000_000 }, system_cpu_usage: 190_000_000_000 },
          memory_stats: { usage: 50 * 1024 * 1024, limit: 461 * 1024 * 1024 },
        });
      }
      if (c && m![2] === '/stop') {
        res.writeHead(204).end();
        return exit(c.name, 143);
      }
      if (c && !m![2] && req.method === 'DELETE') {
        exit(c.name, 137);
        containers.delete(c.name);
        return res.writeHead(204).end();
      }
      json(res, 404, { message: 'page not found' });
    });
  });
  await new Promise<void>((r) => server.listen(socketPath, r));
  return {
    socketPath,
    requests,
    images,
    containers,
    exit,
    leave: (name, env = {}, labels = {}) => Object.assign(make(name, Object.entries(env).map(([k, v]) => `${k}=${v}`), labels), { running: true, startedAt: new Date(Date.now() - 60_000).toISOString() }),
    envOf: (name, variable) => containers.get(name)?.env.find((e) => e.startsWith(`${variable}=`))?.slice(variable.length + 1),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
