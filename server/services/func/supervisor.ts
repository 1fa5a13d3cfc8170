/**
 * The function supervisor: starts a function's servers through the runtime driver (the one Multiverse's servers run
 * on — `process`, `docker` or `agones` — on the function's own port range and images) and moves their records on what happens — every state of spec 001 §4 "Func
 * server" from a real event. `created` when started; `running` when the server calls the SDK's Ready; `unhealthy`
 * when its health pings stop (or its process dies), then `failed` once it is stopped; `failed` too when it is not
 * Ready within its level's allocation TTL; `deleting` when deleted (or it shuts itself down through the SDK), then
 * `deleted` once its process has exited. Tags come from the SDK's SetLabel, players from its player connect and
 * disconnect. Server time is recorded to the level's meter (seconds) while it runs; its output is kept on the record
 * when it ends, so the logs outlive the process. On a driver whose servers outlive the platform, a later run follows
 * an earlier run's servers again (`adopt`, from `recoverServers`), and stopping lets go of them instead of ending them.
 */
import { hostname } from 'node:os';
import type { Ctx } from '../../context';
import { recordUsage } from '../../usage';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { levelOf } from '../../../resources/func/levels';
import { SerialQueues } from '../multiverse/runtime/serial-queues';
import type { LogLine, RuntimeDriver, SdkEvent, ServerMetrics } from '../multiverse/runtime/driver';
import { makeDriver } from '../multiverse/runtime/drivers';
import type { StartCommand } from '../multiverse/runtime/start-command';
import { funcModels, SERVICE } from './models';
import type { FuncSettings } from './settings';

export const LIVE = ['created', 'running', 'unhealthy'];
const LOG_TAIL = 500;
const HEALTH_WRITE_MS = 5000;
const HEALTH_THRESHOLD = 3;

interface Local {
  scopeId: string;
  functionId: string;
  startedAt: number;
  deadline: number;
  ready: boolean;
  healthPeriodMs: number;
  lastHealth?: number;
  lastHealthWrite: number;
  stopping: boolean;
  tags: Record<string, string>;
  players: Set<string>;
  meter: string;
  millicores: number;
  billedFrom: number;
}

export interface FuncStart {
  fn: Data;
  code: { dir: string; command: StartCommand };
  tags?: Record<string, string>;
  note?: string;
}

export class FuncSupervisor {
  readonly driver: RuntimeDriver;
  private readonly local = new Map<string, Local>();
  private readonly events = new SerialQueues();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: Ctx,
    readonly settings: FuncSettings,
    /** This run of the platform, host:pid (the records say which run runs a server). */
    readonly instance = `${hostname()}:${process.pid}`,
  ) {
    this.driver = makeDriver(settings, (id, e) => this.enqueue(id, e), SERVICE);
  }

  /** What this instance keeps of a server it runs, from its function and record. */
  private track(id: string, scopeId: string, fn: Data, startedAt: number, seen: { ready?: boolean; tags?: Record<string, string>; players?: string[] } = {}): Local {
    const level = levelOf(String(fn.level ?? '1000m'));
    const now = Date.now();
    const l: Local = {
      scopeId,
      functionId: String(fn.id),
      startedAt,
      deadline: startedAt + level.allocationTtlMinutes * 60_000,
      ready: seen.ready ?? false,
      healthPeriodMs: Number(fn.healthPeriodSeconds ?? 5) * 1000,
      // A server followed again is given its health periods from now.
      ...(seen.ready ? { lastHealth: now } : {}),
      lastHealthWrite: 0,
      stopping: false,
      tags: { ...seen.tags },
      players: new Set(seen.players),
      meter: level.meter,
      millicores: level.millicores,
      billedFrom: now,
    };
    this.local.set(id, l);
    this.timer ??= setInterval(() => void this.watch().catch(() => undefined), 500);
    return l;
  }

  private get q() {
    return records(this.ctx.db, funcModels(this.ctx).servers);
  }

  async start(scopeId: string, o: FuncStart): Promise<Data> {
    const { fn } = o;
    const level = levelOf(String(fn.level ?? '1000m'));
    const functionId = String(fn.id);
    const record = await this.q.insert(
      scopeId,
      { functionId, level: String(fn.level ?? '1000m'), millicores: level.millicores, memoryMiB: level.memoryMiB, sdkState: 'Scheduled', instance: this.instance, driver: this.driver.name, tags: o.tags ?? {}, players: [], playerCount: 0, cpuSeconds: 0, ...(o.note ? { note: o.note } : {}) },
      { parentId: functionId },
    );
    const id = String(record.id);
    this.track(id, scopeId, fn, Date.now(), { tags: o.tags });
    try {
      const env = Object.fromEntries(((fn.env ?? []) as { envKey: string; envValue?: string }[]).map((e) => [e.envKey, e.envValue ?? '']));
      const run = await this.driver.start({
        id,
        build: o.code,
        env: { ...env, LODESTAR_FUNCTION_ID: functionId },
        ports: [{ name: 'default', protocol: 'TCP', containerPort: Number(fn.port ?? 8899) }],
        millicores: level.millicores,
        memoryMiB: level.memoryMiB,
        labels: o.tags,
        // The `docker` and `agones` drivers' image is named by the code's digest.
        image: { id: String(fn.codeSha256 ?? functionId) },
      });
      const [hit] = await this.q.update(scopeId, { id }, { set: { address: run.address, port: run.ports[0]?.port, ...(run.pid ? { pid: run.pid } : {}) } });
      return hit?.record ?? record;
    } catch (e) {
      this.local.delete(id);
      await this.q.update(scopeId, { id, status: 'created' }, { status: 'failed', set: { reason: (e as Error).message, endedAt: new Date().toISOString() } });
      throw e;
    }
  }

  /**
   * A server an earlier run of the platform started, followed again by this one (its record then names this
   * instance); false when the driver no longer finds it running.
   */
  async adopt(scopeId: string, record: Data): Promise<boolean> {
    const id = String(record.id);
    const fn = await records(this.ctx.db, funcModels(this.ctx).functions).maybe(scopeId, String(record.functionId));
    if (!fn || !this.driver.adopt) return false;
    const ready = record.status === 'running';
    const tags = (record.tags ?? {}) as Record<string, string>;
    const players = (record.players ?? []) as string[];
    this.track(id, scopeId, fn, Date.parse(String(record.createdAt ?? '')) || Date.now(), { ready, tags, players });
    const port = Number(record.port ?? 0);
    const run = await this.driver
      .adopt({ id, ports: [{ name: 'default', protocol: 'TCP', containerPort: Number(fn.port ?? 8899), port }], labels: tags, players, playerCapacity: Number(record.playerCapacity ?? 0), sdkState: ready ? 'Ready' : 'Scheduled' })
      .catch(() => undefined);
    if (!run) {
      this.local.delete(id);
      return false;
    }
    await this.q.update(scopeId, { id }, { set: { instance: this.instance, address: run.address, ...(run.ports[0] ? { port: run.ports[0].port } : {}) } });
    return true;
  }

  /** A delete: `deleting` when it resolves; `exited` once the process has exited (killed after `graceMs`), `deleted`. */
  async remove(scopeId: string, id: string, graceMs: number, reason = 'deleted'): Promise<{ exited: Promise<void> }> {
    const l = this.local.get(id);
    if (l) l.stopping = true;
    await this.q.update(scopeId, { id, status: { $in: LIVE } }, { status: 'deleting', set: { reason } });
    if (!this.driver.status(id)?.running) {
      // Not a process of this instance (a restart left the record): nothing runs it any more.
      await this.q.update(scopeId, { id, status: 'deleting' }, { status: 'deleted', set: { endedAt: new Date().toISOString() } });
      return { exited: Promise.resolve() };
    }
    return { exited: this.driver.stop(id, graceMs).then(() => this.settled()) };
  }

  /** Its output now, or what was kept when it ended. */
  logs(id: string, stored: Data, limit = LOG_TAIL): LogLine[] {
    const live = this.driver.logs(id, limit);
    return live.length ? live : ((stored.logTail ?? []) as LogLine[]).slice(-limit);
  }

  metrics(id: string): Promise<ServerMetrics | undefined> {
    return this.driver.metrics(id);
  }

  /** The live servers this instance runs, by record id. */
  runningIds(): string[] {
    return [...this.local.keys()];
  }

  private enqueue(id: string, e: SdkEvent): void {
    this.events.push(id, () => this.handle(id, e));
  }

  /** Waits for the events received so far. */
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
          await this.q.update(scopeId, { id, status: { $in: ['created', 'running'] } }, { set: { lastHealthAt: now } });
        }
        return;
      case 'ready':
        l.ready = true;
        l.lastHealth ??= Date.now();
        await this.q.update(scopeId, { id, status: 'created' }, { status: 'running', set: { sdkState: 'Ready', readyAt: now } });
        return;
      case 'allocate':
      case 'reserve':
        await this.q.update(scopeId, { id, status: { $in: LIVE } }, { set: { sdkState: e.type === 'allocate' ? 'Allocated' : 'Reserved' } });
        return;
      case 'shutdown':
        l.stopping = true;
        await this.q.update(scopeId, { id, status: { $in: LIVE } }, { status: 'deleting', set: { reason: 'the server shut down' } });
        await this.driver.stop(id, this.settings.stopGraceMs);
        return;
      case 'label':
        l.tags[e.key] = e.value;
        await this.q.update(scopeId, { id }, { set: { tags: l.tags } });
        return;
      case 'playerConnect':
      case 'playerDisconnect':
        if (e.type === 'playerConnect') l.players.add(e.playerId);
        else l.players.delete(e.playerId);
        await this.q.update(scopeId, { id }, { set: { players: [...l.players], playerCount: l.players.size } });
        return;
      case 'playerCapacity':
        await this.q.update(scopeId, { id }, { set: { playerCapacity: e.count } });
        return;
      case 'exit':
        await this.finish(id, l, e.code);
        return;
      default:
        return;
    }
  }

  /** After the process ended: deleted when it was being deleted, otherwise unhealthy then failed; its output kept. */
  private async finish(id: string, l: Local, exitCode: number | null): Promise<void> {
    const { scopeId } = l;
    const now = new Date().toISOString();
    this.local.delete(id);
    await this.bill(id, l);
    const code = exitCode !== null ? { exitCode } : {};
    await this.q.update(scopeId, { id, status: { $in: ['created', 'running'] } }, { status: 'unhealthy', set: { sdkState: 'Unhealthy', reason: 'the server process exited', ...code } });
    await this.q.update(scopeId, { id, status: 'unhealthy' }, { status: 'failed', set: { endedAt: now } });
    await this.q.update(scopeId, { id, status: 'deleting' }, { status: 'deleted', set: { endedAt: now } });
    // Its last lines are kept while the function's log retention is on (the default).
    const fn = await records(this.ctx.db, funcModels(this.ctx).functions).maybe(scopeId, l.functionId);
    await this.q.update(scopeId, { id }, { set: { logTail: fn?.clsEnabled === false ? [] : this.driver.logs(id, LOG_TAIL), sdkState: 'Shutdown', ...code } });
    this.driver.forget(id);
    this.events.drop(id);
  }

  /** Server time since it was last recorded, in seconds, to its level's meter; core-seconds on the record. */
  private async bill(id: string, l: Local): Promise<void> {
    const now = Date.now();
    const seconds = (now - l.billedFrom) / 1000;
    l.billedFrom = now;
    if (seconds <= 0) return;
    const coreSeconds = Number(((seconds * l.millicores) / 1000).toFixed(6));
    const [held] = await this.q.update(l.scopeId, { id }, { add: { cpuSeconds: coreSeconds } });
    if (!held) {
      // Its record is gone (the function or app removed): nobody can reach it, so it is stopped.
      l.stopping = true;
      await this.driver.stop(id, this.settings.stopGraceMs);
      return;
    }
    await recordUsage(this.ctx.db, l.scopeId, SERVICE, l.meter, seconds.toFixed(6), new Date(now));
  }

  /** Readiness deadlines, health and billing of the servers this instance runs. */
  private async watch(): Promise<void> {
    const now = Date.now();
    for (const [id, l] of [...this.local.entries()]) {
      if (l.stopping) continue;
      if (!l.ready && now > l.deadline) {
        await this.unhealthy(id, l, 'the server was not Ready within the allocation TTL');
        continue;
      }
      if (l.ready && now - (l.lastHealth ?? l.startedAt) > l.healthPeriodMs * HEALTH_THRESHOLD) {
        await this.unhealthy(id, l, 'the server missed its health checks');
        continue;
      }
      if (now - l.billedFrom >= this.settings.billEveryMs) await this.bill(id, l);
    }
  }

  /** What was seen (unhealthy), then the process stopped; its exit moves the record to failed. */
  private async unhealthy(id: string, l: Local, reason: string): Promise<void> {
    l.stopping = true;
    await this.q.update(l.scopeId, { id, status: { $in: ['created', 'running'] } }, { status: 'unhealthy', set: { sdkState: 'Unhealthy', reason } });
    await this.driver.stop(id, this.settings.stopGraceMs);
  }

  /**
   * The platform stopping: its servers are marked failed (it no longer runs them), then stopped — unless they outlive
   * it (containers, GameServers): then their time so far is recorded and the driver lets go of them, their records
   * left live for the next run to follow again.
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.driver.release) {
      for (const [id, l] of this.local.entries()) if (!l.stopping) await this.bill(id, l).catch(() => undefined);
      this.local.clear();
      await this.driver.release();
      await this.settled();
      return;
    }
    const endedAt = new Date().toISOString();
    for (const [id, l] of this.local.entries()) {
      l.stopping = true;
      await this.q.update(l.scopeId, { id, status: { $in: LIVE } }, { status: 'failed', set: { reason: 'the platform stopped', endedAt } }).catch(() => undefined);
    }
    await this.driver.close();
    await this.settled();
  }
}
