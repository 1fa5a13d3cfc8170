/**
 * One invocation: the function must be active; the version the alias (or the caller) names is run in the sandbox
 * with the function's limits (within the operator's maxima), its default environment and its allowed hosts; the
 * invocation is logged (status, duration, memory, output, result), counted for the usage calls and metered for
 * billing: one `invocation`, the memory limit times the duration as `resource` (GB-seconds), and the fetch bridge's
 * bytes as `net`.
 */
import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { funcStateless } from '../../../resources/func-stateless';
import { FUNCTION_LIMITS } from '../../../resources/func-stateless/limits';
import type { Ctx } from '../../context';
import { addCount, counterOf } from '../../engine/counters';
import type { CallHandlers } from '../../engine/declared-calls';
import { conflict } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { recordUsage } from '../../usage';
import { codeOf, versionNumbered } from './deploy';
import { environmentOf } from './env';
import { funcModels, SERVICE } from './models';
import { runInSandbox, type RunOutcome } from './sandbox';

export type Trigger = 'console' | 'gateway' | 'timer';

/** The operator's maxima (FUNC_MAX_MEMORY_MB, FUNC_MAX_TIMEOUT_MS, FUNC_MAX_CONCURRENCY), never above the platform's. */
export function operatorLimits(env: NodeJS.ProcessEnv = process.env) {
  const bound = (value: string | undefined, max: number) => Math.min(max, Number(value) > 0 ? Number(value) : max);
  return {
    memoryMb: bound(env.FUNC_MAX_MEMORY_MB, FUNCTION_LIMITS.memoryMb.max),
    timeoutMs: bound(env.FUNC_MAX_TIMEOUT_MS, FUNCTION_LIMITS.timeoutMs.max),
    concurrency: bound(env.FUNC_MAX_CONCURRENCY, 64) || 8,
  };
}

/** What one invocation's log keeps of its event and result. */
const KEEP = { eventChars: 8192, resultChars: 65536 };

/** The sandboxes running in this process: at most `concurrency` at once, the others wait their turn. */
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(limit: number, work: () => Promise<T>): Promise<T> {
  if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export interface Invoked {
  requestId: string;
  version: number;
  status: RunOutcome['status'];
  result?: unknown;
  error?: string;
  logs: RunOutcome['logs'];
  durationMs: number;
  memoryBytes: number;
}

/** The GB-seconds an invocation is billed: its memory limit in GB times its duration (at least 1 ms) in seconds. */
export const gbSecondsOf = (memoryMb: number, durationMs: number) => new Decimal(memoryMb).div(1024).mul(Decimal.max(1, Math.ceil(durationMs))).div(1000);

export async function invokeFunction(ctx: Ctx, appId: string, fn: Data, event: unknown, trigger: Trigger, versionNumber?: number): Promise<Invoked> {
  if (fn.status === 'disabled') throw conflict('INVALID_TRANSITION', 'the function is disabled');
  if (fn.status !== 'active' || !fn.liveVersion) throw conflict('INVALID_TRANSITION', 'the function has no deployed code');
  const m = funcModels(ctx);
  const functionId = String(fn.id);
  const version = await versionNumbered(ctx.db, m, appId, functionId, versionNumber ?? Number(fn.liveVersion));
  const [files, env] = await Promise.all([codeOf(ctx.db, m, appId, functionId, version), environmentOf(ctx, ctx.db, m, appId, functionId)]);
  const max = operatorLimits();
  const memoryMb = Math.min(Number(fn.memoryMb ?? FUNCTION_LIMITS.memoryMb.default), max.memoryMb);
  const timeoutMs = Math.min(Number(fn.timeoutMs ?? FUNCTION_LIMITS.timeoutMs.default), max.timeoutMs);
  const requestId = randomUUID();
  const outcome = await inTurn(max.concurrency, () =>
    runInSandbox({
      files,
      handler: String(version.handler),
      event,
      context: { requestId, appId, functionName: fn.name, version: version.number, memoryLimitMb: memoryMb, timeoutMs, trigger, env },
      limits: { memoryBytes: memoryMb * 1024 * 1024, timeoutMs, allowedHosts: (fn.allowedHosts as string[] | undefined) ?? [] },
    }),
  );
  const eventText = JSON.stringify(event ?? null) ?? 'null';
  await records(ctx.db, m.invocations).insert(
    appId,
    {
      functionId,
      versionNumber: version.number,
      status: outcome.status,
      trigger,
      durationMs: outcome.durationMs,
      memoryBytes: outcome.memoryBytes,
      netBytes: outcome.netBytes,
      event: eventText.slice(0, KEEP.eventChars),
      ...(outcome.result !== undefined ? { result: outcome.result.slice(0, KEEP.resultChars) } : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
      logs: outcome.logs,
    },
    { id: requestId, parentId: functionId },
  );
  await meter(ctx, appId, functionId, memoryMb, outcome);
  return {
    requestId,
    version: Number(version.number),
    status: outcome.status,
    ...(outcome.result !== undefined ? { result: JSON.parse(outcome.result) } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
    logs: outcome.logs,
    durationMs: outcome.durationMs,
    memoryBytes: outcome.memoryBytes,
  };
}

async function meter(ctx: Ctx, appId: string, functionId: string, memoryMb: number, outcome: RunOutcome): Promise<void> {
  const gbSeconds = gbSecondsOf(memoryMb, outcome.durationMs).toString();
  await Promise.all([
    recordUsage(ctx.db, appId, SERVICE, 'invocation', 1),
    recordUsage(ctx.db, appId, SERVICE, 'resource', gbSeconds),
    outcome.netBytes ? recordUsage(ctx.db, appId, SERVICE, 'net', outcome.netBytes) : undefined,
    addCount(ctx.db, counterOf(funcStateless, 'invocations'), appId, { functionId, status: outcome.status }, { amount: outcome.durationMs }),
    addCount(ctx.db, counterOf(funcStateless, 'gbSeconds'), appId, { functionId }, { amount: gbSeconds }),
    outcome.netBytes ? addCount(ctx.db, counterOf(funcStateless, 'netBytes'), appId, { functionId }, { amount: outcome.netBytes }) : undefined,
  ]);
}

export function invokeCalls(ctx: Ctx): CallHandlers {
  return {
    invoke: async ({ scopeId, record, input }) => {
      const { event, version } = input as { event?: unknown; version?: number };
      return invokeFunction(ctx, scopeId, record!, event ?? {}, 'console', version);
    },
  };
}
