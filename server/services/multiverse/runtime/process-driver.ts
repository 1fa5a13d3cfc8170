/**
 * The `process` driver: each game server is a child process of this platform on this machine, started in its
 * image's unpacked directory without a shell, in a process group of its own (stopping it stops whatever it started),
 * on host ports from the configured range; its output is kept for its logs, its CPU and memory read from the OS
 * (pidusage). The platform stopping stops every server it runs, and so does this process exiting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pidusage from 'pidusage';
import type { EventSink, LogLine, RunningServer, RuntimeDriver, ServerMetrics, ServerSpec, ServerStatus } from './driver';
import { PortPool, type PortRange } from './ports';
import { startSdkEndpoint, type GameServerState, type SdkState } from './sdk-endpoint';

export interface ProcessDriverOptions {
  ports: PortRange;
  /** The address given to players (the machine's public address). */
  publicHost: string;
  /** The executables allowed interpreters run as (`node` → this Node.js). */
  interpreters: Record<string, string>;
  /** Lines of output kept per server. */
  logLines?: number;
}

interface Proc {
  child: ChildProcess;
  sdk: SdkState;
  closeSdk: () => Promise<void>;
  ports: number[];
  logs: LogLine[];
  status: ServerStatus;
  exited: Promise<void>;
  startedAt: number;
}

const LOG_LINES = 1000;

export class ProcessDriver implements RuntimeDriver {
  readonly name = 'process' as const;
  private readonly procs = new Map<string, Proc>();
  private readonly pool: PortPool;
  private readonly killAll = () => {
    for (const p of this.procs.values()) if (p.status.running) killGroup(p.child, 'SIGKILL');
  };

  constructor(
    private readonly opts: ProcessDriverOptions,
    private readonly sink: EventSink,
  ) {
    this.pool = new PortPool(opts.ports);
  }

  private listening = false;

  async start(spec: ServerSpec): Promise<RunningServer> {
    if (this.procs.get(spec.id)?.status.running) throw new Error(`server ${spec.id} already runs`);
    if (!this.listening) {
      // A platform that exits without closing (a crash, a test runner's end) still leaves no server behind.
      process.on('exit', this.killAll);
      this.listening = true;
    }
    const hostPorts = this.pool.take(spec.ports.length);
    if (!hostPorts) throw new Error('no free port in the range');
    const ports = spec.ports.map((p, i) => ({ ...p, port: hostPorts[i] }));
    const sdk: SdkState = {
      name: spec.id,
      state: 'Scheduled',
      address: this.opts.publicHost,
      ports,
      labels: { ...spec.labels },
      annotations: {},
      players: new Set(),
      capacity: spec.playerCapacity ?? 0,
    };
    const logs: LogLine[] = [];
    let endpoint;
    try {
      endpoint = await startSdkEndpoint(sdk, (e) => this.sink(spec.id, e));
    } catch (e) {
      this.pool.release(hostPorts);
      throw e;
    }
    const { program, args } = spec.build.command;
    const file = 'file' in program ? join(spec.build.dir, program.file) : this.opts.interpreters[program.interpreter];
    const childEnv: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...spec.env,
      AGONES_SDK_HTTP_PORT: String(endpoint.port),
      // Agones' gRPC port has no server here: a gRPC SDK cannot connect, the REST one can.
      AGONES_SDK_GRPC_PORT: '0',
      PORT: String(ports[0]?.port ?? ''),
      LODESTAR_SERVER_ID: spec.id,
      LODESTAR_MILLICORES: String(spec.millicores),
      LODESTAR_MEMORY_MIB: String(spec.memoryMiB),
    };
    for (const p of ports) childEnv[`PORT_${p.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`] = String(p.port);
    const child = spawn(file, args, { cwd: spec.build.dir, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const status: ServerStatus = { running: true };
    const exited = new Promise<void>((resolve) => {
      const done = (code: number | null, signal: NodeJS.Signals | null, problem?: string) => {
        if (!status.running) return;
        status.running = false;
        status.exitCode = code;
        status.signal = signal;
        if (problem) push('system', problem);
        push('system', `exited${code !== null ? ` with code ${code}` : ''}${signal ? ` by ${signal}` : ''}`);
        this.pool.release(hostPorts);
        void endpoint.close();
        resolve();
        this.sink(spec.id, { type: 'exit', code, signal });
      };
      child.once('exit', (code, signal) => done(code, signal));
      child.once('error', (e) => done(null, null, `could not start: ${e.message}`));
    });
    const max = this.opts.logLines ?? LOG_LINES;
    const push = (stream: LogLine['stream'], line: string) => {
      logs.push({ at: new Date().toISOString(), stream, line });
      if (logs.length > max) logs.splice(0, logs.length - max);
    };
    for (const stream of ['stdout', 'stderr'] as const) {
      let rest = '';
      child[stream]?.setEncoding('utf8');
      child[stream]?.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const l of lines) push(stream, l.slice(0, 4000));
        if (rest.length > 4000) {
          push(stream, rest.slice(0, 4000));
          rest = '';
        }
      });
    }
    push('system', `started ${[file, ...args].join(' ')} on ports ${ports.map((p) => `${p.name} ${p.port}/${p.protocol}`).join(', ')}, SDK on ${endpoint.port}`);
    this.procs.set(spec.id, { child, sdk, closeSdk: endpoint.close, ports: hostPorts, logs, status, exited, startedAt: Date.now() });
    return { id: spec.id, address: this.opts.publicHost, ports, sdkPort: endpoint.port, pid: child.pid };
  }

  /** The platform's side of the SDK state (an allocation moves a Ready server to Allocated). */
  setState(id: string, state: GameServerState): void {
    const p = this.procs.get(id);
    if (p) p.sdk.state = state;
  }

  async stop(id: string, graceMs = 5000): Promise<void> {
    const p = this.procs.get(id);
    if (!p || !p.status.running) return;
    killGroup(p.child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(p.child, 'SIGKILL'), graceMs);
    await p.exited;
    clearTimeout(timer);
  }

  status(id: string): ServerStatus | undefined {
    const p = this.procs.get(id);
    return p ? { ...p.status } : undefined;
  }

  logs(id: string, limit = LOG_LINES): LogLine[] {
    return (this.procs.get(id)?.logs ?? []).slice(-limit);
  }

  async metrics(id: string): Promise<ServerMetrics | undefined> {
    const p = this.procs.get(id);
    if (!p?.status.running || !p.child.pid) return undefined;
    try {
      const s = await pidusage(p.child.pid);
      return { cpuPercent: s.cpu, memoryBytes: s.memory, cpuMs: s.ctime, uptimeMs: Date.now() - p.startedAt };
    } catch {
      return undefined;
    }
  }

  forget(id: string): void {
    const p = this.procs.get(id);
    if (p && !p.status.running) {
      this.procs.delete(id);
      if (p.child.pid) pidusage.clear();
    }
  }

  running(): string[] {
    return [...this.procs.entries()].filter(([, p]) => p.status.running).map(([id]) => id);
  }

  async close(): Promise<void> {
    await Promise.all([...this.procs.keys()].map((id) => this.stop(id, 2000)));
    process.off('exit', this.killAll);
    this.listening = false;
    pidusage.clear();
  }
}

/** Signals the server's whole process group (it was started detached, as its group's leader). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}
