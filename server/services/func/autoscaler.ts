/**
 * The autoscaler: its calls (create, read, update, close; one per function, its id the function's) and the job that
 * acts on every open one. Each run reads the function's live servers and, for those this instance runs, their CPU and
 * memory from the driver, as percent of what the level gives a server (1000m → one core, its memory); then, one step
 * per run and none within the cooldown after the last: below minServers or above maxServers it moves to the bound
 * (resource `count`); a CPU or memory average above its target adds a server (up to maxServers); use below half of
 * every target takes away one server with no players that has run for at least the cooldown (down to minServers — zero
 * scales the function to zero; a server just started, by hand or by a step, is not judged idle before it had time). Each
 * step is a history record: operation, resource, from → to, the use measured and why.
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers } from '../../engine/declared-calls';
import { badRequest } from '../../engine/errors';
import type { Job } from '../../engine/jobs';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { funcModels, SERVICE } from './models';
import { liveServers, startServerOf } from './servers';
import type { FuncSupervisor } from './supervisor';

const MIB = 1024 * 1024;

interface Settings {
  minServers: number;
  maxServers: number;
  cpuTargetPercent?: number;
  memoryTargetPercent?: number;
  cooldownSeconds?: number;
}

const checked = (input: Settings): Settings & Data => {
  if (input.minServers > input.maxServers) throw badRequest([{ field: '/minServers', message: 'must not be more than maxServers' }], 'must not be more than maxServers');
  return { cpuTargetPercent: 70, cooldownSeconds: 30, ...input };
};

export function autoscalerCalls(ctx: Ctx): CallHandlers {
  const q = () => records(ctx.db, funcModels(ctx).autoscalers);
  return {
    'autoscaler.get': async (call) => (await q().maybe(call.scopeId, String(call.record!.id))) ?? {},
    'autoscaler.create': async (call) => {
      const id = String(call.record!.id);
      const set = checked(call.input as unknown as Settings);
      const [reopened] = await q().update(call.scopeId, { id }, { status: 'open', set: { ...set, closedAt: null } });
      const saved = reopened?.record ?? (await q().insert(call.scopeId, { functionId: id, ...set }, { id, parentId: id }));
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.autoscaler.create`, target: id, after: set });
      return saved;
    },
    'autoscaler.update': async (call) => {
      const id = String(call.record!.id);
      const set = checked(call.input as unknown as Settings);
      await q().get(call.scopeId, id, { message: 'the function has no autoscaler' });
      const [hit] = await q().update(call.scopeId, { id }, { set });
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.autoscaler.update`, target: id, after: set });
      return hit.record;
    },
    'autoscaler.close': async (call) => {
      const id = String(call.record!.id);
      await q().get(call.scopeId, id, { message: 'the function has no autoscaler' });
      const [hit] = await q().update(call.scopeId, { id }, { status: 'closed', set: { closedAt: new Date().toISOString() } });
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.autoscaler.close`, target: id });
      return hit.record;
    },
  };
}

/** Each server's CPU time and uptime when the autoscaler last read them: its CPU use is the change since. */
const lastRead = new WeakMap<FuncSupervisor, Map<string, { cpuMs: number; uptimeMs: number }>>();

/**
 * The live servers' average CPU and memory use, percent of what their level gives them (servers not measured left
 * out). CPU is the CPU time used since the last pass over the time passed (since the start, the first time).
 */
async function usageOf(sup: FuncSupervisor, servers: Data[]): Promise<{ cpu?: number; memory?: number }> {
  const seen = lastRead.get(sup) ?? new Map<string, { cpuMs: number; uptimeMs: number }>();
  lastRead.set(sup, seen);
  const cpu: number[] = [];
  const memory: number[] = [];
  for (const s of servers) {
    const id = String(s.id);
    const m = await sup.metrics(id);
    if (!m) continue;
    const before = seen.get(id) ?? { cpuMs: 0, uptimeMs: 0 };
    seen.set(id, { cpuMs: m.cpuMs, uptimeMs: m.uptimeMs });
    const elapsed = m.uptimeMs - before.uptimeMs;
    if (elapsed > 0) cpu.push(((m.cpuMs - before.cpuMs) / elapsed) * 100 / (Number(s.millicores) / 1000));
    memory.push((m.memoryBytes / (Number(s.memoryMiB) * MIB)) * 100);
  }
  for (const id of seen.keys()) if (!sup.runningIds().includes(id)) seen.delete(id);
  const mean = (xs: number[]) => (xs.length ? Number((xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)) : undefined);
  return { cpu: mean(cpu), memory: mean(memory) };
}

type Step = { operation: 'extend' | 'shrink'; resource: 'cpu' | 'memory' | 'count'; why: string; to: number };

export function decide(a: Settings, count: number, use: { cpu?: number; memory?: number }, idle: number): Step | undefined {
  if (count < a.minServers) return { operation: 'extend', resource: 'count', why: 'below-minimum', to: a.minServers };
  if (count > a.maxServers) return { operation: 'shrink', resource: 'count', why: 'above-maximum', to: a.maxServers };
  if (count < a.maxServers && a.cpuTargetPercent && use.cpu !== undefined && use.cpu > a.cpuTargetPercent) return { operation: 'extend', resource: 'cpu', why: 'cpu-above-target', to: count + 1 };
  if (count < a.maxServers && a.memoryTargetPercent && use.memory !== undefined && use.memory > a.memoryTargetPercent) return { operation: 'extend', resource: 'memory', why: 'memory-above-target', to: count + 1 };
  const low = (target: number | undefined, value: number | undefined) => !target || value === undefined || value < target / 2;
  if (count > a.minServers && idle > 0 && low(a.cpuTargetPercent, use.cpu) && low(a.memoryTargetPercent, use.memory)) {
    return { operation: 'shrink', resource: a.cpuTargetPercent ? 'cpu' : 'memory', why: 'below-targets', to: count - 1 };
  }
  return undefined;
}

/** One pass over every open autoscaler; answers how many changed their function's servers. */
export async function autoscaleOnce(ctx: Ctx, sup: FuncSupervisor): Promise<number> {
  const m = funcModels(ctx);
  let changed = 0;
  for (const { scopeId, record: a } of await records(ctx.db, m.autoscalers).findEverywhere({ where: { status: 'open' }, limit: 10_000 })) {
    const functionId = String(a.functionId);
    if (a.lastScaledAt && Date.now() - Date.parse(String(a.lastScaledAt)) < Number(a.cooldownSeconds ?? 30) * 1000) continue;
    const fn = await records(ctx.db, m.functions).maybe(scopeId, functionId);
    if (!fn || fn.status !== 'enabled' || !fn.codeSha256) continue;
    const live = await liveServers(ctx, scopeId, functionId, ['created', 'running']);
    const use = await usageOf(sup, live.filter((s) => s.status === 'running'));
    const settledBefore = Date.now() - Number(a.cooldownSeconds ?? 30) * 1000;
    const idle = live.filter((s) => s.status === 'running' && Number(s.playerCount ?? 0) === 0 && Date.parse(String(s.readyAt ?? '')) <= settledBefore);
    const step = decide(a as unknown as Settings, live.length, use, idle.length);
    if (!step) continue;
    let serverId: string | undefined;
    if (step.operation === 'extend') {
      for (let n = live.length; n < step.to; n++) serverId = String((await startServerOf(sup, scopeId, fn, { tags: { autoscaler: 'true' } })).id);
    } else {
      // The newest idle servers go first (those started last, by the autoscaler most likely).
      for (const s of [...idle].reverse().slice(0, live.length - step.to)) {
        serverId = String(s.id);
        await (await sup.remove(scopeId, serverId, sup.settings.stopGraceMs, 'the autoscaler shrank the function')).exited;
      }
    }
    const now = new Date().toISOString();
    await records(ctx.db, m.history).insert(
      scopeId,
      { functionId, operation: step.operation, resource: step.resource, from: live.length, to: step.to, why: step.why, ...(use.cpu !== undefined ? { cpuPercent: use.cpu } : {}), ...(use.memory !== undefined ? { memoryPercent: use.memory } : {}), ...(serverId ? { serverId } : {}) },
      { parentId: functionId },
    );
    await records(ctx.db, m.autoscalers).update(scopeId, { id: String(a.id) }, { set: { lastScaledAt: now } });
    changed += 1;
  }
  return changed;
}

export const autoscalerJob = (ctx: Ctx, sup: FuncSupervisor): Job => ({ name: 'func.autoscaler', everyMs: Number(ctx.config.env.FUNC_AUTOSCALE_EVERY_S ?? 15) * 1000, run: () => autoscaleOnce(ctx, sup) });
