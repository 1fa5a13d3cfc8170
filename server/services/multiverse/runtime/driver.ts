/**
 * The runtime driver: what starts, stops and watches game-server processes (ADR 0023). The service keeps the records
 * and their states; a driver runs the servers and reports what the servers say through the Agones-compatible SDK and
 * what happens to them (an exit), as events. `process` (child processes on this machine) is the default; `docker` and
 * `agones` implement the same interface: a Docker container or a Kubernetes GameServer in place of the child process,
 * the Agones sidecar in place of the local SDK endpoint.
 */
import type { GameServerState } from './sdk-endpoint';
import type { StartCommand } from './start-command';

export type Protocol = 'UDP' | 'TCP';

/** A port the game server listens on, as its profile revision declares it. */
export interface PortSpec {
  name: string;
  protocol: Protocol;
  /** The port the profile names (9998 by default); the process driver gives each server a host port of its own instead. */
  containerPort: number;
}

/** A port as placed: the address players connect to is the server's address and `port`. */
export interface PlacedPort extends PortSpec {
  port: number;
}

export interface ServerSpec {
  /** The server record's id: the driver's name for it. */
  id: string;
  /** The built image: its unpacked directory and its checked start command. */
  build: { dir: string; command: StartCommand };
  env: Record<string, string>;
  ports: PortSpec[];
  millicores: number;
  memoryMiB: number;
  /** Labels and annotations the server starts with (GET /gameserver answers them). */
  labels?: Record<string, string>;
  /** Player capacity the server starts with (alpha player tracking). */
  playerCapacity?: number;
  /** The image record (the container image of the `docker` and `agones` drivers is named from its id). */
  image?: { id: string };
}

/**
 * A server an earlier run of the platform started, as its record knows it: what a driver whose servers outlive the
 * platform (`docker`, `agones`) needs to follow it again.
 */
export interface AdoptSpec {
  id: string;
  /** Its ports as placed (the `docker` driver holds their host ports again). */
  ports: PlacedPort[];
  labels?: Record<string, string>;
  players?: string[];
  playerCapacity?: number;
  /** The SDK state the record last had: a server that said Ready before the restart is not Ready again. */
  sdkState?: GameServerState;
}

export interface RunningServer {
  id: string;
  /** Where players reach it. */
  address: string;
  ports: PlacedPort[];
  /** The SDK endpoint's port on the server's own host (AGONES_SDK_HTTP_PORT). */
  sdkPort: number;
  pid?: number;
}

/** What a game server tells the SDK, and what happens to its process. */
export type SdkEvent =
  | { type: 'ready' }
  | { type: 'health' }
  | { type: 'allocate' }
  | { type: 'shutdown' }
  | { type: 'reserve'; seconds: number }
  | { type: 'label'; key: string; value: string }
  | { type: 'annotation'; key: string; value: string }
  | { type: 'playerConnect'; playerId: string }
  | { type: 'playerDisconnect'; playerId: string }
  | { type: 'playerCapacity'; count: number }
  | { type: 'exit'; code: number | null; signal: string | null };

export interface LogLine {
  at: string;
  stream: 'stdout' | 'stderr' | 'system';
  line: string;
}

export interface ServerMetrics {
  /** CPU use now, percent of one core. */
  cpuPercent: number;
  /** Resident memory, bytes. */
  memoryBytes: number;
  /** CPU time used since start, milliseconds. */
  cpuMs: number;
  /** Time since start, milliseconds. */
  uptimeMs: number;
}

export interface ServerStatus {
  running: boolean;
  exitCode?: number | null;
  signal?: string | null;
}

export type EventSink = (id: string, event: SdkEvent) => void;

export interface RuntimeDriver {
  readonly name: 'process' | 'docker' | 'agones';
  /** Starts the server; its SDK calls and its exit arrive at the sink given when the driver was made. */
  start(spec: ServerSpec): Promise<RunningServer>;
  /** Asks it to stop, then kills it after `graceMs`; resolves when it has exited. */
  stop(id: string, graceMs?: number): Promise<void>;
  /** The platform's side of the server's SDK state (an allocation moves a Ready server to Allocated). */
  setState(id: string, state: GameServerState): void;
  /** Undefined when this driver never ran it (or forgot it). */
  status(id: string): ServerStatus | undefined;
  /** Its last lines of output, oldest first. */
  logs(id: string, limit?: number): LogLine[];
  metrics(id: string): Promise<ServerMetrics | undefined>;
  /** Drops what it keeps of a server that has exited. */
  forget(id: string): void;
  /** The ids of the servers it runs now. */
  running(): string[];
  /** Stops every server it runs (the platform stopping). */
  close(): Promise<void>;
  /**
   * Ends what an earlier run of the platform left of a server it never stopped (a container, a GameServer); the
   * `process` driver has none, its leftovers are found by pid (`leftovers.ts`).
   */
  reclaim?(id: string): Promise<void>;
  /**
   * Drivers whose servers outlive the platform (a container, a GameServer). `adopt` follows a server an earlier run
   * started again — its SDK calls, state, logs, metrics and end — and answers where it runs; undefined when it no
   * longer runs. `found` lists the servers of this driver's owner that its runtime has, running or not, by id.
   * `release` lets go of every server without stopping it (the platform stopping: the next run adopts them).
   */
  adopt?(spec: AdoptSpec): Promise<RunningServer | undefined>;
  found?(): Promise<string[]>;
  release?(): Promise<void>;
}
