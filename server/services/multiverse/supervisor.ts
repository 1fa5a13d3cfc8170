/**
 * The supervisor: starts game servers through the runtime driver and moves their records on what happens — every
 * state of spec 001 §4 from a real event. A server is `created` when started; `allocated` when an allocation takes
 * it Ready (or it allocates itself through the SDK); `deallocated` when its allocation ends or it shuts itself down
 * allocated; `canceled` when it ends before it was allocated (its allocation's TTL passed without Ready, or it shut
 * down unallocated); `unhealthy` when its health pings stop or its process dies, then `failed` once it is stopped.
 * Health and deadlines are watched here, every half second, for the servers this instance's driver runs. On a driver
 * whose servers outlive the platform (`docker`, `agones`), a later run follows an earlier run's again (`adopt`, from
 * `runtime/recover.ts`), and stopping lets go of them instead of ending them.
 */
import { hostname } from 'node:os';
import type { Ctx } from '../../context';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { millicoresOf, memoryMiBOf } from '../../../resources/multiverse/rules';
import { builtCommand, imageDirOf } from './images';
import { multiverseModels } from './models';
import { SerialQueues } from './runtime/serial-queues';
import type { LogLine, PlacedPort, RuntimeDriver, SdkEvent } from './runtime/driver';
import { makeDriver } from './runtime/drivers';
import type { MultiverseSettings } from './settings';
import { factorOf, recordServerCpu, scaledResources } from './usage';

export type ServerKind = 'allocation' | 'fleet' | 'test';
const LIVE = ['created', 'allocated'];
const LOG_TAIL = 200;
const HEALTH_WRITE_MS = 5000;

interface Local {
  scopeId: string;
  kind: ServerKind;
  startedAt: number;
  deadline?: number;
  ready: boolean;
  health: { periodMs: number; threshold: number; initialDelayMs: number };
  lastHealth?: number;
  lastHealthWrite: number;
  stopping: boolean;
  labels: Record<string, string>;
  players: Set<string>;
  millicores: number;
  billedFrom: number;
  gameId?: string;
}

export interface StartOptions {
  kind: ServerKind;
  revision: Data;
  gameId?: string;
  region?: string;
  labels?: Record<string, string>;
  /** An allocation not Ready by then is canceled. */
  ttlSeconds?: number;
}

export class Supervisor {
  readonly driver: RuntimeDriver;
  private readonly local = new Map<string, Local>();
  private readonly events = new SerialQueues();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: Ctx,
    readonly settings: MultiverseSettings,
    /** This run of the platform, host:pid (the records say which run runs a server). */
    readonly instance = `${hostname()}:${process.pid}`,
  ) {
    this.driver = makeDriver(settings, (id, e) => this.enqueue(id, e));
  }

  private get q() {
    return records(this.ctx.db, multiverseModels(this.ctx).servers);
  }

  /** Starts a server of a released (or any, for a test server) revision; answers its record. */
  async start(scopeId: string, o: StartOptions): Promise<Data> {
    const rev = o.revision;
    const asked = Number(rev.millicores ?? millicoresOf(Number(rev.cpu ?? 0.1)));
    // The operator's resource factor for the app scales what the server is given (and reserves).
    const { millicores, memoryMiB } = scaledResources(asked, Number(rev.memoryMiB ?? memoryMiBOf(asked)), await factorOf(this.ctx, scopeId, 'resource-factor'));
    const command = await builtCommand(this.settings, scopeId, String(rev.imageId));
    const ttl = o.ttlSeconds ?? Number(rev.allocationTtlSeconds ?? 30);
    const deadline = o.kind === 'allocation' ? Date.now() + ttl * 1000 : undefined;
    const record = await this.q.insert(scopeId, {
      kind: o.kind,
      ...(o.gameId ? { gameId: o.gameId } : {}),
      ...(o.region ? { region: o.region } : {}),
      profileId: String(rev.profileId ?? ''),
      revisionId: String(rev.id),
      imageId: String(rev.imageId),
      sdkState: 'Scheduled',
      millicores,
      memoryMiB,
      instance: this.instance,
      driver: this.driver.name,
      labels: o.labels ?? {},
      players: [],
      playerCount: 0,
      ...(deadline ? { deadline: new Date(deadline).toISOString() } : {}),
    });
    const id = String(record.id);
    this.track(id, scopeId, rev, { kind: o.kind, deadline, labels: o.labels, millicores, gameId: o.gameId });
    try {
      const run = await this.driver.start({
        id,
        build: { dir: imageDirOf(this.settings, scopeId, String(rev.imageId)), command },
        env: (rev.environment ?? {}) as Record<string, string>,
        ports: ((rev.ports ?? []) as { name: string; port: number; protocol?: 'UDP' | 'TCP' }[]).map((p) => ({ name: p.name, containerPort: p.port, protocol: p.protocol ?? 'UDP' })),
        millicores,
        memoryMiB,
        labels: o.labels,
        playerCapacity: Number(rev.playerCapacity ?? 0),
        image: { id: String(rev.imageId) },
      });
      const [hit] = await this.q.update(scopeId, { id }, { set: { address: run.address, ports: run.ports, port: run.ports[0]?.port, ...(run.pid ? { pid: run.pid } : {}) } });
      return hit?.record ?? record;
    } catch (e) {
      this.local.delete(id);
      await this.q.update(scopeId, { id, status: 'created' }, { status: 'failed', set: { reason: (e as Error).message, endedAt: new Date().toISOString() } });
      throw e;
    }
  }

  /** What this instance keeps of a server it runs. */
  private track(id: string, scopeId: string, rev: Data, o: Pick<Local, 'kind' | 'deadline' | 'millicores' | 'gameId'> & { labels?: Record<string, string>; players?: string[]; ready?: boolean; startedAt?: number }): void {
    const health = (rev.health ?? {}) as { periodSeconds?: number; failureThreshold?: number; initialDelaySeconds?: number };
    this.local.set(id, {
      scopeId,
      kind: o.kind,
      startedAt: o.startedAt ?? Date.now(),
      deadline: o.deadline,
      ready: o.ready ?? false,
      health: { periodMs: (health.periodSeconds ?? 5) * 1000, threshold: health.failureThreshold ?? 3, initialDelayMs: (health.initialDelaySeconds ?? 5) * 1000 },
      // A server followed again is given its health periods from now.
      ...(o.ready ? { lastHealth: Date.now() } : {}),
      lastHealthWrite: 0,
      stopping: false,
      labels: { ...o.labels },
      players: new Set(o.players),
      millicores: o.millicores,
      billedFrom: Date.now(),
      gameId: o.gameId,
    });
    // Health and deadlines are watched from the first server on.
    this.timer ??= setInterval(() => void this.watch().catch(() => undefined), 500);
  }

  /**
   * A server an earlier run of the platform started, followed again by this one (its record then names this
   * instance); false when the driver no longer finds it running.
   */
  async adopt(scopeId: string, record: Data): Promise<boolean> {
    const id = String(record.id);
    const rev = (await records(this.ctx.db, multiverseModels(this.ctx).revisions).maybe(scopeId, String(record.revisionId))) ?? {};
    if (!this.driver.adopt) return false;
    const sdkState = String(record.sdkState ?? 'Scheduled') as 'Scheduled' | 'Ready' | 'Allocated' | 'Reserved';
    const labels = (record.labels ?? {}) as Record<string, string>;
    const players = (record.players ?? []) as string[];
    const deadline = record.deadline ? Date.parse(String(record.deadline)) : undefined;
    const ready = record.status === 'allocated' || sdkState !== 'Scheduled';
    this.track(id, scopeId, rev, { kind: record.kind as ServerKind, deadline, labels, players, millicores: Number(record.millicores ?? 0), gameId: record.gameId as string | undefined, ready, startedAt: Date.parse(String(record.createdAt ?? '')) || Date.now() });
    const ports = (record.ports ?? []) as PlacedPort[];
    const run = await this.driver.adopt({ id, ports, labels, players, playerCapacity: Number(rev.playerCapacity ?? 0), sdkState }).catch(() => undefined);
    if (!run) {
      this.local.delete(id);
      return false;
    }
    await this.q.update(scopeId, { id }, { set: { instance: this.instance, address: run.address, ports: run.ports, port: run.ports[0]?.port } });
    return true;
  }

  /** Ends a server on purpose: its record moves to `to` (from a live state), its process is stopped. */
  async stop(scopeId: string, id: string, to: 'deallocated' | 'canceled' | 'failed', reason: string): Promise<Data | undefined> {
    const l = this.local.get(id);
    if (l) l.stopping = true;
    const from = to === 'failed' ? ['created', 'allocated', 'unhealthy'] : LIVE;
    const [hit] = await this.q.update(scopeId, { id, status: { $in: from } }, { status: to, set: { reason, endedAt: new Date().toISOString() } });
    await this.driver.stop(id, this.settings.stopGraceMs);
    await this.finish(scopeId, id);
    return hit?.record ?? (await this.q.maybe(scopeId, id));
  }

  /** Takes a Ready server from a live state to allocated in the driver too. */
  markAllocated(id: string): void {
    this.driver.setState(id, 'Allocated');
  }

  logs(id: string, limit: number, stored: Data): LogLine[] {
    const live = this.driver.logs(id, limit);
    return live.length ? live : ((stored.logTail ?? []) as LogLine[]).slice(-limit);
  }

  private enqueue(id: string, e: SdkEvent): void {
    this.events.push(id, () => this.handle(id, e));
  }

  /** Waits for the events received so far (a test, before it reads the records). */
  async settled(): Promise<void> {
    await this.events.settled();
  }

  private async handle(id: string, e: SdkEvent): Promise<void> {
    const l = this.local.get(id);
    if (!l) return;
    const { scopeId } = l;
    const now = new Date().toISOString();
    switch (e.type) {
      case 'health':
        l.lastHealth = Date.now();
        if (Date.now() - l.lastHealthWrite >= HEALTH_WRITE_MS) {
          l.lastHealthWrite = Date.now();
          await this.q.update(scopeId, { id, status: { $in: LIVE } }, { set: { lastHealthAt: now } });
        }
        return;
      case 'ready': {
        l.ready = true;
        l.lastHealth ??= Date.now();
        if (l.kind === 'allocation') {
          const [hit] = await this.q.update(scopeId, { id, status: 'created' }, { status: 'allocated', set: { sdkState: 'Allocated', readyAt: now, allocatedAt: now } });
          if (hit) return this.markAllocated(id);
        }
        await this.q.update(scopeId, { id, status: { $in: LIVE } }, { set: { sdkState: 'Ready', readyAt: now } });
        return;
      }
      case 'allocate':
        await this.q.update(scopeId, { id, status: 'created' }, { status: 'allocated', set: { sdkState: 'Allocated', allocatedAt: now } });
        return;
      case 'reserve':
        await this.q.update(scopeId, { id, status: { $in: LIVE } }, { set: { sdkState: 'Reserved' } });
        return;
      case 'shutdown': {
        const current = await this.q.maybe(scopeId, id);
        if (!current || !LIVE.includes(String(current.status))) return;
        await this.stop(scopeId, id, current.status === 'allocated' ? 'deallocated' : 'canceled', 'the server shut down');
        return;
      }
      case 'label':
      case 'annotation':
        if (e.type === 'label') l.labels[`agones.dev/sdk-${e.key}`] = e.value;
        await this.q.update(scopeId, { id }, { set: { labels: l.labels } });
        return;
      case 'playerConnect':
      case 'playerDisconnect':
        if (e.type === 'playerConnect') l.players.add(e.playerId);
        else l.players.delete(e.playerId);
        await this.q.update(scopeId, { id }, { set: { players: [...l.players], playerCount: l.players.size } });
        return;
      case 'playerCapacity':
        return;
      case 'exit':
        if (!l.stopping) await this.fail(scopeId, id, 'the server process exited', e.code);
        await this.finish(scopeId, id);
        return;
    }
  }

  /** unhealthy (what was seen), then failed once the process is stopped. */
  private async fail(scopeId: string, id: string, reason: string, exitCode?: number | null): Promise<void> {
    const l = this.local.get(id);
    if (l) l.stopping = true;
    const now = new Date().toISOString();
    await this.q.update(scopeId, { id, status: { $in: LIVE } }, { status: 'unhealthy', set: { sdkState: 'Unhealthy', reason, ...(exitCode !== undefined && exitCode !== null ? { exitCode } : {}) } });
    await this.driver.stop(id, this.settings.stopGraceMs);
    await this.q.update(scopeId, { id, status: 'unhealthy' }, { status: 'failed', set: { endedAt: now } });
  }

  /** After the process ended: its last output kept, its CPU billed, the driver's memory of it dropped. */
  private async finish(scopeId: string, id: string): Promise<void> {
    const l = this.local.get(id);
    if (!l) return;
    this.local.delete(id);
    await this.bill(scopeId, id, l);
    const status = this.driver.status(id);
    await this.q.update(scopeId, { id }, {
      set: { logTail: this.driver.logs(id, LOG_TAIL), sdkState: 'Shutdown', ...(status?.exitCode !== undefined && status.exitCode !== null ? { exitCode: status.exitCode } : {}) },
    });
    this.driver.forget(id);
  }

  /** CPU billed as reserved: the revision's cores for the time the server ran since it was last billed (core-seconds). */
  private async bill(scopeId: string, id: string, l: Local): Promise<void> {
    const now = Date.now();
    const coreSeconds = ((now - l.billedFrom) / 1000) * (l.millicores / 1000);
    l.billedFrom = now;
    if (coreSeconds <= 0) return;
    const [held] = await this.q.update(scopeId, { id }, { add: { cpuSeconds: Number(coreSeconds.toFixed(6)) } });
    if (!held) return this.orphaned(id);
    await recordServerCpu(this.ctx, scopeId, l.gameId, Number(coreSeconds.toFixed(6)), new Date(now));
  }

  /**
   * A server whose record is gone (its app removed, or the data put back to before it started): nobody can reach or
   * be billed for it, so it is stopped and forgotten.
   */
  private async orphaned(id: string): Promise<void> {
    const l = this.local.get(id);
    if (!l) return;
    l.stopping = true;
    this.local.delete(id);
    await this.driver.stop(id, this.settings.stopGraceMs);
    this.driver.forget(id);
  }

  /** Health, deadlines and billing of the servers this instance runs. */
  private async watch(): Promise<void> {
    const now = Date.now();
    for (const [id, l] of [...this.local.entries()]) {
      if (l.stopping) continue;
      if (!l.ready && l.deadline && now > l.deadline) {
        await this.stop(l.scopeId, id, 'canceled', 'the server was not Ready within the allocation TTL');
        continue;
      }
      const since = l.lastHealth ?? l.startedAt + l.health.initialDelayMs;
      if (now - since > l.health.periodMs * l.health.threshold) {
        await this.fail(l.scopeId, id, 'the server missed its health checks');
        await this.finish(l.scopeId, id);
        continue;
      }
      if (now - l.billedFrom >= this.settings.billEveryMs) await this.bill(l.scopeId, id, l);
    }
  }

  /**
   * The platform stopping: its servers are marked failed (it no longer runs them), then stopped — unless they outlive
   * it (containers, GameServers): then their CPU so far is billed and the driver lets go of them, their records left
   * live for the next run to follow again.
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.driver.release) {
      for (const [id, l] of this.local.entries()) if (!l.stopping) await this.bill(l.scopeId, id, l).catch(() => undefined);
      this.local.clear();
      await this.driver.release();
      await this.settled();
      return;
    }
    const endedAt = new Date().toISOString();
    for (const [id, l] of this.local.entries()) {
      l.stopping = true;
      await this.q.update(l.scopeId, { id, status: { $in: [...LIVE, 'unhealthy'] } }, { status: 'failed', set: { reason: 'the platform stopped', endedAt } }).catch(() => undefined);
    }
    await this.driver.close();
    await this.settled();
  }
}
