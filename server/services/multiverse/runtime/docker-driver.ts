/**
 * The `docker` driver: each game server is a container of the Docker Engine at the configured socket (dockerode).
 * A build's image is built once from its unpacked tree with a generated Dockerfile (the base image, the tree copied,
 * the checked start command as CMD in exec form); each server's container gets host ports from the configured range
 * bound to the ports its revision declares, its CPU (NanoCpus from millicores) and memory limits, its env and
 * labels. The SDK endpoint is this platform's, one per server as with `process`, listening on the address the
 * containers reach the host at (AGONES_SDK_HTTP_HOST, `host.docker.internal` mapped to the host gateway). Logs are
 * the container's output (followed), metrics its stats, its end the Engine's wait.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Docker from 'dockerode';
import { containerEnv } from './container-env';
import type { EventSink, LogLine, RunningServer, RuntimeDriver, ServerMetrics, ServerSpec, ServerStatus } from './driver';
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
}

export const DOCKERFILE = '.lodestar.Dockerfile';
const MANAGED = 'app.kubernetes.io/managed-by';
const SERVER_LABEL = 'lodestar.dev/server-id';
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
}

/** The Dockerfile of a build: its tree in /srv, its start command as CMD (exec form: no shell). */
export function dockerfileOf(base: string, command: StartCommand): string {
  const argv = 'file' in command.program ? [`./${command.program.file}`, ...command.args] : [command.program.interpreter, ...command.args];
  return [`FROM ${base}`, 'WORKDIR /srv', 'COPY . /srv', `CMD ${JSON.stringify(argv)}`, ''].join('\n');
}

const containerName = (id: string) => `lodestar-${id.toLowerCase().replace(/[^a-z0-9_.-]/g, '-')}`;
const signalOf = (code: number) => (code === 137 ? 'SIGKILL' : code === 143 ? 'SIGTERM' : null);

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
        Labels: { ...spec.labels, [MANAGED]: 'lodestar', [SERVER_LABEL]: spec.id },
        ExposedPorts: Object.fromEntries(ports.map((p) => [key(p), {}])),
        HostConfig: {
          PortBindings: Object.fromEntries(ports.map((p) => [key(p), [{ HostPort: String(p.port) }]])),
          NanoCpus: spec.millicores * 1_000_000,
          Memory: spec.memoryMiB * 1024 * 1024,
          ExtraHosts: [`${this.opts.sdkHost}:host-gateway`],
        },
      });
      made = container;
      const box: Box = { container, sdk, closeSdk: endpoint.close, hostPorts, logs: [], status: { running: true }, exited: Promise.resolve(), startedAt: Date.now() };
      // The wait is asked before the start, so an end however soon is not missed.
      box.exited = container.wait({ condition: 'next-exit' }).then(
        (r: { StatusCode: number }) => this.ended(spec.id, box, r.StatusCode),
        (e: Error) => this.ended(spec.id, box, null, `the Engine's wait failed: ${e.message}`),
      );
      this.boxes.set(spec.id, box);
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
    box.container.logs({ follow: true, stdout: true, stderr: true, timestamps: true }).then(
      (stream) => this.docker.modem.demuxStream(stream, into('stdout'), into('stderr')),
      (e: Error) => this.push(box, 'system', `could not follow the output: ${e.message}`),
    );
  }

  /** The container has ended: its ports and SDK endpoint let go, the exit reported. */
  private ended(id: string, box: Box, code: number | null, problem?: string): void {
    if (!box.status.running) return;
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
