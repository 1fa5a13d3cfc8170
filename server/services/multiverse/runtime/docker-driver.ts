/**
 * The `docker` driver: each game server is a container of the Docker Engine at the configured socket (dockerode).
 * A build's image is built once from its unpacked tree with a generated Dockerfile (the base image, the tree copied,
 * the checked start command as CMD in exec form); each server's container gets host ports from the configured range
 * bound to the ports its revision declares, its CPU (NanoCpus from millicores) and memory limits, its env and
 * labels. The SDK endpoint is this platform's, one per server as with `process`, listening on the address the
 * containers reach the host at (AGONES_SDK_HTTP_HOST, `host.docker.internal` mapped to the host gateway). Logs are
 * the container's output (followed), metrics its stats, its end the Engine's wait. Containers outlive the platform: a
 * later run finds an earlier run's by its server's name and follows it again (`adopt`: its SDK endpoint listens on the
 * port the container was given), and the platform stopping lets go of them (`release`).
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Docker from 'dockerode';
import { containerEnv } from './container-env';
import type { AdoptSpec, EventSink, LogLine, PlacedPort, RunningServer, RuntimeDriver, ServerMetrics, ServerSpec, ServerStatus } from './driver';
import { PortPool, type PortRange } from './ports';
import { startSdkEndpoint, type GameServerState, type SdkState } from './sdk-endpoint';
import type { StartCommand } from './start-command';

export interface DockerDriverOptions {
  socketPath: string;
  ports: PortRange;
  publicHost: string;
  /** The name containers reach this host by (given as AGONES_SDK_HTTP_HOST). */
  sdkHost: string;
  /** The address the SDK endpoints listen on (the Docker bridge's gateway). */
  sdkListen: string;
  /** The base image of a build's Dockerfile (it has `node` for `node <script>` start commands). */
  baseImage: string;
  imageOf: (spec: ServerSpec) => string;
  logLines?: number;
  /** Which service's servers these are (`lodestar.dev/owner`): what `found` lists. */
  owner?: string;
}

export const DOCKERFILE = '.lodestar.Dockerfile';
const MANAGED = 'app.kubernetes.io/managed-by';
const SERVER_LABEL = 'lodestar.dev/server-id';
export const OWNER_LABEL = 'lodestar.dev/owner';
const LOG_LINES = 1000;

interface Box {
  container: Docker.Container;
  sdk: SdkState;
  closeSdk: () => Promise<void>;
  hostPorts: number[];
  logs: LogLine[];
  status: ServerStatus;
  exited: Promise<void>;
  startedAt: number;
  /** Ends the Engine requests that follow it (its wait, its output) when the platform lets go of it. */
  following: AbortController;
  released?: boolean;
}

/** The Dockerfile of a build: its tree in /srv, its start command as CMD (exec form: no shell). */
export function dockerfileOf(base: string, command: StartCommand): string {
  const argv = 'file' in command.program ? [`./${command.program.file}`, ...command.args] : [command.program.interpreter, ...command.args];
  return [`FROM ${base}`, 'WORKDIR /srv', 'COPY . /srv', `CMD ${JSON.stringify(argv)}`, ''].join('\n');
}

const containerName = (id: string) => `lodestar-${id.toLowerCase().replace(/[^a-z0-9_.-]/g, '-')}`;
const signalOf = (code: number) => (code === 137 ? 'SIGKILL' : code === 143 ? 'SIGTERM' : null);
const envOf = (env: string[] | null | undefined) => Object.fromEntries((env ?? []).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));

export class DockerDriver implements RuntimeDriver {
  readonly name = 'docker' as const;
  readonly docker: Docker;
  private readonly boxes = new Map<string, Box>();
  private readonly pool: PortPool;
  private readonly built = new Map<string, Promise<void>>();

  constructor(
    private readonly opts: DockerDriverOptions,
    private readonly sink: EventSink,
  ) {
    this.docker = new Docker({ socketPath: opts.socketPath });
    this.pool = new PortPool(opts.ports);
  }

  /** Builds the server's image once (an image already in the Engine is used as it is). */
  private ensureImage(spec: ServerSpec, tag: string): Promise<void> {
    let p = this.built.get(tag);
    if (!p) {
      p = this.build(spec, tag).catch((e: Error) => {
        this.built.delete(tag);
        throw e;
      });
      this.built.set(tag, p);
    }
    return p;
  }

  private async build(spec: ServerSpec, tag: string): Promise<void> {
    try {
      await this.docker.getImage(tag).inspect();
      return;
    } catch (e) {
      if ((e as { statusCode?: number }).statusCode !== 404) throw e;
    }
    await writeFile(join(spec.build.dir, DOCKERFILE), dockerfileOf(this.opts.baseImage, spec.build.command));
    const src = await readdir(spec.build.dir);
    const stream = await this.docker.buildImage({ context: spec.build.dir, src }, { t: tag, dockerfile: DOCKERFILE, labels: { [MANAGED]: 'lodestar' } });
    await new Promise<void>((resolve, reject) =>
      this.docker.modem.followProgress(stream, (err: Error | null, out: { error?: string }[]) => {
        const failed = err?.message ?? out.find((o) => o.error)?.error;
        if (failed) reject(new Error(`the image build failed: ${failed}`));
        else resolve();
      }),
    );
  }

  async start(spec: ServerSpec): Promise<RunningServer> {
    if (this.boxes.get(spec.id)?.status.running) throw new Error(`server ${spec.id} already runs`);
    const tag = this.opts.imageOf(spec);
    await this.ensureImage(spec, tag);
    const hostPorts = this.pool.take(spec.ports.length);
    if (!hostPorts) throw new Error('no free port in the range');
    const ports = spec.ports.map((p, i) => ({ ...p, port: hostPorts[i] }));
    const sdk: SdkState = { name: spec.id, state: 'Scheduled', address: this.opts.publicHost, ports, labels: { ...spec.labels }, annotations: {}, players: new Set(), capacity: spec.playerCapacity ?? 0 };
    let endpoint: Awaited<ReturnType<typeof startSdkEndpoint>> | undefined;
    let made: Docker.Container | undefined;
    try {
      endpoint = await startSdkEndpoint(sdk, (e) => this.sink(spec.id, e), this.opts.sdkListen);
      const env: Record<string, string> = {
        ...containerEnv(spec),
        AGONES_SDK_HTTP_HOST: this.opts.sdkHost,
        AGONES_SDK_HTTP_PORT: String(endpoint.port),
        AGONES_SDK_GRPC_PORT: '0',
      };
      const key = (p: { containerPort: number; protocol: string }) => `${p.containerPort}/${p.protocol.toLowerCase()}`;
      const container = await this.docker.createContainer({
        name: containerName(spec.id),
        Image: tag,
        Env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
        Labels: { ...spec.labels, [MANAGED]: 'lodestar', [SERVER_LABEL]: spec.id, [OWNER_LABEL]: this.owner },
        ExposedPorts: Object.fromEntries(ports.map((p) => [key(p), {}])),
        HostConfig: {
          PortBindings: Object.fromEntries(ports.map((p) => [key(p), [{ HostPort: String(p.port) }]])),
          NanoCpus: spec.millicores * 1_000_000,
          Memory: spec.memoryMiB * 1024 * 1024,
          ExtraHosts: [`${this.opts.sdkHost}:host-gateway`],
        },
      });
      made = container;
      // The wait is asked before the start, so an end however soon is not missed.
      const box = this.box(spec.id, container, sdk, endpoint, hostPorts, Date.now());
      await container.start();
      this.follow(box);
      this.push(box, 'system', `started container ${container.id.slice(0, 12)} of ${tag} on ports ${ports.map((p) => `${p.name} ${p.port}/${p.protocol}`).join(', ')}, SDK on ${endpoint.port}`);
      return { id: spec.id, address: this.opts.publicHost, ports, sdkPort: endpoint.port };
    } catch (e) {
      this.boxes.delete(spec.id);
      this.pool.release(hostPorts);
      await endpoint?.close();
      // A container made but not started is not left behind.
      await made?.remove({ force: true }).catch(() => undefined);
      throw e;
    }
  }

  /** Follows a container from now on: its end (the Engine's wait) reported as the exit. */
  private box(id: string, container: Docker.Container, sdk: SdkState, endpoint: { close: () => Promise<void> }, hostPorts: number[], startedAt: number): Box {
    const following = new AbortController();
    const box: Box = { container, sdk, closeSdk: endpoint.close, hostPorts, logs: [], status: { running: true }, exited: Promise.resolve(), startedAt, following };
    box.exited = container.wait({ condition: 'next-exit', abortSignal: following.signal }).then(
      (r: { StatusCode: number }) => this.ended(id, box, r.StatusCode),
      (e: Error) => this.ended(id, box, null, `the Engine's wait failed: ${e.message}`),
    );
    this.boxes.set(id, box);
    return box;
  }

  /**
   * A container an earlier run started, followed again: found by its server's name and running, its SDK endpoint
   * listening again on the port its environment names, its host ports held, its output and end followed.
   */
  async adopt(spec: AdoptSpec): Promise<RunningServer | undefined> {
    const container = this.docker.getContainer(containerName(spec.id));
    const info = await container.inspect().catch((e: { statusCode?: number }) => {
      if (e.statusCode === 404) return undefined;
      throw e;
    });
    if (!info?.State.Running) return undefined;
    const ports: PlacedPort[] = spec.ports;
    const sdk: SdkState = { name: spec.id, state: spec.sdkState ?? 'Scheduled', address: this.opts.publicHost, ports, labels: { ...spec.labels }, annotations: {}, players: new Set(spec.players), capacity: spec.playerCapacity ?? 0 };
    const endpoint = await startSdkEndpoint(sdk, (e) => this.sink(spec.id, e), this.opts.sdkListen, Number(envOf(info.Config.Env).AGONES_SDK_HTTP_PORT ?? 0));
    const hostPorts = ports.map((p) => p.port);
    this.pool.hold(hostPorts);
    const box = this.box(spec.id, container, sdk, endpoint, hostPorts, Date.parse(info.State.StartedAt) || Date.now());
    this.follow(box);
    this.push(box, 'system', `followed again after a restart: container ${info.Id.slice(0, 12)}, SDK on ${endpoint.port}`);
    return { id: spec.id, address: this.opts.publicHost, ports, sdkPort: endpoint.port };
  }

  /** The ids of this owner's containers the Engine has, running or not. */
  async found(): Promise<string[]> {
    const list = await this.docker.listContainers({ all: true, filters: { label: [`${OWNER_LABEL}=${this.owner}`] } });
    return list.map((c) => c.Labels[SERVER_LABEL]).filter(Boolean);
  }

  /** Lets go of every container without stopping it: no more following, the SDK endpoints closed. */
  async release(): Promise<void> {
    const boxes = [...this.boxes.values()].filter((b) => b.status.running);
    this.boxes.clear();
    for (const b of boxes) {
      b.released = true;
      b.following.abort();
      this.pool.release(b.hostPorts);
      await b.closeSdk();
    }
  }

  private get owner() {
    return this.opts.owner ?? 'multiverse';
  }

  private push(box: Box, stream: LogLine['stream'], line: string, at = new Date().toISOString()): void {
    box.logs.push({ at, stream, line: line.slice(0, 4000) });
    const max = this.opts.logLines ?? LOG_LINES;
    if (box.logs.length > max) box.logs.splice(0, box.logs.length - max);
  }

  /** Follows the container's output (the Engine's multiplexed stream, split by dockerode) into its logs. */
  private follow(box: Box): void {
    const into = (stream: 'stdout' | 'stderr') => {
      const out = new PassThrough();
      let rest = '';
      out.setEncoding('utf8');
      out.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const l of lines) {
          // `timestamps`: each line starts with its RFC 3339 time.
          const cut = l.indexOf(' ');
          const at = new Date(l.slice(0, cut));
          if (Number.isNaN(at.getTime())) this.push(box, stream, l);
          else this.push(box, stream, l.slice(cut + 1), at.toISOString());
        }
      });
      return out;
    };
    box.container.logs({ follow: true, stdout: true, stderr: true, timestamps: true, tail: this.opts.logLines ?? LOG_LINES, abortSignal: box.following.signal }).then(
      (stream) => this.docker.modem.demuxStream(stream, into('stdout'), into('stderr')),
      (e: Error) => !box.released && this.push(box, 'system', `could not follow the output: ${e.message}`),
    );
  }

  /** The container has ended: its ports and SDK endpoint let go, the exit reported. */
  private ended(id: string, box: Box, code: number | null, problem?: string): void {
    if (!box.status.running || box.released) return;
    const signal = code === null ? null : signalOf(code);
    box.status = { running: false, exitCode: code, signal };
    if (problem) this.push(box, 'system', problem);
    this.push(box, 'system', `exited${code !== null ? ` with code ${code}` : ''}${signal ? ` (${signal})` : ''}`);
    this.pool.release(box.hostPorts);
    void box.closeSdk();
    this.sink(id, { type: 'exit', code, signal });
  }

  setState(id: string, state: GameServerState): void {
    const b = this.boxes.get(id);
    if (b) b.sdk.state = state;
  }

  async stop(id: string, graceMs = 5000): Promise<void> {
    const b = this.boxes.get(id);
    if (!b?.status.running) return;
    await b.container.stop({ t: Math.ceil(graceMs / 1000) }).catch(() => undefined);
    await b.exited;
  }

  status(id: string): ServerStatus | undefined {
    const b = this.boxes.get(id);
    return b ? { ...b.status } : undefined;
  }

  logs(id: string, limit = LOG_LINES): LogLine[] {
    return (this.boxes.get(id)?.logs ?? []).slice(-limit);
  }

  /** The container's stats now: CPU as the Engine counts it (share of the host's CPU × its CPUs), memory in use. */
  async metrics(id: string): Promise<ServerMetrics | undefined> {
    const b = this.boxes.get(id);
    if (!b?.status.running) return undefined;
    try {
      const s = (await b.container.stats({ stream: false })) as unknown as DockerStats;
      const cpu = s.cpu_stats.cpu_usage.total_usage - (s.precpu_stats.cpu_usage?.total_usage ?? 0);
      const system = (s.cpu_stats.system_cpu_usage ?? 0) - (s.precpu_stats.system_cpu_usage ?? 0);
      const cpus = s.cpu_stats.online_cpus ?? 1;
      return { cpuPercent: system > 0 ? (cpu / system) * cpus * 100 : 0, memoryBytes: s.memory_stats.usage ?? 0, cpuMs: s.cpu_stats.cpu_usage.total_usage / 1e6, uptimeMs: Date.now() - b.startedAt };
    } catch {
      return undefined;
    }
  }

  forget(id: string): void {
    const b = this.boxes.get(id);
    if (b && !b.status.running) {
      this.boxes.delete(id);
      void b.container.remove({ force: true }).catch(() => undefined);
    }
  }

  running(): string[] {
    return [...this.boxes.entries()].filter(([, b]) => b.status.running).map(([id]) => id);
  }

  async reclaim(id: string): Promise<void> {
    await this.docker
      .getContainer(containerName(id))
      .remove({ force: true })
      .catch((e: { statusCode?: number }) => {
        if (e.statusCode !== 404) throw e;
      });
  }

  async close(): Promise<void> {
    await Promise.all(this.running().map((id) => this.stop(id, 2000)));
  }
}

/** The fields of the Engine's stats answer read here. */
interface DockerStats {
  cpu_stats: { cpu_usage: { total_usage: number }; system_cpu_usage?: number; online_cpus?: number };
  precpu_stats: { cpu_usage?: { total_usage: number }; system_cpu_usage?: number };
  memory_stats: { usage?: number };
}
