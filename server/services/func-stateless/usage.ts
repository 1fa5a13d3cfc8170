/**
 * What ran: the runtimes list, a function's invocation logs (list, search, detail), its daily, SCF and gateway
 * usage from the service's counters, and the app's metrics (aggregation over its functions, top k).
 */
import { funcStateless } from '../../../resources/func-stateless';
import { RUNTIMES } from '../../../resources/func-stateless/limits';
import type { Ctx } from '../../context';
import { counterOf, sumCounts, type CountSum } from '../../engine/counters';
import { dayRange } from '../../engine/day-range';
import type { CallHandlers } from '../../engine/declared-calls';
import { notFound } from '../../engine/errors';
import { records, type Where } from '../../engine/query';
import { USAGE_ZONE } from '../../usage';
import { funcModels } from './models';

const RULE = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 400, field: 'query.from' };
const counters = {
  invocations: counterOf(funcStateless, 'invocations'),
  gbSeconds: counterOf(funcStateless, 'gbSeconds'),
  netBytes: counterOf(funcStateless, 'netBytes'),
  gatewayCalls: counterOf(funcStateless, 'gatewayCalls'),
  gatewayLimited: counterOf(funcStateless, 'gatewayLimited'),
};
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const FAILED = ['error', 'timeout', 'memory'];

interface LogsInput {
  offset?: number;
  limit?: number;
  status?: string;
  from?: string;
  to?: string;
  q?: string;
}

/** The conditions of a logs list: the function's invocations, by status and time, holding the text `q`. */
function logsWhere(functionId: string, input: LogsInput): Where {
  const where: Where = { functionId };
  if (input.status) where.status = input.status;
  if (input.from || input.to) where.createdAt = { ...(input.from ? { $gte: input.from } : {}), ...(input.to ? { $lt: input.to } : {}) };
  if (input.q) where.$or = [{ logs: { $search: input.q } }, { error: { $search: input.q } }, { result: { $search: input.q } }, { id: input.q }];
  return where;
}

/** Per-day rows of usage for the days of a range, from the sums of the three counters. */
function usageDays(days: string[], inv: CountSum[], gbs: CountSum[], net: CountSum[]) {
  return days.map((day) => {
    const today = inv.filter((s) => s.day === day);
    return {
      day,
      invocations: today.reduce((s, x) => s + x.n, 0),
      errors: today.filter((x) => FAILED.includes(x.keys.status)).reduce((s, x) => s + x.n, 0),
      gbSeconds: round(gbs.filter((s) => s.day === day).reduce((s, x) => s + x.amount, 0)),
      netBytes: net.filter((s) => s.day === day).reduce((s, x) => s + x.amount, 0),
    };
  });
}

export function usageHandlers(ctx: Ctx): CallHandlers {
  const m = funcModels(ctx);
  const range = (input: Record<string, unknown>) => dayRange(input.from as string | undefined, input.to as string | undefined, RULE);
  const perDay = async (appId: string, input: Record<string, unknown>, functionId?: string) => {
    const r = range(input);
    const q = { from: r.from, to: r.to, per: 'day' as const, ...(functionId ? { where: { functionId } } : {}) };
    const [inv, gbs, net] = await Promise.all([
      sumCounts(ctx.db, counters.invocations, appId, { ...q, by: ['status'] }),
      sumCounts(ctx.db, counters.gbSeconds, appId, q),
      sumCounts(ctx.db, counters.netBytes, appId, q),
    ]);
    return { r, inv, days: usageDays(r.days, inv, gbs, net) };
  };
  const total = (days: { invocations: number; errors: number; gbSeconds: number; netBytes: number }[]) => ({
    invocations: days.reduce((s, d) => s + d.invocations, 0),
    errors: days.reduce((s, d) => s + d.errors, 0),
    gbSeconds: round(days.reduce((s, d) => s + d.gbSeconds, 0)),
    netBytes: days.reduce((s, d) => s + d.netBytes, 0),
  });
  const logsPage = async (appId: string, functionId: string, input: LogsInput) =>
    records(ctx.db, m.invocations).page(appId, { where: logsWhere(functionId, input), orderBy: '-createdAt', offset: input.offset ?? 0, limit: input.limit ?? 20 });

  return {
    runtimes: async ({ input }) => {
      const { offset = 0, limit = 9999 } = input as { offset?: number; limit?: number };
      return { total: RUNTIMES.length, items: RUNTIMES.slice(offset, offset + limit) };
    },
    'logs.list': ({ scopeId, record, input }) => logsPage(scopeId, String(record!.id), input as LogsInput),
    'logs.search': ({ scopeId, record, input }) => logsPage(scopeId, String(record!.id), input as LogsInput),
    'logs.detail': async ({ scopeId, record, input }) => {
      const found = await records(ctx.db, m.invocations).first(scopeId, { where: { functionId: String(record!.id), id: String((input as { requestId: string }).requestId) } });
      if (!found) throw notFound('no such invocation');
      return found;
    },
    dailyUsage: async ({ scopeId, record, input }) => ({ days: (await perDay(scopeId, input, String(record!.id))).days }),
    scfUsage: async ({ scopeId, record, input }) => {
      const { r, inv, days } = await perDay(scopeId, input, String(record!.id));
      const ended = (status: string) => inv.filter((s) => s.keys.status === status).reduce((s, x) => s + x.n, 0);
      const sums = total(days);
      const duration = inv.reduce((s, x) => s + x.amount, 0);
      return {
        from: r.first,
        to: r.last,
        ...sums,
        timeouts: ended('timeout'),
        memoryExceeded: ended('memory'),
        averageDurationMs: sums.invocations ? round(duration / sums.invocations) : 0,
      };
    },
    gatewayUsage: async ({ scopeId, record, input }) => {
      const r = range(input);
      const q = { from: r.from, to: r.to, per: 'day' as const, where: { functionId: String(record!.id) } };
      const [calls, limited] = await Promise.all([sumCounts(ctx.db, counters.gatewayCalls, scopeId, q), sumCounts(ctx.db, counters.gatewayLimited, scopeId, q)]);
      const days = r.days.map((day) => ({ day, requests: calls.find((c) => c.day === day)?.n ?? 0, limited: limited.find((c) => c.day === day)?.n ?? 0 }));
      return { requests: days.reduce((s, d) => s + d.requests, 0), limited: days.reduce((s, d) => s + d.limited, 0), days };
    },
    'metrics.aggregation': async ({ scopeId, input }) => {
      const { days } = await perDay(scopeId, input);
      return { ...total(days), days };
    },
    'metrics.topk': async ({ scopeId, input }) => {
      const r = range(input);
      const { k = 10, by = 'invocations' } = input as { k?: number; by?: 'invocations' | 'errors' | 'gbSeconds' };
      const q = { from: r.from, to: r.to, by: ['functionId'] };
      const [inv, failed, gbs] = await Promise.all([
        sumCounts(ctx.db, counters.invocations, scopeId, q),
        sumCounts(ctx.db, counters.invocations, scopeId, { ...q, by: ['functionId', 'status'] }),
        sumCounts(ctx.db, counters.gbSeconds, scopeId, q),
      ]);
      const rows = inv.map((s) => {
        const functionId = s.keys.functionId;
        return {
          functionId,
          invocations: s.n,
          errors: failed.filter((f) => f.keys.functionId === functionId && FAILED.includes(f.keys.status)).reduce((a, f) => a + f.n, 0),
          gbSeconds: round(gbs.find((g) => g.keys.functionId === functionId)?.amount ?? 0),
        };
      });
      rows.sort((a, b) => b[by] - a[by] || a.functionId.localeCompare(b.functionId));
      const top = rows.slice(0, k);
      const fns = await records(ctx.db, m.functions).find(scopeId, { where: { id: { $in: top.map((t) => t.functionId) } } });
      return { items: top.map((t) => ({ ...t, name: fns.find((f) => f.id === t.functionId)?.name ?? '' })) };
    },
  };
}
