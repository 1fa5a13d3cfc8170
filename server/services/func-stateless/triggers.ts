/**
 * Timer triggers: kept on the function (name, cron expression in Asia/Shanghai time, the event as JSON text, enabled,
 * last run); added or replaced by name, disabled by name. The engine's job (one instance at a time) runs each
 * enabled timer of an active function whose next time after its last run (or its creation) has come, once, the
 * last run written under the function's lock before the invocation so another sweep does not run it again.
 */
import { CronExpressionParser } from 'cron-parser';
import type { Ctx } from '../../context';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { badRequest } from '../../engine/errors';
import type { Job } from '../../engine/jobs';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { auditIn } from '../../engine/write';
import { USAGE_ZONE } from '../../usage';
import { invokeFunction } from './invoke';
import { funcModels } from './models';

export interface TimerTrigger {
  name: string;
  type: 'timer';
  cron: string;
  payload?: string;
  enabled: boolean;
  lastRunAt?: string;
  createdAt: string;
}

export const TIMER_SWEEP_MS = 20_000;

/** The first time after `after` a cron expression names (five fields, in the usage zone), or an error naming it. */
export function nextRun(cron: string, after: Date): Date {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error('a cron expression has five fields');
  return CronExpressionParser.parse(fields.join(' '), { currentDate: after, tz: USAGE_ZONE }).next().toDate();
}

const triggersOf = (fn: Data) => (fn.triggers as TimerTrigger[] | undefined) ?? [];

export function triggerCalls(ctx: Ctx): CallHandlers {
  const m = funcModels(ctx);
  /** Changes the function's triggers under its lock, with the history. */
  const change = (call: CallInput, action: string, edit: (list: TimerTrigger[]) => TimerTrigger[]) =>
    ctx.db.transaction(async (tx) => {
      const fn = await records(tx, m.functions).get(call.scopeId, String(call.record!.id), { lock: 'update' });
      const after = await records(tx, m.functions).updateOne(call.scopeId, String(fn.id), { set: { triggers: edit(triggersOf(fn)) } });
      await auditIn(tx, { scopeId: call.scopeId, principal: { actor: call.actor } }, m.functions, action, String(fn.id), fn, after);
      return { items: triggersOf(after) };
    });
  return {
    'triggers.list': async ({ record }) => ({ items: triggersOf(record!) }),
    'triggers.create': (call) => {
      const input = call.input as { name: string; cron: string; payload?: string };
      try {
        nextRun(input.cron, new Date());
      } catch {
        throw badRequest([{ field: '/cron', message: 'not a valid cron expression' }]);
      }
      if (input.payload !== undefined) {
        try {
          JSON.parse(input.payload);
        } catch {
          throw badRequest([{ field: '/payload', message: 'not valid JSON' }]);
        }
      }
      call.reply.status(201);
      const made: TimerTrigger = { name: input.name, type: 'timer', cron: input.cron.trim(), ...(input.payload ? { payload: input.payload } : {}), enabled: true, createdAt: new Date().toISOString() };
      return change(call, 'addTrigger', (list) => [...list.filter((t) => t.name !== input.name), made]);
    },
    'triggers.disable': (call) => {
      const { name } = call.input as { name: string };
      if (!triggersOf(call.record!).some((t) => t.name === name)) throw badRequest([{ field: '/name', message: 'no such trigger' }]);
      return change(call, 'disableTrigger', (list) => list.map((t) => (t.name === name ? { ...t, enabled: false } : t)));
    },
  };
}

/** Runs the timers that are due now; answers how many ran. */
export async function runDueTimers(ctx: Ctx, now = new Date()): Promise<number> {
  const m = funcModels(ctx);
  const active = await records(ctx.db, m.functions).findEverywhere({ where: { status: 'active' } });
  let ran = 0;
  for (const { scopeId, record } of active) {
    for (const timer of triggersOf(record).filter((t) => t.enabled)) {
      if (nextRun(timer.cron, new Date(timer.lastRunAt ?? timer.createdAt)) > now) continue;
      const claimed = await ctx.db.transaction(async (tx) => {
        const fn = await records(tx, m.functions).get(scopeId, String(record.id), { lock: 'update' });
        const current = triggersOf(fn).find((t) => t.name === timer.name && t.enabled);
        if (!current || (current.lastRunAt ?? current.createdAt) !== (timer.lastRunAt ?? timer.createdAt)) return undefined;
        const at = now.toISOString();
        return records(tx, m.functions).updateOne(scopeId, String(fn.id), { set: { triggers: triggersOf(fn).map((t) => (t.name === timer.name ? { ...t, lastRunAt: at } : t)) } });
      });
      if (!claimed) continue;
      await invokeFunction(ctx, scopeId, claimed, JSON.parse(timer.payload ?? '{}'), 'timer').catch(() => undefined);
      ran += 1;
    }
  }
  return ran;
}

export const timerJob = (ctx: Ctx): Job => ({ name: 'func-stateless-timers', everyMs: TIMER_SWEEP_MS, run: () => runDueTimers(ctx) });
