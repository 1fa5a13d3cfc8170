/** Usage and metrics (`usage`, `metrics/aggregation`, `metrics/topk`): the packages checked, counted per day by kind and package. */
import { safe } from '../../../resources/safe';
import { USAGE_ZONE } from '../../usage';
import type { Ctx } from '../../context';
import { counterOf, sumCounts } from '../../engine/counters';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange } from '../../engine/day-range';

const RULE = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 400, field: 'query.from' };

export function usageCalls(ctx: Ctx): CallHandlers {
  const checks = counterOf(safe, 'checks');
  const range = (input: Record<string, unknown>) => dayRange(input.from as string | undefined, input.to as string | undefined, RULE);
  const perDay = async (scopeId: string, input: Record<string, unknown>) => {
    const r = range(input);
    const sums = await sumCounts(ctx.db, checks, scopeId, { from: r.from, to: r.to, per: 'day' });
    const byDay = new Map(sums.map((s) => [s.day, s]));
    const days = r.days.map((day) => ({ day, packages: byDay.get(day)?.n ?? 0, bytes: Number(byDay.get(day)?.amount ?? 0) }));
    return { r, days, packages: days.reduce((s, d) => s + d.packages, 0), bytes: days.reduce((s, d) => s + d.bytes, 0) };
  };
  return {
    usage: async ({ scopeId, input }) => {
      const { r, days, packages, bytes } = await perDay(scopeId, input);
      return { from: r.first, to: r.last, packages, bytes, days };
    },
    'metrics.aggregation': async ({ scopeId, input }) => {
      const { r, days, packages, bytes } = await perDay(scopeId, input);
      const kinds = await sumCounts(ctx.db, checks, scopeId, { from: r.from, to: r.to, by: ['kind'] });
      return { packages, bytes, byKind: Object.fromEntries(kinds.map((k) => [k.keys.kind, k.n])), days };
    },
    'metrics.topk': async ({ scopeId, input }) => {
      const r = range(input);
      const top = await sumCounts(ctx.db, checks, scopeId, { from: r.from, to: r.to, by: ['package'], largest: 'n', limit: Number(input.k ?? 10) });
      return { items: top.map((t) => ({ package: t.keys.package, packages: t.n, bytes: Number(t.amount) })) };
    },
  };
}
