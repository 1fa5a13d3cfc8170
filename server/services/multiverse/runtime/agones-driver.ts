/**
 * The `agones` driver: each game server is an Agones `GameServer` in a Kubernetes namespace, written through the
 * Kubernetes API (`@kubernetes/client-node`). Lodestar keeps the records; the cluster runs the pods, and the Agones
 * sidecar is the server's SDK. The driver reads the GameServers back on a poll and turns what changed into the
 * driver's events: Ready → ready, Allocated (by the server itself) → allocate, Reserved → reserve, Shutdown →
 * shutdown, Unhealthy or Error or the object gone → exit; `agones.dev/sdk-` labels and annotations → label /
 * annotation; `status.players.ids` → player connect / disconnect. An allocation by the platform is a
 * `GameServerAllocation` selecting exactly that server. Logs are the pod's (the pod log API), metrics the
 * metrics.k8s.io API's when the cluster has it. The service's fleet keeps its warm servers as its own records, one
 * GameServer each, so no Agones `Fleet` is written (ADR 0024). GameServers outlive the platform: a later run, on this
 * host or another, follows an earlier run's again (`adopt`), and the platform stopping lets go of them (`release`).
 */
import { CoreV1Api, CustomObjectsApi, Metrics, type KubeConfig } from '@kubernetes/client-node';
import type { AdoptSpec, EventSink, LogLine, PlacedPort, RunningServer, RuntimeDriver, SdkEvent, ServerMetrics, ServerSpec, ServerStatus } from './driver';
import { containerEnv } from './container-env';
import { coresOf, bytesOf, resourcesOf } from './quantities';
import type { GameServerState } from './sdk-endpoint';

export interface AgonesDriverOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  /** The container image a server runs: the build pushed to the operator's registry. */
  imageOf: (spec: ServerSpec) => string;
  pollMs?: number;
  /** How long a new GameServer is given to be placed (an address and its ports). */
  startTimeoutMs?: number;
  logLines?: number;
  /** Which service's servers these are (`lodestar.dev/owner`): what `found` lists. */
  owner?: string;
}

const GROUP = 'agones.dev';
const PLURAL = 'gameservers';
const MANAGED = 'app.kubernetes.io/managed-by';
export const SERVER_LABEL = 'lodestar.dev/server-id';
const OWNER_LABEL = 'lodestar.dev/owner';
const SDK_PREFIX = 'agones.dev/sdk-';
const CONTAINER = 'gameserver';
/** The Agones sidecar's REST port, the same in every pod. */
const AGONES_SDK_HTTP_PORT = 9358;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** A GameServer as the API answers it (the fields read here). */
export interface GameServerObject {
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string>; creationTimestamp?: string };
  status?: { state?: string; address?: string; ports?: { name: string; port: number }[]; players?: { ids?: string[] | null } };
}

interface Seen {
  name: string;
  state?: string;
  sdk: Record<string, string>;
  players: Set<string>;
  status: ServerStatus;
  system: LogLine[];
  podLogs: LogLine[];
  startedAt: number;
  cpuMs: number;
  lastSample?: number;
  /** The platform asked for Allocated: the state seen next is not the server's own Allocate. */
  allocating: boolean;
  gone: Promise<void>;
  markGone: () => void;
  /** Its start has seen it placed: until then the start alone reads its state (the poll would end it under the start). */
  placed?: boolean;
}

/** A GameServer's name: DNS-1123, from the record's id. */
export const gameServerName = (id: string) => `lodestar-${id.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`.slice(0, 63).replace(/-+$/, '');

const isNotFound = (e: unknown) => (e as { code?: number }).code === 404;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The GameServer object the driver writes for a server (exported for its test). */
export function gameServerOf(spec: ServerSpec, namespace: string, image: string, owner = 'multiverse') {
  const labels: Record<string, string> = { [MANAGED]: 'lodestar', [SERVER_LABEL]: spec.id, [OWNER_LABEL]: owner };
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec.labels ?? {})) {
    if (v.length <= 63 && LABEL_VALUE.test(v)) labels[k] = v;
    else annotations[k] = v;
  }
  const env = containerEnv(spec);
  return {
    apiVersion: `${GROUP}/v1`,
    kind: 'GameServer',
    metadata: { name: gameServerName(spec.id), namespace, labels, annotations },
    spec: {
      container: CONTAINER,
      ports: spec.ports.map((p) => ({ name: p.name, portPolicy: 'Dynamic', containerPort: p.containerPort, protocol: p.protocol })),
      health: { disabled: false, initialDelaySeconds: 5, periodSeconds: 5, failureThreshold: 3 },
      ...(spec.playerCapacity ? { players: { initialCapacity: spec.playerCapacity } } : {}),
      template: {
        metadata: { labels: { [MANAGED]: 'lodestar', [SERVER_LABEL]: spec.id, [OWNER_LABEL]: owner } },
        spec: {
          containers: [{ name: CONTAINER, image, env: Object.entries(env).map(([name, value]) => ({ name, value })), resources: resourcesOf(spec.millicores, spec.memoryMiB) }],
        },
      },
    },
  };
}

export class AgonesDriver implements RuntimeDriver {
  readonly name = 'agones' as const;
  private readonly objects: CustomObjectsApi;
  private readonly core: CoreV1Api;
  private readonly metricsApi: Metrics;
  private readonly seen = new Map<string, Seen>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private ticks = 0;

  constructor(
    private readonly opts: AgonesDriverOptions,
    private readonly sink: EventSink,
  ) {
    this.objects = opts.kubeConfig.makeApiClient(CustomObjectsApi);
    this.core = opts.kubeConfig.makeApiClient(CoreV1Api);
    this.metricsApi = new Metrics(opts.kubeConfig);
  }

  private get ns() {
    return this.opts.namespace;
  }

  async start(spec: ServerSpec): Promise<RunningServer> {
    if (this.seen.get(spec.id)?.status.running) throw new Error(`server ${spec.id} already runs`);
    const name = gameServerName(spec.id);
    await this.objects.createNamespacedCustomObject({ group: GROUP, version: 'v1', namespace: this.ns, plural: PLURAL, body: gameServerOf(spec, this.ns, this.opts.imageOf(spec), this.owner) });
    const s = this.follow(spec.id, name, Date.now());
    this.push(s, `created GameServer ${this.ns}/${name}`);
    // Placed once Agones gives it a node's address and its host ports.
    const end = Date.now() + (this.opts.startTimeoutMs ?? 120_000);
    for (;;) {
      const gs = (await this.read(name)) as GameServerObject | undefined;
      const st = gs?.status;
      if (!gs || st?.state === 'Error' || st?.state === 'Unhealthy') {
        this.seen.delete(spec.id);
        await this.remove(name, 0);
        throw new Error(`GameServer ${name} ${gs ? `went ${st?.state}` : 'disappeared'} before it was placed`);
      }
      if (st?.address && spec.ports.every((p) => st.ports?.some((q) => q.name === p.name && q.port > 0))) {
        const ports: PlacedPort[] = spec.ports.map((p) => ({ ...p, port: st.ports!.find((q) => q.name === p.name)!.port }));
        this.push(s, `placed at ${st.address} on ports ${ports.map((p) => `${p.name} ${p.port}/${p.protocol}`).join(', ')}`);
        s.placed = true;
        return { id: spec.id, address: st.address, ports, sdkPort: AGONES_SDK_HTTP_PORT };
      }
      if (Date.now() > end) {
        this.seen.delete(spec.id);
        await this.remove(name, 0);
        throw new Error(`GameServer ${name} was not placed in time`);
      }
      await sleep(this.opts.pollMs ?? 1000);
    }
  }

  private get owner() {
    return this.opts.owner ?? 'multiverse';
  }

  /** Follows a GameServer from now on (the poll reads it once placed). */
  private follow(id: string, name: string, startedAt: number): Seen {
    let markGone = () => undefined as void;
    const gone = new Promise<void>((r) => (markGone = r));
    const s: Seen = { name, sdk: {}, players: new Set(), status: { running: true }, system: [], podLogs: [], startedAt, cpuMs: 0, allocating: false, gone, markGone };
    this.seen.set(id, s);
    this.timer ??= setInterval(() => void this.poll(), this.opts.pollMs ?? 1000);
    return s;
  }

  /**
   * A GameServer an earlier run wrote, followed again: found by its server's name and neither ended nor failing, its
   * state compared from the one the record last had (a Ready already recorded is not reported again).
   */
  async adopt(spec: AdoptSpec): Promise<RunningServer | undefined> {
    const name = gameServerName(spec.id);
    const gs = (await this.read(name)) as GameServerObject | undefined;
    const st = gs?.status;
    if (!gs || !st?.address || ['Error', 'Unhealthy', 'Shutdown'].includes(st.state ?? '')) return undefined;
    const s = this.follow(spec.id, name, Date.parse(gs.metadata.creationTimestamp ?? '') || Date.now());
    Object.assign(s, { state: spec.sdkState, players: new Set(spec.players), placed: true });
    this.push(s, `followed again after a restart: GameServer ${this.ns}/${name}, ${st.state}`);
    const ports: PlacedPort[] = spec.ports.map((p) => ({ ...p, port: st.ports?.find((q) => q.name === p.name)?.port ?? p.port }));
    return { id: spec.id, address: st.address, ports, sdkPort: AGONES_SDK_HTTP_PORT };
  }

  /** The ids of this owner's GameServers in the namespace, whatever their state. */
  async found(): Promise<string[]> {
    const list = (await this.objects.listNamespacedCustomObject({ group: GROUP, version: 'v1', namespace: this.ns, plural: PLURAL, labelSelector: `${MANAGED}=lodestar,${OWNER_LABEL}=${this.owner}` })) as { items: GameServerObject[] };
    return list.items.map((gs) => gs.metadata.labels?.[SERVER_LABEL] ?? '').filter(Boolean);
  }

  /** Lets go of every GameServer without deleting it: the poll stops. */
  async release(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.seen.clear();
  }

  /** The platform's allocation: a GameServerAllocation selecting this server (Agones moves it Ready → Allocated). */
  setState(id: string, state: GameServerState): void {
    const s = this.seen.get(id);
    if (!s || state !== 'Allocated') return;
    s.allocating = true;
    const body = { apiVersion: 'allocation.agones.dev/v1', kind: 'GameServerAllocation', spec: { selectors: [{ matchLabels: { [SERVER_LABEL]: id } }] } };
    this.objects
      .createNamespacedCustomObject({ group: 'allocation.agones.dev', version: 'v1', namespace: this.ns, plural: 'gameserverallocations', body })
      .then((answer: { status?: { state?: string } }) => this.push(s, `allocation: ${answer.status?.state ?? 'unknown'}`))
      .catch((e: Error) => this.push(s, `allocation failed: ${e.message}`));
  }

  async stop(id: string, graceMs = 5000): Promise<void> {
    const s = this.seen.get(id);
    if (!s?.status.running) return;
    await this.remove(s.name, Math.ceil(graceMs / 1000));
    // Gone when the poll no longer finds it (Agones deletes the pod first).
    const end = Date.now() + graceMs + 30_000;
    while (s.status.running && Date.now() < end) {
      if (!(await this.read(s.name))) this.exited(id, s, { code: null, signal: 'SIGTERM' });
      else await sleep(this.opts.pollMs ?? 1000);
    }
    await s.gone;
  }

  status(id: string): ServerStatus | undefined {
    const s = this.seen.get(id);
    return s ? { ...s.status } : undefined;
  }

  logs(id: string, limit = this.opts.logLines ?? 1000): LogLine[] {
    const s = this.seen.get(id);
    if (!s) return [];
    return [...s.system, ...s.podLogs].sort((a, b) => a.at.localeCompare(b.at)).slice(-limit);
  }

  /** The pod's usage from metrics.k8s.io; undefined when the cluster has no metrics API or no sample yet. */
  async metrics(id: string): Promise<ServerMetrics | undefined> {
    const s = this.seen.get(id);
    if (!s?.status.running) return undefined;
    try {
      const list = await this.metricsApi.getPodMetrics(this.ns);
      const pod = list.items.find((p) => p.metadata.name === s.name);
      const usage = pod?.containers.find((c) => c.name === CONTAINER)?.usage;
      if (!usage) return undefined;
      const cores = coresOf(usage.cpu);
      // CPU time: the samples' usage over the time between them (the metrics API answers a rate, not a total).
      const now = Date.now();
      if (s.lastSample !== undefined) s.cpuMs += cores * (now - s.lastSample);
      s.lastSample = now;
      return { cpuPercent: cores * 100, memoryBytes: bytesOf(usage.memory), cpuMs: Math.round(s.cpuMs), uptimeMs: now - s.startedAt };
    } catch {
      return undefined;
    }
  }

  forget(id: string): void {
    const s = this.seen.get(id);
    if (s && !s.status.running) this.seen.delete(id);
  }

  running(): string[] {
    return [...this.seen.entries()].filter(([, s]) => s.status.running).map(([id]) => id);
  }

  async reclaim(id: string): Promise<void> {
    await this.remove(gameServerName(id), 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.running().map((id) => this.stop(id, 2000)));
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One read of every GameServer this platform wrote; what changed becomes events. Exported for the test's pace. */
  async poll(): Promise<void> {
    if (this.polling || !this.running().length) return;
    this.polling = true;
    try {
      const list = (await this.objects.listNamespacedCustomObject({ group: GROUP, version: 'v1', namespace: this.ns, plural: PLURAL, labelSelector: `${MANAGED}=lodestar` })) as { items: GameServerObject[] };
      const byId = new Map(list.items.map((gs) => [gs.metadata.labels?.[SERVER_LABEL], gs]));
      for (const [id, s] of this.seen) {
        if (!s.status.running || !s.placed) continue;
        const gs = byId.get(id);
        if (!gs) this.exited(id, s, { code: null, signal: null }, 'the GameServer is gone');
        else this.compare(id, s, gs);
      }
      if (this.ticks++ % 5 === 0) await this.readLogs();
    } catch (e) {
      for (const s of this.seen.values()) if (s.status.running) this.push(s, `could not read the GameServers: ${(e as Error).message}`);
    } finally {
      this.polling = false;
    }
  }

  private compare(id: string, s: Seen, gs: GameServerObject): void {
    const emit = (e: SdkEvent) => this.sink(id, e);
    const state = gs.status?.state;
    if (state !== s.state) {
      s.state = state;
      if (state === 'Ready') emit({ type: 'ready' });
      else if (state === 'Allocated' && !s.allocating) emit({ type: 'allocate' });
      else if (state === 'Reserved') emit({ type: 'reserve', seconds: 0 });
      else if (state === 'Shutdown') emit({ type: 'shutdown' });
      else if (state === 'Unhealthy' || state === 'Error') return this.exited(id, s, { code: null, signal: null }, `the GameServer is ${state}`);
    }
    // Agones checks the server's health itself: a GameServer not Unhealthy is a healthy one.
    emit({ type: 'health' });
    for (const [kind, map] of [['label', gs.metadata.labels], ['annotation', gs.metadata.annotations]] as const) {
      for (const [k, v] of Object.entries(map ?? {})) {
        if (!k.startsWith(SDK_PREFIX) || s.sdk[`${kind}:${k}`] === v) continue;
        s.sdk[`${kind}:${k}`] = v;
        emit({ type: kind, key: k.slice(SDK_PREFIX.length), value: v });
      }
    }
    const ids = new Set(gs.status?.players?.ids ?? []);
    for (const p of ids) if (!s.players.has(p)) emit({ type: 'playerConnect', playerId: p });
    for (const p of s.players) if (!ids.has(p)) emit({ type: 'playerDisconnect', playerId: p });
    s.players = ids;
  }

  /** The pods' last lines, read with their timestamps. */
  private async readLogs(): Promise<void> {
    for (const s of this.seen.values()) {
      if (!s.status.running) continue;
      try {
        const text = await this.core.readNamespacedPodLog({ name: s.name, namespace: this.ns, container: CONTAINER, tailLines: this.opts.logLines ?? 1000, timestamps: true });
        s.podLogs = String(text)
          .split('\n')
          .filter(Boolean)
          .map((l) => {
            const at = l.indexOf(' ');
            const stamp = new Date(l.slice(0, at));
            return Number.isNaN(stamp.getTime()) ? { at: new Date().toISOString(), stream: 'stdout' as const, line: l } : { at: stamp.toISOString(), stream: 'stdout' as const, line: l.slice(at + 1) };
          });
      } catch {
        // No pod yet (scheduling) or already gone: the lines read before stay.
      }
    }
  }

  private exited(id: string, s: Seen, how: { code: number | null; signal: string | null }, why?: string): void {
    if (!s.status.running) return;
    s.status = { running: false, exitCode: how.code, signal: how.signal };
    if (why) this.push(s, why);
    this.push(s, 'ended');
    s.markGone();
    if (why) void this.remove(s.name, 0);
    this.sink(id, { type: 'exit', ...how });
  }

  private push(s: Seen, line: string): void {
    s.system.push({ at: new Date().toISOString(), stream: 'system', line });
    if (s.system.length > 200) s.system.splice(0, s.system.length - 200);
  }

  private async read(name: string): Promise<unknown> {
    try {
      return await this.objects.getNamespacedCustomObject({ group: GROUP, version: 'v1', namespace: this.ns, plural: PLURAL, name });
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  private async remove(name: string, graceSeconds: number): Promise<void> {
    try {
      await this.objects.deleteNamespacedCustomObject({ group: GROUP, version: 'v1', namespace: this.ns, plural: PLURAL, name, gracePeriodSeconds: graceSeconds });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
}
